#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""A real machine's block devices as test data: a capture file, made by
tests/data/capture-sysroot in the test guest, and the --sysroot tree the
unit tests build from it (tests/fake_sysroot.py's "capture:NAME" trees).

    sysroot_capture.py pack RAW OUT    RAW (what the guest dumped) -> OUT
    sysroot_capture.py load FILE DIR   the tree of capture FILE in DIR,
                                       its failing reads listed on stdout
    sysroot_capture.py verify FILE BIN SHIM
                                       whether diskalias BIN lists on FILE
                                       (its failed reads replayed by the
                                       read-failure shim SHIM) what it
                                       listed in the guest

RAW is the guest's dump: root/ (files, directories and symbolic links as
they were, below the guest's /), read-errors ("PATH<TAB>strerror text"
for each file whose read failed), nodes ("PATH b|c MAJOR MINOR" in hex,
from stat(1)) and meta/ (command outputs kept beside the tree).

A capture file is text, one entry a line, sorted by path:

    dir PATH                an empty directory
    link PATH TARGET        a symbolic link, TARGET as readlink(2) gave it
    node PATH b MAJ:MIN     a block device node (c: character device)
    file PATH               a file; its content follows, one "|" line for
    file-noeol PATH         each line of it (file-noeol: no final newline)
    error PATH ERRNO        a file whose read(2) failed with ERRNO (ENXIO)
    meta NAME               not in the tree: what the guest recorded
                            beside it, "|" lines as for a file:
        lsblk.json          lsblk -J -b -o NAME,KNAME,PATH,MAJ:MIN,RM,RO,
                            SIZE,TYPE,MODEL,SERIAL,WWN,MOUNTPOINTS
        lsblk-size.json     lsblk -J -o KNAME,SIZE (sizes as printed)
        lsblk-all.json      lsblk -J -a -b -o KNAME,TYPE,SIZE
        lsblk-version       lsblk --version
        udevadm-info        udevadm info --query=all of each /sys/block
                            entry, a blank line after each
        diskalias-list.json diskalias list -J -b -o LIST_COLUMNS, live
        uname               uname -r

In PATH, TARGET and "|" lines a backslash is "\\\\" and a byte that is not
printable ASCII (or a blank, in a path) is "\\xHH".  Lines starting with
"#" are comments.  A tree built from a capture has the files, links and
directories; a device node is an empty file (as in the fake trees); a
file whose read failed holds a line naming its errno, so a run without
the read-failure shim (tests/shims/fault_shim.c) shows that text rather
than pass for a file the kernel gave nothing.
"""

import errno
import os
import sys

# The columns of "diskalias list" the guest records (meta
# diskalias-list.json) and verify compares: those that do not depend on
# /etc/diskalias.conf.
LIST_COLUMNS = ("NAME,KNAME,ALIAS,PATH,SIZE,MODEL,SERIAL,WWN,PERSISTENT,"
                "MAJ:MIN,RM,RO,LINKS,MOUNTPOINTS,PARTITIONS")

# Attributes that change while the guest runs (I/O counters) and that no
# reader of the capture needs.
VOLATILE = {"stat", "inflight", "ioerr_cnt", "iodone_cnt", "iorequest_cnt",
            "iotmo_cnt"}
# The binary attributes a reader takes: a SCSI device's VPD pages 0x80
# (serial) and 0x83 (identifiers).  Other binary files (other VPD pages,
# "inquiry") are left out.
BINARY_KEPT = {"vpd_pg80", "vpd_pg83"}


def escape(data, blank=False):
    out = []
    for c in data:
        if c == 0x5c:
            out.append("\\\\")
        elif 0x20 < c < 0x7f or (c == 0x20 and not blank):
            out.append(chr(c))
        else:
            out.append("\\x%02x" % c)
    return "".join(out)


def unescape(text):
    out, i = bytearray(), 0
    raw = text.encode("ascii")
    while i < len(raw):
        if raw[i] == 0x5c:
            if raw[i + 1:i + 2] == b"\\":
                out.append(0x5c)
                i += 2
                continue
            if raw[i + 1:i + 2] == b"x":
                out.append(int(raw[i + 2:i + 4], 16))
                i += 4
                continue
            raise ValueError("bad escape in %r" % text)
        out.append(raw[i])
        i += 1
    return bytes(out)


def is_text(data):
    return all(0x20 <= c < 0x7f or c in (0x09, 0x0a) for c in data)


def content_lines(data):
    """A file's bytes as "|" lines and whether it lacks a final newline."""
    if not data:
        return [], False
    noeol = not data.endswith(b"\n")
    body = data if noeol else data[:-1]
    return ["|" + escape(line) for line in body.split(b"\n")], noeol


