#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""diskalias(8) is the behaviour: what "list" prints must be in the page.

    man_test.py --binary BIN --man man/diskalias.8 --workdir DIR

Checks that the COLUMNS section names exactly the columns of
--list-columns, and that every JSON key "list -J" writes, for disks and
partitions, with every column and with a config, is in the page's JSON
shape (the text of list's -J).
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import fake_sysroot  # noqa: E402


def section(text, name):
    m = re.search(r"^\.SH %s\n(.*?)^\.SH " % re.escape(name), text, re.M | re.S)
    if not m:
        raise SystemExit("no section %s in the page" % name)
    return m.group(1)


def json_shape(text):
    """What the page says under list's -J: its example and its text."""
    opts = section(text, "OPTIONS")
    m = re.search(r'^\.SS Options of list\n.*?^\.BR \\-J ", " \\-\\-json\n(.*?)^\.TP',
                  opts, re.M | re.S)
    if not m:
        raise SystemExit("no -J under Options of list")
    return m.group(1).replace("\\-", "-")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--man", required=True)
    ap.add_argument("--workdir", required=True)
    a = ap.parse_args()
    with open(a.man, encoding="utf-8") as f:
        page = f.read()
    failures = []

    out = subprocess.run([a.binary, "list", "--list-columns"], check=True,
                         capture_output=True, text=True).stdout
    columns = [line.split()[0] for line in out.splitlines()]
    documented = re.findall(r"^\.TP\n\.B (\S+)$", section(page, "COLUMNS"), re.M)
    documented = [c.replace("\\-", "-") for c in documented]
    for c in columns:
        if c not in documented:
            failures.append("column %s is not in COLUMNS" % c)
    for c in documented:
        if c not in columns:
            failures.append("COLUMNS has %s, which list does not" % c)

    shutil.rmtree(a.workdir, ignore_errors=True)
    root = os.path.join(a.workdir, "root")
    fake_sysroot.build(root, "standard")
    with open(os.path.join(root, "etc/diskalias.conf"), "w") as f:
        f.write("alias data0 wwn-0x5000c500a1b2c3d4\n")
    shape = json_shape(page)
    for args in (["list", "-J"], ["list", "-J", "-o", ",".join(columns)]):
        out = subprocess.run([a.binary, "--sysroot", root] + args,
                             check=True, capture_output=True, text=True).stdout
        keys = set()
        for d in json.loads(out)["disks"]:
            keys.update(d)
            for p in d.get("partitions", []):
                keys.update(p)
        for k in sorted(keys):
            if '"%s"' % k not in shape:
                failures.append("%s: JSON key %r is not in the page's JSON shape"
                                % (" ".join(args), k))
    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
