#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Benchmark `diskalias list` against `lsblk --sysroot` (issue 4, "Speed"),
and with a config naming every disk (issue 13).

    bench_list.py --binary build/cli/diskalias [--sizes 1000,10000]
                  [--runs 11] [--lsblk-runs 3] [--lsblk-timeout 120]
                  [--warmup 3] [--no-lsblk]
                  [--dir DIR] [--keep]

On fake sysroots of N disks (tests/fake_sysroot.py --many: each disk with a
partition, two by-id links, a by-path link, a by-uuid link on the
partition, an alias, and a third of them mounted) it times, after
untimed warm-up runs (--warmup seconds, at least one run) each:

  diskalias list          default columns: alias, links and mount points
  diskalias list -J       the same as JSON
  diskalias -o N,A,L,M    only NAME,ALIAS,LINKS,MOUNTPOINTS
  lsblk                   lsblk --sysroot DIR -o NAME,SIZE,MODEL,SERIAL,WWN
  lsblk MOUNTPOINTS       the same plus MOUNTPOINTS

then, with an /etc/diskalias.conf of N entries naming each disk by its
wwn link (what anyone who uses aliases has):

  conf: list              list, with the CONF-ALIAS and CONF-STATE columns
  conf: apply --dry-run   every disk's alias decided and checked
  conf: apply --udev      one disk's udev event (its environment as udev gives it)
  conf: apply --udev +record  the same with its name record (diskalias(8),
                          NAME RECORDS) appended to a file (--record-export:
                          no journald here; a send to it is one datagram)

and then, on a tree of 100 disks whose first partition is mounted M
times (--mounts, each target twice, as bind mounts give), list with its
default columns, whose MOUNTPOINTS shows each target once (issue 26: this
took 22 s at 40,000 mounts when the repeat check compared every pair);