# Where two names share a number, the one glibc's strerrorname_np(3)
# gives (the read-failure shim looks names up with it).
ERRNO_NAMES = {errno.EOPNOTSUPP: "EOPNOTSUPP", errno.EAGAIN: "EAGAIN",
               errno.EDEADLK: "EDEADLK"}


def errno_name(message):
    """strerror(3) text -> errno name ("No such device or address" -> ENXIO)."""
    for code, name in sorted(errno.errorcode.items()):
        if os.strerror(code) == message:
            return ERRNO_NAMES.get(code, name)
    raise SystemExit("unknown error message in read-errors: %r" % message)


def pack(raw, out):
    root = os.path.join(raw, "root")
    entries = {}
    skipped = 0
    for dirpath, dirs, files in os.walk(root):
        rel_dir = os.path.relpath(dirpath, root)
        if not dirs and not files and rel_dir != ".":
            entries[rel_dir] = ["dir " + escape(os.fsencode(rel_dir), True)]
        for name in sorted(dirs + files):
            full = os.path.join(dirpath, name)
            rel = os.path.relpath(full, root)
            path = escape(os.fsencode(rel), True)
            if os.path.islink(full):
                target = escape(os.fsencode(os.readlink(full)), True)
                entries[rel] = ["link %s %s" % (path, target)]
                continue
            if os.path.isdir(full):
                continue
            if name in VOLATILE:
                skipped += 1
                continue
            with open(full, "rb") as f:
                data = f.read()
            if not is_text(data) and name not in BINARY_KEPT:
                skipped += 1
                continue
            lines, noeol = content_lines(data)
            entries[rel] = ["%s %s" % ("file-noeol" if noeol else "file",
                                       path)] + lines
    with open(os.path.join(raw, "read-errors"), encoding="utf-8") as f:
        for line in f:
            p, _, message = line.rstrip("\n").partition("\t")
            rel = p.lstrip("/")
            entries[rel] = ["error %s %s" % (escape(os.fsencode(rel), True),
                                             errno_name(message))]
    with open(os.path.join(raw, "nodes"), encoding="utf-8") as f:
        for line in f:
            p, kind, major, minor = line.split()
            rel = p.lstrip("/")
            entries[rel] = ["node %s %s %d:%d" % (
                escape(os.fsencode(rel), True), kind, int(major, 16),
                int(minor, 16))]
    text = ["# A sysroot captured by tests/data/capture-sysroot (format:",
            "# tests/sysroot_capture.py); regenerate, do not edit."]
    meta_dir = os.path.join(raw, "meta")
    for name in sorted(os.listdir(meta_dir)):
        with open(os.path.join(meta_dir, name), "rb") as f:
            data = f.read()
        lines, _ = content_lines(data)
        text += ["meta " + escape(os.fsencode(name), True)] + lines
    for rel in sorted(entries):
        text += entries[rel]
    with open(out, "w", encoding="ascii") as f:
        f.write("\n".join(text) + "\n")
    return skipped


