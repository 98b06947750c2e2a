#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""What the case files cannot show about writing /etc/diskalias.conf.

    persist_test.py --binary BIN --fs-shim fault_shim.so --workdir DIR

- 50 concurrent "set --persist" runs all land and the file parses;
- a writer killed (SIGKILL) before the rename, in mid-write, or at a
  random moment leaves the old file or the new one, never a torn one;
- a read-only or full /etc: a clear error, the old file intact, the
  kernel's alias not set, no temp file left;
- an unreadable config (as nobody): a clear error.
"""

import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import fake_sysroot  # noqa: E402
from checks import check, finish  # noqa: E402

def fresh(workdir, name, n):
    """A tree of n disks (sda...) with no alias set."""
    root = os.path.join(workdir, name)
    shutil.rmtree(root, ignore_errors=True)
    fake_sysroot.build(root, "many:%d" % n)
    for d in os.listdir(os.path.join(root, "sys/block")):
        with open(os.path.join(root, "sys/block", d, "alias"), "w"):
            pass
    return root


def run(binary, root, *args, env=None, preload=None):
    e = dict(os.environ, LC_ALL="C")
    if env:
        e.update(env)
    if preload:
        e["LD_PRELOAD"] = preload
    return subprocess.run([binary, "--sysroot", root] + list(args),
                          capture_output=True, text=True, env=e)


def conf(root):
    with open(os.path.join(root, "etc/diskalias.conf"), "rb") as f:
        return f.read()


def parses(binary, root):
    """apply --dry-run exits 0 only on a config without problems."""
    r = run(binary, root, "apply", "--dry-run")
    return r.returncode == 0 and not r.stderr, r


def temp_files(root):
    return [n for n in os.listdir(os.path.join(root, "etc"))
            if n.startswith(".diskalias.conf.") and not n.endswith(".lock")]


def big_config(n):
    """n entries for absent disks: about 60 bytes each."""
    return "".join("alias absent%06d wwn-0x5000c5ff%08x\n" % (i, i)
                   for i in range(n)).encode()


def test_concurrent(binary, workdir):
    root = fresh(workdir, "concurrent", 60)
    names = [fake_sysroot.letters(i) for i in range(50)]
    procs = [subprocess.Popen([binary, "--sysroot", root, "set", "--persist",
                               "sd" + n, "a_" + n],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
             for n in names]
    errs = []
    for p in procs:
        out, err = p.communicate()
        if p.returncode != 0:
            errs.append(err.decode())
    check(not errs, "50 concurrent set --persist all succeed %s" % errs[:3])
    text = conf(root).decode()
    lines = text.splitlines()
    check(len(lines) == 50, "50 entries recorded (got %d)" % len(lines))
    want = {"alias a_%s /dev/disk/by-id/wwn-0x5000c500%08x" % (n, i)
            for i, n in enumerate(names)}
    check(set(lines) == want, "every entry keyed by its disk's WWN")
    ok, r = parses(binary, root)
    check(ok, "the file parses: %s" % r.stderr.strip())
    check(r.stdout.count("already set") == 50,
          "all 50 aliases are set in the kernel")
    check(not temp_files(root), "no temp file left")


def test_crash_hook(binary, workdir, shim, hook):
    root = fresh(workdir, "crash-" + hook, 3)
    os.makedirs(os.path.join(root, "etc"), exist_ok=True)
    old = big_config(15000)     # ~700 KB: the write takes a while
    with open(os.path.join(root, "etc/diskalias.conf"), "wb") as f:
        f.write(old)
    r = run(binary, root, "set", "--persist", "sda", "new0",
            env={"DISKALIAS_FAULT_CRASH": hook}, preload=shim)
    check(r.returncode == -signal.SIGKILL,
          "%s: the writer dies (status %d)" % (hook, r.returncode))
    check(conf(root) == old, "%s: the old file is intact" % hook)
    with open(os.path.join(root, "sys/block/sda/alias")) as f:
        check(f.read() == "", "%s: the kernel alias is not set" % hook)
    left = temp_files(root)
    check(len(left) == 1, "%s: the dead writer left its temp file (%s)"
          % (hook, left))
    # the next writer is not hindered by the dead one's temp file or lock,
    # and removes the temp file
    r = run(binary, root, "set", "--persist", "sda", "new0")
    check(r.returncode == 0 and conf(root).endswith(
        b"alias new0 /dev/disk/by-id/wwn-0x5000c50000000000\n"),
        "%s: a later writer succeeds: %s" % (hook, r.stderr.strip()))
    check(not temp_files(root), "%s: and removes the dead writer's temp "
          "file (%s)" % (hook, temp_files(root)))


def test_random_kill(binary, workdir, rounds=40):
    root = fresh(workdir, "random-kill", 3)
    base = big_config(15000)
    with open(os.path.join(root, "etc/diskalias.conf"), "wb") as f:
        f.write(base)
    with_entry = base + b"alias new0 /dev/disk/by-id/wwn-0x5000c50000000000\n"
    torn = 0
    rng = random.Random(5)
    for i in range(rounds):
        before = conf(root)
        # alternate adding and removing the entry, so the file changes
        args = (["set", "--persist", "sda", "new0"] if before == base
                else ["forget", "new0"])
        p = subprocess.Popen([binary, "--sysroot", root] + args,
                             stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0, 0.004))
        p.send_signal(signal.SIGKILL)
        p.wait()
        after = conf(root)
        if after not in (base, with_entry):
            torn += 1
        # the kernel alias is write-once: clear it as the disk going would
        with open(os.path.join(root, "sys/block/sda/alias"), "w"):
            pass
    check(torn == 0, "%d random kill -9s: the file is always old or new "
          "(%d torn)" % (rounds, torn))
    ok, r = parses(binary, root)
    check(ok, "the file parses after the kills")


def test_fs_error(binary, workdir, shim, errname, reason):
    root = fresh(workdir, "fs-" + errname, 3)
    old = b"# kept\nalias other wwn-0x5000c500ffffffff\n"
    with open(os.path.join(root, "etc/diskalias.conf"), "wb") as f:
        f.write(old)
    r = run(binary, root, "set", "--persist", "sda", "new0",
            env={"DISKALIAS_FAULT_FS": errname}, preload=shim)
    want = ('diskalias: sda: cannot set alias "new0": cannot write '
            '/etc/diskalias.conf: %s; it is unchanged\n' % reason)
    check(r.returncode == 1, "%s: exit status 1 (got %d)" % (errname, r.returncode))
    check(r.stderr == want, "%s: message %r" % (errname, r.stderr))
    check(conf(root) == old, "%s: the old file is intact" % errname)
    with open(os.path.join(root, "sys/block/sda/alias")) as f:
        check(f.read() == "", "%s: the kernel alias is not set" % errname)
    check(not temp_files(root), "%s: no temp file left" % errname)


def test_unreadable(binary, workdir):
    if os.geteuid() != 0 or not shutil.which("setpriv"):
        print("skip: unreadable config (needs root and setpriv)")
        return
    root = fresh(workdir, "unreadable", 2)
    path = os.path.join(root, "etc/diskalias.conf")
    with open(path, "w") as f:
        f.write("alias x wwn-0x5000c50000000000\n")
    os.chmod(path, 0o600)
    d = root
    while d != "/":
        os.chmod(d, os.stat(d).st_mode | 0o005)
        d = os.path.dirname(d)
    r = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534",
                        "--clear-groups", "--", binary, "--sysroot", root,
                        "apply", "--dry-run"],
                       capture_output=True, text=True,
                       env=dict(os.environ, LC_ALL="C"))
    check(r.returncode == 1 and r.stderr ==
          "diskalias: /etc/diskalias.conf: cannot read the config: "
          "permission denied\n", "unreadable config: %r" % r.stderr)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--fs-shim", required=True)
    ap.add_argument("--workdir", required=True)
    opts = ap.parse_args()
    binary = os.path.abspath(opts.binary)
    shim = os.path.abspath(opts.fs_shim)
    workdir = os.path.abspath(opts.workdir)
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)

    test_concurrent(binary, workdir)
    test_crash_hook(binary, workdir, shim, "before-rename")
    test_crash_hook(binary, workdir, shim, "mid-write")
    test_random_kill(binary, workdir)
    test_fs_error(binary, workdir, shim, "EROFS",
                  "/etc is on a read-only file system")
    test_fs_error(binary, workdir, shim, "ENOSPC",
                  "no space left on the device holding /etc")
    test_unreadable(binary, workdir)

    return finish(workdir)


if __name__ == "__main__":
    sys.exit(main())