and prints the median wall and CPU (user+system) seconds side by side,
the ratio between the largest and smallest N, and the goals: the largest
N (10k) listed in under 0.2 s, as a table and as JSON (-J), with the
config in under 0.3 s, apply --dry-run in
under 0.5 s, each growing at most 12 times for 10x the disks (and list
for 10x the mounts), and apply --udev in at most 5 ms.  Exit status 1 when a goal is missed.  The trees are built on
tmpfs (/dev/shm) when it is there so the disk under them is not timed.
Not part of ctest's default run: it takes minutes, mostly lsblk's.
"""

import argparse
import os
import signal
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
FAKE_SYSROOT = os.path.join(HERE, "..", "fake_sysroot.py")

# list and list -J at 10k disks (issue 37: 0.3 before)
GOAL_SECONDS = 0.2
GOAL_GROWTH = 12.0
# with the config (issue 13)
GOAL_CONF = {"conf: list": 0.3, "conf: apply --dry-run": 0.5,
             "conf: apply --udev": 0.005, "conf: apply --udev +record": 0.005}
GOAL_CONF_GROWTH = ("conf: list", "conf: apply --dry-run")
# lsblk (no MOUNTPOINTS) on the same trees when the goal was set (issue 4):
# how fast this machine is now against then
LSBLK_THEN = {1000: 0.17, 10000: 11.4}


def run_once(cmd, timeout, env=None):
    """Wall and CPU seconds of one run, or None after a timeout.

    The wait blocks in wait4(2): subprocess's wait with a timeout polls,
    sleeping up to 50 ms between looks, which added up to 50 ms to every
    run measured.  The timeout is a timer that kills the child instead.
    """
    with open(os.devnull, "wb") as null:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=null, stderr=null, env=env)
        timer = threading.Timer(timeout, proc.kill)
        timer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
            wall = time.perf_counter() - start
        finally:
            timer.cancel()
            proc.returncode = 0     # reaped above; keep Popen from waiting
    if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL:
        return None
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
        raise SystemExit("%s: failed (status %#x)" % (" ".join(cmd), status))
    return wall, usage.ru_utime + usage.ru_stime


def measure(cmd, runs, timeout, warmup, env=None):
    # warm-up: caches, page-ins, and the kernel's own aftermath of the
    # 100k+ files just made (timed runs right after it read ~15% slower):
    # runs for warmup seconds, at least one
    start = time.perf_counter()
    while True:
        if run_once(cmd, timeout, env) is None:
            return None
        if time.perf_counter() - start >= warmup:
            break
    samples = []
    for _ in range(runs):
        r = run_once(cmd, timeout, env)
        if r is None:
            return None
        samples.append(r)
    return (statistics.median(s[0] for s in samples),
            statistics.median(s[1] for s in samples))


def write_config(root, n):
    """n entries, each naming disk i of fake_sysroot.py --many by its wwn
    link, with the alias the disk has (so that runs change nothing)."""
    with open(os.path.join(root, "etc", "diskalias.conf"), "w") as f:
        for i in range(n):
            f.write("alias disk%05d wwn-0x5000c500%08x\n" % (i, i))


def udev_env(n):
    """The environment udev gives the rule for the middle disk: the
    event's properties, not the caller's (no LANG: udevd runs programs
    without a locale, and loading C.UTF-8 alone costs about 0.3 ms)."""
    sys.path.insert(0, os.path.join(HERE, ".."))
    import fake_sysroot
    i = n // 2
    wwn = "5000c500%08x" % i
    name = "sd" + fake_sysroot.letters(i)
    env = {
        "PATH": os.environ.get("PATH", "/usr/sbin:/usr/bin:/sbin:/bin"),
        "ACTION": "add",
        "SUBSYSTEM": "block",
        "DEVTYPE": "disk",
        "DEVNAME": "/dev/" + name,
        "DEVPATH": "/devices/virtual/block/" + name,
        "SEQNUM": "4242",
        "USEC_INITIALIZED": "4242000",
        "MAJOR": "8",
        "MINOR": str(16 * i),
        "DISKSEQ": str(i + 1),
        "ID_WWN": "0x" + wwn,
        "DEVLINKS": ("/dev/disk/by-id/scsi-3%s /dev/disk/by-id/wwn-0x%s "
                     "/dev/disk/by-path/pci-0000:00:04.0-scsi-0:0:%d:%d"
                     % (wwn, wwn, i // 256, i % 256)),
    }
    return name, env


def add_mounts(root, m):
    """m more mounts of the first disk's partition (259:1 in --many), each
    target twice."""
    with open(os.path.join(root, "proc", "self", "mountinfo"), "a") as f:
        for j in range(m):
            f.write("%d 1 259:1 / /mnt/m%06d rw,relatime - ext4 /dev/sda1 rw\n"
                    % (1000 + j, j // 2))


def bench_mounts(binary, work, counts, runs, warmup):
    """{m: (wall, cpu)} of list on 100 disks with m mounts of one."""
    out = {}
    for m in counts:
        root = os.path.join(work, "mounts%d" % m)
        subprocess.run([sys.executable, FAKE_SYSROOT, root, "--many", "100"],
                       check=True)
        add_mounts(root, m)
        out[m] = measure([binary, "--sysroot", root, "list"], runs, 120, warmup)
        print("  %-20s %s" % ("list, %d mounts" % m, fmt(out[m])), flush=True)
        shutil.rmtree(root)
    return out


def fmt(m):
    return "timeout" if m is None else "%7.4f %7.4f" % m


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--binary", required=True)
    ap.add_argument("--lsblk", default=shutil.which("lsblk"))
    ap.add_argument("--sizes", default="1000,10000")
    ap.add_argument("--runs", type=int, default=11)
    ap.add_argument("--warmup", type=float, default=3.0,
                    help="seconds of untimed runs before a tool's timed ones")
    ap.add_argument("--lsblk-runs", type=int, default=3)
    ap.add_argument("--lsblk-timeout", type=float, default=120)
    ap.add_argument("--no-lsblk", action="store_true")
    ap.add_argument("--mounts", default="4000,40000",
                    help="mounts of one disk for the mount table's run")
    ap.add_argument("--dir")
    ap.add_argument("--keep", action="store_true")
    opts = ap.parse_args()

    sizes = [int(s) for s in opts.sizes.split(",")]
    base = opts.dir or ("/dev/shm" if os.access("/dev/shm", os.W_OK) else None)
    work = tempfile.mkdtemp(prefix="diskalias-bench.", dir=base)
    binary = os.path.abspath(opts.binary)
    tools = [("diskalias list", lambda r: [binary, "--sysroot", r, "list"], opts.runs),
             ("diskalias list -J", lambda r: [binary, "--sysroot", r, "list", "-J"], opts.runs),
             ("diskalias -o N,A,L,M", lambda r: [binary, "--sysroot", r, "list", "-o",
                                                 "NAME,ALIAS,LINKS,MOUNTPOINTS"], opts.runs)]
    if opts.lsblk and not opts.no_lsblk:
        tools += [("lsblk", lambda r: [opts.lsblk, "--sysroot", r, "-o",
                                       "NAME,SIZE,MODEL,SERIAL,WWN"], opts.lsblk_runs),
                  ("lsblk MOUNTPOINTS", lambda r: [opts.lsblk, "--sysroot", r, "-o",
                                                   "NAME,SIZE,MODEL,SERIAL,WWN,MOUNTPOINTS"],
                   opts.lsblk_runs)]
    conf_tools = [("conf: list", lambda r, n: [binary, "--sysroot", r, "list"], opts.runs),
                  ("conf: apply --dry-run", lambda r, n: [binary, "--sysroot", r, "apply",
                                                          "--dry-run"], opts.runs),
                  ("conf: apply --udev", lambda r, n: [binary, "--sysroot", r, "apply",
                                                       "--udev", udev_env(n)[0]],
                   max(opts.runs, 51)),
                  ("conf: apply --udev +record",
                   lambda r, n: [binary, "--sysroot", r, "apply", "--udev",
                                 udev_env(n)[0], "--record-export",
                                 os.path.join(r, "records.export")],
                   max(opts.runs, 51))]

    print("trees in %s; medians of %d runs (lsblk %d); seconds: wall cpu"
          % (work, opts.runs, opts.lsblk_runs))
    print("load average: %.2f %.2f %.2f" % os.getloadavg())
    results = {}
    try:
        for n in sizes:
            root = os.path.join(work, "%d" % n)
            t0 = time.perf_counter()
            # in a process of its own: a benchmark process that had built
            # the tree would be big, and starting each timed run (fork of
            # its address space) would cost it tens of milliseconds
            subprocess.run([sys.executable, FAKE_SYSROOT, root, "--many",
                            str(n)], check=True)
            print("built %d disks in %.1f s" % (n, time.perf_counter() - t0),
                  flush=True)
            for name, cmd, runs in tools:
                results[(name, n)] = measure(cmd(root), runs, opts.lsblk_timeout,
                                             opts.warmup)
                print("  %-20s %s" % (name, fmt(results[(name, n)])), flush=True)
            write_config(root, n)
            for name, cmd, runs in conf_tools:
                env = udev_env(n)[1] if "--udev" in name else None
                results[(name, n)] = measure(cmd(root, n), runs, opts.lsblk_timeout,
                                             opts.warmup, env)
                print("  %-20s %s" % (name, fmt(results[(name, n)])), flush=True)
            if not opts.keep:
                shutil.rmtree(root)
        mount_counts = [int(m) for m in opts.mounts.split(",")]
        by_mounts = bench_mounts(binary, work, mount_counts, opts.runs,
                                 opts.warmup)
    finally:
        if not opts.keep:
            shutil.rmtree(work, ignore_errors=True)

    lo, hi = sizes[0], sizes[-1]
    print()
    print("%-22s" % "disks" + "".join("%16d" % n for n in sizes)
          + "   growth %d/%d (wall, cpu)" % (hi, lo))
    for name, _, _ in tools + conf_tools:
        row = "%-22s" % name + "".join("%16s" % fmt(results[(name, n)]).strip()
                                       for n in sizes)
        a, b = results[(name, lo)], results[(name, hi)]
        if a and b:
            row += "   %5.1fx %5.1fx" % (b[0] / a[0], b[1] / a[1])
        print(row)
    if "lsblk" in [t[0] for t in tools]:
        for n in sizes:
            d, l = results[("diskalias list", n)], results[("lsblk", n)]
            if d and l:
                print("lsblk / diskalias list at %d: %.1fx (wall)"
                      % (n, l[0] / d[0]))
            if l and n in LSBLK_THEN:
                print("machine: lsblk at %d took %.2f s, %.2fx its %.2f s "
                      "when the goal was set" % (n, l[0], l[0] / LSBLK_THEN[n],
                                                 LSBLK_THEN[n]))
        for n in sizes:
            d, l = results[("diskalias list", n)], results[("lsblk MOUNTPOINTS", n)]
            if d and l:
                print("lsblk MOUNTPOINTS / diskalias list at %d: %.1fx (wall)"
                      % (n, l[0] / d[0]))

    # what the harness itself adds to a run of that length: starting and
    # reaping a process, and waking this (idle) process when it ends
    d_hi = results[("diskalias list", hi)]
    if d_hi and shutil.which("sleep"):
        s = measure(["sleep", "%.3f" % d_hi[0]], opts.runs, 10, 0)
        if s:
            print("harness: \"sleep %.3f\" measures %.3f s (+%.0f ms)"
                  % (d_hi[0], s[0], (s[0] - d_hi[0]) * 1000))

    ok = True
    d_hi, d_lo = results[("diskalias list", hi)], results[("diskalias list", lo)]
    for name in ("diskalias list", "diskalias list -J"):
        m = results[(name, hi)]
        if hi >= 10000 and m:
            good = m[0] < GOAL_SECONDS
            print("goal: %s, %d disks in under %.1f s wall: %s (%.3f s; cpu %.3f s)"
                  % (name, hi, GOAL_SECONDS, "met" if good else "MISSED", m[0], m[1]))
            ok &= good
    if len(sizes) > 1:
        growth = d_hi[0] / d_lo[0]
        limit = GOAL_GROWTH * (hi / lo) / 10
        good = growth <= limit
        print("goal: growth %d/%d at most %.1fx: %s (%.1fx wall, %.1fx cpu)"
              % (hi, lo, limit, "met" if good else "MISSED", growth,
                 d_hi[1] / d_lo[1]))
        ok &= good
    for name, goal in GOAL_CONF.items():
        m = results[(name, hi)]
        if hi >= 10000 and m:
            good = m[0] <= goal
            print("goal: %s at %d disks and entries in at most %s: %s "
                  "(%.4f s; cpu %.4f s)" % (name, hi, "%g ms" % (goal * 1000)
                                            if goal < 0.1 else "%.1f s" % goal,
                                            "met" if good else "MISSED", m[0], m[1]))
            ok &= good
    if len(sizes) > 1:
        for name in GOAL_CONF_GROWTH:
            a, b = results[(name, lo)], results[(name, hi)]
            if a and b:
                growth = b[0] / a[0]
                limit = GOAL_GROWTH * (hi / lo) / 10
                good = growth <= limit
                print("goal: %s growth %d/%d at most %.1fx: %s (%.1fx wall, "
                      "%.1fx cpu)" % (name, hi, lo, limit,
                                      "met" if good else "MISSED", growth,
                                      b[1] / a[1]))
                ok &= good
    m_lo, m_hi = mount_counts[0], mount_counts[-1]
    a, b = by_mounts[m_lo], by_mounts[m_hi]
    if len(mount_counts) > 1 and a and b:
        growth = b[0] / a[0]
        limit = GOAL_GROWTH * (m_hi / m_lo) / 10
        good = growth <= limit
        print("goal: list growth %d/%d mounts at most %.1fx: %s (%.1fx wall, "
              "%.1fx cpu; %.3f s at %d)" % (m_hi, m_lo, limit,
                                            "met" if good else "MISSED",
                                            growth, b[1] / a[1], b[0], m_hi))
        ok &= good
    elif not b:
        print("goal: list with %d mounts: MISSED (timeout)" % m_hi)
        ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
