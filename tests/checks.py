# SPDX-License-Identifier: GPL-2.0-or-later
"""Checks for the Python test scripts (faults, persist-writes, list-tty):
a line per check, "ok: ..." or "FAIL: ...", and one exit status."""

import shutil

failures = []


def check(ok, what):
    print("%s: %s" % ("ok" if ok else "FAIL", what))
    if not ok:
        failures.append(what)


def finish(workdir):
    """The script's exit status: 1 when a check failed, with workdir kept
    for a look; 0 with it removed."""
    if failures:
        print("FAIL: %d check(s) failed" % len(failures))
        return 1
    shutil.rmtree(workdir, ignore_errors=True)
    print("PASS")
    return 0
