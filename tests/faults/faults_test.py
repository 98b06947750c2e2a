#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Faults around diskalias: a disk unplugged mid-list, a config that is a
directory, a symbolic link loop or 100 MB, and fsync failing while
set --persist writes /etc/diskalias.conf.

    faults_test.py --binary BIN --shim fault_shim.so --workdir DIR

Each check prints PASS or FAIL; exit status 1 when any failed.  Read-only
and full /etc are tested by tests/unit/persist_test.py.
"""

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import fake_sysroot  # noqa: E402
from checks import check, finish  # noqa: E402

OLD_CONF = b"# kept\nalias keep wwn-0x5000c500ffffffff\n"
WWN_LINK = "/dev/disk/by-id/wwn-0x5000c500a1b2c3d4"


def fresh(workdir, name, tree):
    root = os.path.join(workdir, name)
    shutil.rmtree(root, ignore_errors=True)
    fake_sysroot.build(root, tree)
    return root


def run(opts, root, *args, env=None):
    e = dict(os.environ, LC_ALL="C")
    e.pop("LD_PRELOAD", None)
    if env:
        e.update(env)
        e["LD_PRELOAD"] = opts.shim
    return subprocess.run([opts.binary, "--sysroot", root] + list(args),
                          capture_output=True, text=True, env=e)


def read(root, path):
    with open(os.path.join(root, path), "rb") as f:
        return f.read()


def test_vanish(opts):
    """sdb is unplugged once list has opened it: left out, with a warning."""
    warning = ("diskalias: /sys/block/sdb: the disk went away while being "
               "read; not listed\n")
    root = fresh(opts.workdir, "vanish-table", "standard")
    r = run(opts, root, "list", "-n", "-o", "NAME,ALIAS,SIZE",
            env={"DISKALIAS_FAULT_VANISH": root + "/sys/block/sdb"})
    names = [l.split()[0] for l in r.stdout.splitlines() if l.strip()]
    check(not os.path.exists(root + "/sys/block/sdb"),
          "vanish: the shim unplugged sdb")
    check(r.returncode == 64, "vanish: exit status 64 (got %d)" % r.returncode)
    check(r.stderr == warning, "vanish: one warning (got %r)" % r.stderr)
    check("sdb" not in names and {"sda", "sdc", "vda", "nvme0n1"} <=
          set(names), "vanish: sdb left out, the rest listed: %s" % names)

    root = fresh(opts.workdir, "vanish-json", "standard")
    r = run(opts, root, "list", "-J",
            env={"DISKALIAS_FAULT_VANISH": root + "/sys/block/sdc"})
    try:
        disks = {d["name"]: d for d in json.loads(r.stdout)["disks"]}
    except (ValueError, KeyError, TypeError):
        disks = None
    check(disks is not None and "sdc" not in disks and
          disks.get("sdb", {}).get("alias") == "data0",
          "vanish -J: valid JSON without sdc, sdb still data0")
    check(r.returncode == 64 and "sdc: the disk went away" in r.stderr,
          "vanish -J: status 64 and a warning (%d, %r)"
          % (r.returncode, r.stderr))


def persist_refused(opts, name, make_conf, reason):
    """set --persist with an unusable config: one line, nothing changed."""
    root = fresh(opts.workdir, name, "transports")
    conf = os.path.join(root, "etc/diskalias.conf")
    if os.path.lexists(conf):
        os.remove(conf)
    make_conf(root, conf)
    before = sorted(os.listdir(os.path.join(root, "etc")))
    usage0 = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    r = run(opts, root, "set", "--persist", "sda", "data0")
    want = ('diskalias: sda: cannot set alias "data0": cannot read '
            '/etc/diskalias.conf: %s\n' % reason)
    check(r.returncode == 1, "%s: exit status 1 (got %d)"
          % (name, r.returncode))
    check(r.stderr == want, "%s: one line %r (got %r)" % (name, want,
                                                          r.stderr))
    check(read(root, "sys/block/sda/alias") == b"",
          "%s: the kernel alias is not set" % name)
    after = sorted(n for n in os.listdir(os.path.join(root, "etc"))
                   if n != ".diskalias.conf.lock")
    check(after == [n for n in before if n != ".diskalias.conf.lock"],
          "%s: nothing added to /etc (%s)" % (name, after))
    r = run(opts, root, "apply")
    check(r.returncode == 1 and r.stderr ==
          "diskalias: /etc/diskalias.conf: cannot read the config: %s\n"
          % reason, "%s: apply refuses it (%d, %r)"
          % (name, r.returncode, r.stderr))
    check(read(root, "sys/block/sda/alias") == b"",
          "%s: apply set nothing" % name)
    return usage0


def test_bad_configs(opts):
    persist_refused(opts, "conf-directory",
                    lambda root, conf: os.mkdir(conf),
                    "is a directory, not a file")

    def loop(root, conf):
        os.symlink("loop", conf)
        os.symlink("diskalias.conf", os.path.join(root, "etc/loop"))
    persist_refused(opts, "conf-symlink-loop", loop,
                    "a loop of symbolic links")

    def huge(root, conf):
        with open(conf, "wb") as f:
            f.write(OLD_CONF)
            f.truncate(100 * 1024 * 1024)	# sparse: 100 MB, no disk use
    persist_refused(opts, "conf-huge", huge,
                    "file too large; the limit is 1 MiB")
    # Refused before reading: the tool never held the file in memory.
    # (ru_maxrss of all children so far, in KiB; ASan builds need more.)
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    check(rss < 80 * 1024, "conf-huge: memory stayed small (max RSS of "
          "the runs so far %d KiB)" % rss)

    # A config a byte over the limit, and one at it that parses.
    root = fresh(opts.workdir, "conf-limit", "transports")
    line = b"# padding" + b"x" * 90 + b"\n"
    body = line * (1024 * 1024 // len(line))
    body += b"#" * (1024 * 1024 - len(body) - len(OLD_CONF)) + b"\n"
    body = body[:1024 * 1024 - len(OLD_CONF)] + OLD_CONF
    with open(os.path.join(root, "etc/diskalias.conf"), "wb") as f:
        f.write(body)
    r = run(opts, root, "apply", "--dry-run")
    check(len(body) == 1024 * 1024 and r.returncode == 0,
          "conf-limit: 1 MiB exactly is read (%d, %r)"
          % (r.returncode, r.stderr))
    with open(os.path.join(root, "etc/diskalias.conf"), "ab") as f:
        f.write(b"\n")
    r = run(opts, root, "apply", "--dry-run")
    check(r.returncode == 1 and "file too large" in r.stderr,
          "conf-limit: 1 MiB + 1 byte is refused (%d, %r)"
          % (r.returncode, r.stderr))


def test_fsync(opts):
    # The temp file's fsync fails: nothing changes.
    root = fresh(opts.workdir, "fsync-file", "transports")
    with open(os.path.join(root, "etc/diskalias.conf"), "wb") as f:
        f.write(OLD_CONF)
    r = run(opts, root, "set", "--persist", "sda", "data0",
            env={"DISKALIAS_FAULT_FSYNC": "file"})
    check(r.returncode == 1 and r.stderr ==
          'diskalias: sda: cannot set alias "data0": cannot write '
          '/etc/diskalias.conf: Input/output error; it is unchanged\n',
          "fsync-file: refused in one line (%d, %r)"
          % (r.returncode, r.stderr))
    check(read(root, "etc/diskalias.conf") == OLD_CONF,
          "fsync-file: the old config is intact")
    check(read(root, "sys/block/sda/alias") == b"",
          "fsync-file: the kernel alias is not set")
    check(not [n for n in os.listdir(os.path.join(root, "etc"))
               if n.startswith(".diskalias.conf.") and not
               n.endswith(".lock")], "fsync-file: no temp file left")

    # fsync of /etc fails after the rename: the new file is in place, so
    # the alias is set and the failure is a warning, not "unchanged".
    root = fresh(opts.workdir, "fsync-dir", "transports")
    with open(os.path.join(root, "etc/diskalias.conf"), "wb") as f:
        f.write(OLD_CONF)
    r = run(opts, root, "set", "--persist", "sda", "data0",
            env={"DISKALIAS_FAULT_FSYNC": "dir"})
    check(r.returncode == 0 and "flushing /etc failed" in r.stderr and
          "unchanged" not in r.stderr,
          "fsync-dir: set, with a warning (%d, %r)"
          % (r.returncode, r.stderr))
    check(read(root, "etc/diskalias.conf") ==
          OLD_CONF + ("alias data0 %s\n" % WWN_LINK).encode(),
          "fsync-dir: the config has the new entry")
    check(read(root, "sys/block/sda/alias") == b"data0",
          "fsync-dir: the kernel alias is set")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--shim", required=True)
    ap.add_argument("--workdir", required=True)
    opts = ap.parse_args()
    opts.binary = os.path.abspath(opts.binary)
    opts.shim = os.path.abspath(opts.shim)
    opts.workdir = os.path.abspath(opts.workdir)
    shutil.rmtree(opts.workdir, ignore_errors=True)
    os.makedirs(opts.workdir)

    test_vanish(opts)
    test_bad_configs(opts)
    test_fsync(opts)

    return finish(opts.workdir)


if __name__ == "__main__":
    sys.exit(main())
