# SPDX-License-Identifier: GPL-2.0-or-later
"""The unit tests' case file, tests/unit/cases/VERB/NAME.case: read by
run_case.py, which runs it, and rewritten by its --update.

A case file names its tree, the arguments and what must come out:

    # a comment
    tree standard              fake_sysroot.py tree ("standard:sdb,vda": only
                               those disks), "many:N", "capture:6.12" (a
                               captured guest: its failed reads replayed
                               as "readerror" does), or "none"
    args set sdb data1         shlex words; \\xHH \\n \\t decoded; @SYSROOT@
    user nobody                run as uid 65534 (via setpriv when root)
    preload                    LD_PRELOAD fake_kernel_write.so (--preload)
    env NAME=VALUE             set in the environment; @SYSROOT@ replaced
    remove sys/dev/block       take a file or directory out of the tree
    symlink PATH TARGET        make PATH a symlink to TARGET (replacing it)
    mkfifo PATH                make PATH a FIFO (replacing it)
    readerror PATH ERRNO       read(2) of PATH fails with ERRNO ("ENXIO"), as
                               a real kernel's sysfs refuses some files
                               (tests/shims/fault_shim.c, --fault-shim)
    fault NAME=VALUE           the fault shim (--fault-shim) preloaded with
                               NAME=VALUE set: DISKALIAS_FAULT_MMAP=1 (no
                               file can be mapped), ... (fault_shim.c)
    pad PATH N                 comment lines appended to file PATH (after
                               the "--- file" ones) until it has N bytes
    pad PATH N line            the file's first "@PAD@" becomes a run of
                               "x" that makes its line N bytes long with
                               its newline (none: a line "#x..." appended)
    repeat PATH N              the file's first line with "@REPEAT@" in it
                               written N times, the mark taken out; in
                               each copy "@N@" is its number from 0,
                               "@N:5@" the same in 5 digits, "@SD@" the
                               number as sd names a disk (a..z, aa, ...)
    crlf PATH                  the file's lines end in CR LF (a Windows
                               editor's file)
    chmod PATH MODE            file PATH (after the "--- file" ones) gets
    chgrp PATH GID             that octal mode, group, extended attribute
    xattr PATH NAME VALUE      (all three part of what must stay or change)
    stdin FILE                 standard input from FILE; @SYSROOT@ replaced
    stdin pipe FILE            standard input a pipe that FILE's bytes are
                               written to (a file cannot be read twice)
    stdin silent               standard input a pipe that is kept open and
                               never written to (a read of it waits)
    journal PATH FILE          the journal export text in file FILE (after
                               the "--- file" ones) written as the journal
                               file PATH (ending ".journal") by
                               systemd-journal-remote (--journal-remote;
                               the last record's blank line may be left out)
    status 1                   expected exit status (a run ended by a
                               signal: 128 + its number, as a shell says)
    signal TERM 0.5            send SIGTERM to the run 0.5 s after its
                               start; it must have ended 20 s later
    json                       stdout must parse as JSON (python3 json)
    jq .disks[0].alias == null jq -e must succeed on stdout (jq)
    changed sys/block/sda/alias sys
                               the one file the run may change, and its
                               new content; every other file must stay
    removed PATH               a file the run must remove
    untouched PATH             a file the run must not even rewrite with
                               the same bytes: inode, mtime, ctime stay
    stdout unchecked           do not compare stdout (checked by json/jq)
    stdout full                stdout is /dev/full (every write fails)
    tty 60                     stdout is a terminal 60 columns wide (a
                               pseudo-terminal; COLUMNS is unset)
    --- file etc/diskalias.conf  a file put in the tree before the run
    --- stdout                 expected stdout (absent: must be empty)
    --- stderr                 expected stderr (absent: must be empty)

stdout and stderr are compared with diff -u under LC_ALL=C; the sysroot's
path is shown as @SYSROOT@.
"""

import shlex
import signal


def decode(word):
    """shlex word -> bytes, with \\xHH, \\n, \\t and \\\\ escapes."""
    out, i = bytearray(), 0
    raw = word.encode("utf-8")
    while i < len(raw):
        c = raw[i:i + 1]
        if c == b"\\" and i + 1 < len(raw):
            n = raw[i + 1:i + 2]
            if n == b"x":
                out.append(int(raw[i + 2:i + 4], 16))
                i += 4
                continue
            out += {b"n": b"\n", b"t": b"\t", b"\\": b"\\"}.get(n, b"\\" + n)
            i += 2
            continue
        out += c
        i += 1
    return bytes(out)


