#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Run one diskalias unit test case on a fresh fake sysroot.

    run_case.py --binary BIN --case FILE --workdir DIR [--update]

Builds the tree the case file names, runs the binary as it says, and
compares what came out with what the file wants; --update writes what
came out into the file instead.  The file's format is at the top of
case_file.py.  Exit status 77 means skipped.
"""

import argparse
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import fake_sysroot  # noqa: E402
from terminal import run_on_tty  # noqa: E402
from case_file import parse_case, update_case  # noqa: E402

SKIP = 77


def run_signalled(cmd, env, stdin, sig, after):
    """cmd sent sig after seconds; None when it is still running 20 s
    later (then killed)."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=env, stdin=stdin)
    time.sleep(after)
    proc.send_signal(sig)
    try:
        out, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        return None
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err)


def marked_line(data, mark):
    """The first line of data with mark in it: (mark's offset, the line's
    start, its end before the newline), or None."""
    at = data.find(mark)
    if at < 0:
        return None
    start = data.rfind(b"\n", 0, at) + 1
    end = data.find(b"\n", at)
    return at, start, len(data) if end < 0 else end


def pad_line(path, size):
    """pad PATH N line: the file's line of size bytes."""
    with open(path, "rb") as f:
        data = f.read()
    marked = marked_line(data, b"@PAD@")
    if not marked:
        data += b"#" + b"x" * (size - 2) + b"\n"
    else:
        at, start, end = marked
        fill = size - 1 - (end - start - len(b"@PAD@"))
        data = data[:at] + b"x" * fill + data[at + len(b"@PAD@"):]
    with open(path, "wb") as f:
        f.write(data)


def repeat_line(path, times):
    """repeat PATH N: the line marked "@REPEAT@" written N times, each
    copy's "@N@", "@N:W@" and "@SD@" its number."""
    with open(path, "rb") as f:
        data = f.read()
    _, start, end = marked_line(data, b"@REPEAT@")
    end = min(end + 1, len(data))	# its newline, if it has one
    line = data[start:end].replace(b"@REPEAT@", b"", 1)
    mark = re.compile(rb"@N(?::(\d+))?@|@SD@")

    def copy(i):
        def one(m):
            if m.group(0) == b"@SD@":
                return fake_sysroot.letters(i).encode()
            return b"%0*d" % (int(m.group(1) or 0), i)
        return mark.sub(one, line)
    if mark.search(line):
        body = b"".join(copy(i) for i in range(times))
    else:
        body = line * times
    with open(path, "wb") as f:
        f.write(data[:start] + body + data[end:])


def snapshot(root):
    """Every entry below root: type and content or link target."""
    snap = {}
    for dirpath, dirs, files in os.walk(root):
        for name in dirs + files:
            p = os.path.join(dirpath, name)
            rel = os.path.relpath(p, root)
            st = os.lstat(p)
            if os.path.islink(p):
                snap[rel] = ("link", os.readlink(p))
            elif os.path.isdir(p):
                snap[rel] = ("dir", st.st_mode & 0o7777)
            elif stat.S_ISFIFO(st.st_mode):
                snap[rel] = ("fifo", st.st_mode & 0o7777)
            else:
                try:
                    with open(p, "rb") as f:
                        content = f.read()
                except PermissionError:
                    content = None   # a non-root run of a "nobody" case
                snap[rel] = ("file", st.st_mode & 0o7777, content,
                             file_meta(p, st))
    return snap


def file_meta(path, st):
    """A file's group and extended attributes, which a rewrite keeps."""
    try:
        xattrs = tuple(sorted((n, os.getxattr(path, n, follow_symlinks=False))
                              for n in os.listxattr(path, follow_symlinks=False)))
    except OSError:
        xattrs = ()
    return st.st_gid, xattrs


def file_stamp(path):
    """What a rewrite changes even when the bytes stay: inode and times."""
    st = os.lstat(path)
    return st.st_ino, st.st_mtime_ns, st.st_ctime_ns


def as_nobody_sees_it(root):
    """Not root, we own the tree: give our owner bits what a root-owned
    tree leaves to others, so we meet the refusals nobody would."""
    for dirpath, dirs, files in os.walk(root, topdown=False):
        for name in dirs + files + [None]:
            p = dirpath if name is None else os.path.join(dirpath, name)
            if name is not None and name in dirs:
                continue    # done as its own dirpath
            if os.path.islink(p):
                continue
            mode = os.lstat(p).st_mode & 0o777
            os.chmod(p, (mode & 0o077) | ((mode & 0o007) << 6))


