#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""diskalias list on a terminal narrower than its table: every line fits
the width, each disk's name starts a line of its own whole, NAME, ALIAS,
SERIAL and WWN are never cut, and what is cut (a model, a link) ends
with a mark rather than wrapping into slivers.

    tty_test.py --binary BIN --workdir DIR
"""

import argparse
import fcntl
import os
import pty
import shutil
import struct
import subprocess
import sys
import termios

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import fake_sysroot  # noqa: E402
from checks import check, finish  # noqa: E402

def run_on_tty(cmd, columns):
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    env = dict(os.environ, LC_ALL="C", COLUMNS=str(columns))
    p = subprocess.Popen(cmd, stdout=slave, stderr=subprocess.PIPE, env=env)
    os.close(slave)
    out = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:         # EIO: the other side is closed
            break
        if not chunk:
            break
        out += chunk
    os.close(master)
    _, err = p.communicate()
    return p.returncode, out.decode().replace("\r\n", "\n"), err.decode()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--workdir", required=True)
    opts = ap.parse_args()
    shutil.rmtree(opts.workdir, ignore_errors=True)
    root = os.path.join(opts.workdir, "root")
    fake_sysroot.build(root, "standard")
    names = ["loop1", "nvme0n1", "sda", "sdb", "sdc", "sr0", "vda"]
    global ALL_LINKS
    ALL_LINKS = set()
    for dirpath, _, files in os.walk(os.path.join(root, "dev/disk")):
        for f in files + [d for d in os.listdir(dirpath)
                          if os.path.islink(os.path.join(dirpath, d))]:
            rel = os.path.relpath(os.path.join(dirpath, f),
                                  os.path.join(root, "dev/disk"))
            ALL_LINKS.add(rel)
            ALL_LINKS.update("%s:%s" % (p, rel) for p in
                             ("sda1", "sda2", "sdb1", "nvme0n1p1", "nvme0n1p2"))

    for columns in (80, 100, 200):
        status, out, err = run_on_tty([opts.binary, "--sysroot", root, "list"],
                                      columns)
        lines = out.rstrip("\n").split("\n")
        check(status == 0 and not err, "%d columns: exit 0, nothing on stderr "
              "(%d, %r)" % (columns, status, err))
        check(lines[0].startswith("NAME "), "%d columns: the heading first"
              % columns)
        wide = [l for l in lines if len(l.rstrip()) > columns]
        check(not wide, "%d columns: every line fits (%r)" % (columns, wide[:2]))
        starts = [l.split(" ", 1)[0] for l in lines[1:] if l[:1].strip()]
        check(starts == names, "%d columns: each disk's whole name starts "
              "a line (%s)" % (columns, starts))
        # identity is never cut: serials and WWNs whole on their disk's line
        row = {l.split()[0]: l for l in lines[1:] if l[:1].strip()}
        check("ZBS0BEEF" in row.get("sdc", "") and
              "0x5000c500deadbeef" in row.get("sdc", "") and
              "data-disk" in row.get("sdb", "") and
              "0x5000c500a1b2c3d4" in row.get("sdb", ""),
              "%d columns: serial and WWN whole (%r)" % (columns, row.get("sdc")))
        # what is cut is marked: a LINKS item is whole or ends with "~"
        a, b = lines[0].index("LINKS"), lines[0].index("MOUNTPOINTS")
        items = [l[a:b].strip() for l in lines[1:] if l[a:b].strip()]
        bad = [i for i in items if not i.endswith("~") and i not in ALL_LINKS]
        check(not bad, "%d columns: every link whole or marked (%r)"
              % (columns, bad[:3]))
        model = row.get("sdc", "").split()
        check("ST1000NM0055" in model or
              any(w.endswith("~") and "ST1000NM0055".startswith(w[:-1])
                  for w in model),
              "%d columns: a cut model is marked (%r)" % (columns, model))
        # no column wraps into slivers: a disk takes a line an item at most
        check(len(lines) <= 1 + 45, "%d columns: %d lines" % (columns, len(lines)))
        if columns >= 200:
            links = "".join(items)
            check("by-id/wwn-0x5000c500a1b2c3d4by-path/" in links,
                  "%d columns: sdb's wwn link is all there, in its column"
                  % columns)
    return finish(opts.workdir)


if __name__ == "__main__":
    sys.exit(main())