def parse_case(path):
    case = {"tree": "standard", "args": [], "status": 0, "user": None,
            "json": False, "jq": [], "changed": {}, "stdout": None,
            "preload": False, "env": [], "stdout_unchecked": False,
            "stdout_full": False, "tty": None,
            "stdin": None, "files": {}, "remove": [], "symlinks": [],
            "fifos": [], "readerrors": [], "faults": [], "pads": [], "repeats": [], "meta": [], "removed": [], "untouched": [], "crlf": [],
            "journals": [], "stdin_pipe": None, "signal": None,
            "stdin_silent": False,
            "stderr": None}
    section = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("--- "):
                section = line[4:].strip()
                if section.startswith("file "):
                    case["files"][section[5:].strip()] = ""
                else:
                    case[section] = ""
                continue
            if section and section.startswith("file "):
                case["files"][section[5:].strip()] += line
                continue
            if section:
                case[section] += line
                continue
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            key, _, rest = line.partition(" ")
            if key == "tree":
                case["tree"] = rest
            elif key == "args":
                case["args"] = [decode(w) for w in shlex.split(rest, posix=True)]
            elif key == "user":
                case["user"] = rest
            elif key == "status":
                case["status"] = int(rest)
            elif key == "signal":
                name, after = rest.split()
                case["signal"] = (getattr(signal, "SIG" + name), float(after))
            elif key == "json":
                case["json"] = True
            elif key == "stdout" and rest == "unchecked":
                case["stdout_unchecked"] = True
            elif key == "stdout" and rest == "full":
                case["stdout_unchecked"] = True
                case["stdout_full"] = True
            elif key == "tty":
                case["tty"] = int(rest)
            elif key == "preload":
                case["preload"] = True
            elif key == "stdin" and rest.startswith("pipe "):
                case["stdin_pipe"] = rest[5:].strip()
            elif key == "stdin" and rest.strip() == "silent":
                case["stdin_silent"] = True
            elif key == "stdin":
                case["stdin"] = rest
            elif key == "env":
                case["env"].append(rest.split("=", 1))
            elif key == "jq":
                case["jq"].append(rest)
            elif key == "remove":
                case["remove"].append(rest)
            elif key == "symlink":
                case["symlinks"].append(rest.split(None, 1))
            elif key == "mkfifo":
                case["fifos"].append(rest)
            elif key == "fault":
                case["faults"].append(rest.split("=", 1))
            elif key == "readerror":
                case["readerrors"].append(rest.rsplit(None, 1))
            elif key == "removed":
                case["removed"].append(rest)
            elif key == "untouched":
                case["untouched"].append(rest)
            elif key == "journal":
                case["journals"].append(rest.split())
            elif key in ("chmod", "chgrp", "xattr"):
                case["meta"].append([key] + rest.split(None, 2))
            elif key == "repeat":
                rel, times = rest.split()
                case["repeats"].append((rel, int(times)))
            elif key == "crlf":
                case["crlf"].append(rest)
            elif key == "pad":
                words = rest.split()
                line = len(words) == 3 and words[2] == "line"
                if line:
                    words.pop()
                rel, size = words
                case["pads"].append((rel, int(size), line))
            elif key == "changed":
                p, _, content = rest.partition(" ")
                case["changed"][p] = decode(content)
            else:
                raise SystemExit("%s: unknown directive %r" % (path, key))
    return case


def update_case(path, out, err, status):
    with open(path, encoding="utf-8") as f:
        parts = f.read().split("\n--- ")
    head = parts[0].rstrip("\n") + "\n"
    files = "".join("--- " + p.rstrip("\n") + "\n" for p in parts[1:]
                    if p.startswith("file "))
    lines = [l for l in head.splitlines() if not l.startswith("status ")]
    lines.insert(next((i for i, l in enumerate(lines) if l.startswith("args")),
                      len(lines)) + 1, "status %d" % status)
    text = "\n".join(lines) + "\n" + files
    if out:
        text += "--- stdout\n" + out
    if err:
        text += "--- stderr\n" + err
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