def remove(path):
    if os.geteuid() != 0 and os.path.isdir(path):
        os.chmod(path, 0o755)
        for dirpath, dirs, _ in os.walk(path):
            for d in dirs:
                p = os.path.join(dirpath, d)
                if not os.path.islink(p):
                    os.chmod(p, 0o755)
    shutil.rmtree(path, ignore_errors=True)


def diff(label, expected, actual, workdir):
    if expected == actual:
        return True
    exp = os.path.join(workdir, "expected." + label)
    act = os.path.join(workdir, "actual." + label)
    with open(exp, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(expected)
    with open(act, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(actual)
    sys.stdout.flush()
    subprocess.run(["diff", "-u", "--label", "expected " + label,
                    "--label", "actual " + label, exp, act],
                   env=dict(os.environ, LC_ALL="C"))
    return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--case", required=True)
    ap.add_argument("--workdir", required=True)
    ap.add_argument("--preload", help="fake_kernel_write.so")
    ap.add_argument("--fault-shim", help="fault_shim.so (readerror)")
    ap.add_argument("--journal-remote", help="systemd-journal-remote (journal)")
    ap.add_argument("--update", action="store_true",
                    help="write the actual output into the case file")
    opts = ap.parse_args()
    opts.workdir = os.path.abspath(opts.workdir)
    case = parse_case(opts.case)

    remove(opts.workdir)
    os.makedirs(opts.workdir)
    os.chmod(opts.workdir, 0o755)
    root = os.path.join(opts.workdir, "root")
    if case["tree"] == "none":
        os.makedirs(root)
    else:
        tree = fake_sysroot.build(root, case["tree"])
        case["readerrors"][:0] = [list(e) for e in tree.read_errors]
    for rel in case["remove"]:
        full = os.path.join(root, rel)
        if os.path.isdir(full) and not os.path.islink(full):
            shutil.rmtree(full)
        else:
            os.remove(full)
    for rel, target in case["symlinks"]:
        full = os.path.join(root, rel)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        if os.path.lexists(full):
            os.remove(full)
        os.symlink(target.replace("@SYSROOT@", root), full)
    for rel in case["fifos"]:
        full = os.path.join(root, rel)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        if os.path.lexists(full):
            os.remove(full)
        os.mkfifo(full)
    for rel, content in case["files"].items():
        full = os.path.join(root, rel)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as f:
            f.write(content.encode("utf-8", "surrogateescape"))
    for rel, times in case["repeats"]:
        repeat_line(os.path.join(root, rel), times)
    for rel in case["crlf"]:
        with open(os.path.join(root, rel), "rb+") as f:
            data = f.read().replace(b"\n", b"\r\n")
            f.seek(0)
            f.write(data)
    for rel, size, line in case["pads"]:
        if line:
            pad_line(os.path.join(root, rel), size)
            continue
        with open(os.path.join(root, rel), "ab") as f:
            left = size - f.tell()
            while left > 0:
                n = min(left, 1024)
                f.write(b"#" + b"x" * (n - 2) + b"\n" if n > 1 else b"\n")
                left -= n
    for rel, source in case["journals"]:
        if not opts.journal_remote:
            raise SystemExit("%s: a journal needs --journal-remote" % opts.case)
        full = os.path.join(root, rel)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(os.path.join(root, source), "rb") as f:
            text = f.read()
        # the last record's blank line, which a case file's end drops
        text = text.rstrip(b"\n") + b"\n\n"
        subprocess.run([opts.journal_remote, "--output=" + full, "-"],
                       input=text, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for key, rel, *arg in case["meta"]:
        full = os.path.join(root, rel)
        if key == "chmod":
            os.chmod(full, int(arg[0], 8))
        elif key == "chgrp":
            os.chown(full, -1, int(arg[0]))
        else:
            try:
                os.setxattr(full, arg[0], arg[1].encode())
            except OSError as e:
                print("SKIP: no extended attributes here: %s" % e)
                return SKIP
    if case["user"] == "nobody" and os.geteuid() != 0:
        as_nobody_sees_it(root)
    before = snapshot(root)
    stamps = {rel: file_stamp(os.path.join(root, rel))
              for rel in case["untouched"]}

    cmd = [os.path.abspath(opts.binary)]
    cmd += [a.replace(b"@SYSROOT@", root.encode()) for a in case["args"]]
    if case["user"] == "nobody":
        if os.geteuid() == 0:
            if not shutil.which("setpriv"):
                print("SKIP: setpriv is needed to drop root")
                return SKIP
            # nobody must reach the tree: every parent directory searchable
            d = opts.workdir
            while d != "/":
                if not os.stat(d).st_mode & 0o001:
                    print("SKIP: %s is not searchable by others" % d)
                    return SKIP
                d = os.path.dirname(d)
            cmd = ["setpriv", "--reuid=65534", "--regid=65534",
                   "--clear-groups", "--"] + cmd
    env = dict(os.environ, LC_ALL="C")
    env.pop("POSIXLY_CORRECT", None)
    for name, value in case["env"]:
        env[name] = value.replace("@SYSROOT@", root)
    if case["preload"]:
        if not opts.preload:
            print("SKIP: no --preload library")
            return SKIP
        env["LD_PRELOAD"] = os.path.abspath(opts.preload)
    if case["readerrors"] or case["faults"]:
        if not opts.fault_shim:
            print("SKIP: no --fault-shim library")
            return SKIP
        for name, value in case["faults"]:
            env[name] = value
        if case["readerrors"]:
            faults = os.path.join(opts.workdir, "read-errors")
            with open(faults, "w", encoding="utf-8") as f:
                for rel, name in case["readerrors"]:
                    f.write("%s %s\n" % (os.path.join(root, rel), name))
            env["DISKALIAS_FAULT_READ"] = faults
        env["LD_PRELOAD"] = " ".join(
            filter(None, [env.get("LD_PRELOAD"),
                          os.path.abspath(opts.fault_shim)]))
    stdin, piped, silent = None, None, None
    if case["stdin_silent"]:
        stdin, silent = os.pipe()   # silent: the end kept open, unwritten
    if case["stdin"]:
        stdin = open(case["stdin"].replace("@SYSROOT@", root), "rb")
    if case["stdin_pipe"]:
        with open(case["stdin_pipe"].replace("@SYSROOT@", root), "rb") as f:
            piped = f.read()
    try:
        # a hang (a FIFO read where a file should be) is a failure, not a wait
        if case["stdout_full"]:
            with open("/dev/full", "wb") as full:
                proc = subprocess.run(cmd, stdout=full, stderr=subprocess.PIPE,
                                      env=env, stdin=stdin, timeout=60)
            proc.stdout = b""
        elif case["tty"]:
            env.pop("COLUMNS", None)
            proc = run_on_tty(cmd, case["tty"], env, stdin)
        elif case["signal"]:
            proc = run_signalled(cmd, env, stdin, *case["signal"])
            if proc is None:
                print("FAIL: still running 20 s after the signal")
                return 1
        else:
            proc = subprocess.run(cmd, capture_output=True, env=env,
                                  stdin=stdin, input=piped, timeout=60)
    except subprocess.TimeoutExpired:
        print("FAIL: still running after 60 s")
        return 1
    finally:
        if silent is not None:
            os.close(stdin)
            os.close(silent)
    if proc.returncode < 0:     # ended by a signal: the shell's figure
        proc.returncode = 128 - proc.returncode
    out = proc.stdout.decode("utf-8", "surrogateescape").replace(root, "@SYSROOT@")
    err = proc.stderr.decode("utf-8", "surrogateescape").replace(root, "@SYSROOT@")

    if opts.update:
        update_case(opts.case, out, err, proc.returncode)
        print("updated", opts.case)
        return 0

    ok = True
    if proc.returncode != case["status"]:
        print("exit status %d, expected %d" % (proc.returncode, case["status"]))
        ok = False
    if not case["stdout_unchecked"]:
        ok &= diff("stdout", case["stdout"] or "", out, opts.workdir)
    ok &= diff("stderr", case["stderr"] or "", err, opts.workdir)
    if case["json"]:
        try:
            json.loads(proc.stdout)
        except ValueError as e:
            print("stdout is not JSON:", e)
            ok = False
    for expr in case["jq"]:
        r = subprocess.run(["jq", "-e", expr], input=proc.stdout,
                           capture_output=True)
        if r.returncode != 0:
            print("jq -e %r failed: %s" % (expr, r.stdout.decode().strip()))
            ok = False

    after = snapshot(root)
    expected = dict(before)
    for rel, content in case["changed"].items():
        real = os.path.relpath(os.path.realpath(os.path.join(root, rel)), root)
        kind, mode, _, meta = before.get(real, ("file", 0o644, b"",
                                                (os.getegid(), ())))
        expected[real] = (kind, mode, content, meta)
    for rel in case["removed"]:
        expected.pop(rel, None)
    for rel, stamp in stamps.items():
        now = file_stamp(os.path.join(root, rel))
        if now != stamp:
            print("rewritten: %s: (inode, mtime, ctime) %r -> %r"
                  % (rel, stamp, now))
            ok = False
    for rel in sorted(set(expected) | set(after)):
        if expected.get(rel) != after.get(rel):
            print("sysroot changed: %s: %r -> %r"
                  % (rel, expected.get(rel), after.get(rel)))
            ok = False
    if ok:
        remove(opts.workdir)
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
