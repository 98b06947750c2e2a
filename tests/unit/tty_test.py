#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""diskalias list on a terminal narrower than its table: every line fits
the width, each disk takes one line that starts with its whole name,
NAME, ALIAS, SIZE and SERIAL are never cut while the other columns can
make room, and what is cut (a model, a persistent name, mount points)
keeps its start and its end with a mark between them (the end is what
tells apart names that share a start) rather than wrapping onto more
lines.

    tty_test.py --binary BIN --workdir DIR
"""

import argparse
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import fake_sysroot  # noqa: E402
from checks import check, finish  # noqa: E402
from terminal import run_on_tty  # noqa: E402

def cut_from(cell, whole):
    """cell is whole cut: its start, "~", its end."""
    head, mark, tail = cell.partition("~")
    return (mark == "~" and whole.startswith(head) and whole.endswith(tail)
            and len(cell) < len(whole))


def list_on_tty(cmd, columns):
    """cmd on a terminal columns wide, COLUMNS set too: (status, stdout,
    stderr)."""
    env = dict(os.environ, LC_ALL="C", COLUMNS=str(columns))
    r = run_on_tty(cmd, columns, env)
    return r.returncode, r.stdout.decode(), r.stderr.decode()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--workdir", required=True)
    opts = ap.parse_args()
    shutil.rmtree(opts.workdir, ignore_errors=True)
    root = os.path.join(opts.workdir, "root")
    fake_sysroot.build(root, "standard")
    names = ["loop1", "nvme0n1", "sda", "sdb", "sdc", "sr0", "vda"]
    whole = {"nvme0n1": "nvme-QEMU_NVMe_Ctrl_NV0001",
             "sda": "ata-QEMU_HARDDISK_QM00001",
             "sdb": "wwn-0x5000c500a1b2c3d4", "sdc": "wwn-0x5000c500deadbeef",
             "sr0": "ata-QEMU_DVD-ROM_QM00003", "vda": "virtio-VB-1234"}

    for columns in (60, 80, 100, 200):
        status, out, err = list_on_tty([opts.binary, "--sysroot", root, "list"],
                                       columns)
        lines = out.rstrip("\n").split("\n")
        check(status == 0 and not err, "%d columns: exit 0, nothing on stderr "
              "(%d, %r)" % (columns, status, err))
        check(lines[0].startswith("NAME "), "%d columns: the heading first"
              % columns)
        wide = [l for l in lines if len(l.rstrip()) > columns]
        check(not wide, "%d columns: every line fits (%r)" % (columns, wide[:2]))
        starts = [l.split(" ", 1)[0] for l in lines[1:]]
        check(starts == names, "%d columns: one line a disk, starting with "
              "its whole name (%s)" % (columns, starts))
        # identity is never cut: aliases, sizes and serials whole
        row = {l.split()[0]: l for l in lines[1:] if l[:1].strip()}
        check("ZBS0BEEF" in row.get("sdc", "") and
              " logs " in row.get("sdc", "") and
              " 100G " in row.get("sdc", "") and
              "data-disk" in row.get("sdb", ""),
              "%d columns: alias, size, serial whole (%r)"
              % (columns, row.get("sdc")))
        # what is cut is marked: a persistent name is whole or its start
        # and end with "~" between them
        a, b = lines[0].index("PERSISTENT"), lines[0].index("MOUNTPOINTS")
        cells = {}
        for name, link in whole.items():
            cell = cells[name] = row.get(name, "")[a:b].strip()
            check(cell == link or cut_from(cell, link),
                  "%d columns: %s's persistent name whole or marked (%r)"
                  % (columns, name, cell))
        check(cells["sdb"] != cells["sdc"],
              "%d columns: two WWNs that share a start still differ (%r)"
              % (columns, cells["sdb"]))
        mounts = row.get("sdb", "")[b:].strip()
        check(mounts == "/srv/data,/mnt/my data" or
              cut_from(mounts, "/srv/data,/mnt/my data"),
              "%d columns: sdb's mount points on its line, whole or marked "
              "(%r)" % (columns, mounts))
        model = row.get("sdc", "").split()
        check("ST1000NM0055" in model or
              any(cut_from(w, "ST1000NM0055") for w in model),
              "%d columns: a cut model is marked (%r)" % (columns, model))
        if columns >= 100:
            check(all(link in row.get(name, "") for name, link in whole.items())
                  and "~" not in out,
                  "%d columns: nothing cut" % columns)
    return finish(opts.workdir)


if __name__ == "__main__":
    sys.exit(main())