def parse(path):
    """A capture file -> (entries, meta): entries as (kind, path, arg)."""
    entries, meta = [], {}
    current = None
    with open(path, encoding="ascii") as f:
        for lineno, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if line.startswith("|"):
                if current is None:
                    raise SystemExit("%s:%d: content outside a file"
                                     % (path, lineno))
                current.append(unescape(line[1:]))
                continue
            if not line or line.startswith("#"):
                continue
            kind, _, rest = line.partition(" ")
            current = None
            if kind == "meta":
                current = meta.setdefault(rest, [])
            elif kind in ("file", "file-noeol"):
                current = []
                entries.append((kind, unescape(rest), current))
            elif kind in ("dir", "link", "node", "error"):
                words = rest.split(" ")
                entries.append((kind, unescape(words[0]),
                                [unescape(w) for w in words[1:]]))
            else:
                raise SystemExit("%s:%d: unknown entry %r" % (path, lineno, kind))
    return entries, {k: b"\n".join(v) + b"\n" if v else b""
                     for k, v in meta.items()}


def file_bytes(kind, lines):
    if not lines:
        return b""
    data = b"\n".join(lines)
    return data if kind == "file-noeol" else data + b"\n"


def load(path, root):
    """Build the tree of capture path in root: the failing reads, as
    (relative path, errno name) pairs."""
    entries, _ = parse(path)
    errors = []
    broot = os.fsencode(root)
    for kind, rel, arg in entries:
        full = os.path.join(broot, rel)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        if kind == "dir":
            os.makedirs(full, exist_ok=True)
        elif kind == "link":
            os.symlink(arg[0], full)
        elif kind == "node":
            open(full, "wb").close()
        elif kind == "error":
            name = arg[0].decode()
            with open(full, "wb") as f:
                f.write(b"capture: read failed with %s\n" % arg[0])
            errors.append((os.fsdecode(rel), name))
        else:
            with open(full, "wb") as f:
                f.write(file_bytes(kind, arg))
    return errors


def meta(path, name):
    """The output of command name recorded in capture path."""
    return parse(path)[1][name]


def verify(path, binary, shim):
    """Whether diskalias lists on the capture what it listed in the guest
    (meta diskalias-list.json): the capture holds all that list reads."""
    import json
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        root = os.path.join(tmp, "root")
        errors = load(path, root)
        faults = os.path.join(tmp, "read-errors")
        with open(faults, "w") as f:
            for rel, name in errors:
                f.write("%s %s\n" % (os.path.join(root, rel), name))
        r = subprocess.run([binary, "--sysroot", root, "list", "-J", "-b",
                            "-o", LIST_COLUMNS], capture_output=True,
                           text=True,
                           env=dict(os.environ, LC_ALL="C",
                                    DISKALIAS_FAULT_READ=faults,
                                    LD_PRELOAD=os.path.abspath(shim)))
    live = json.loads(meta(path, "diskalias-list.json"))["disks"]
    replayed = json.loads(r.stdout or '{"disks": []}')["disks"]
    ok = r.returncode == 0 and not r.stderr and live == replayed
    if not ok:
        sys.stderr.write("%s: diskalias lists on it what it did not list in"
                         " the guest (status %d) %s\n" % (path, r.returncode,
                                                         r.stderr))
        for a, b in zip(live, replayed):
            if a != b:
                sys.stderr.write("  guest:   %s\n  capture: %s\n"
                                 % (json.dumps(a), json.dumps(b)))
        if len(live) != len(replayed):
            sys.stderr.write("  %d disks in the guest, %d on the capture\n"
                             % (len(live), len(replayed)))
    return ok


def main(argv):
    if len(argv) == 4 and argv[1] == "pack":
        skipped = pack(argv[2], argv[3])
        print("%s: written (%d volatile or binary files left out)"
              % (argv[3], skipped))
    elif len(argv) == 5 and argv[1] == "verify":
        if not verify(argv[2], argv[3], argv[4]):
            return 1
        print("%s: diskalias lists on it what it listed in the guest"
              % argv[2])
    elif len(argv) == 4 and argv[1] == "load":
        for rel, name in load(argv[2], argv[3]):
            print(rel, name)
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
