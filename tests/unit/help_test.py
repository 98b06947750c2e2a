#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""What --help and the SYNOPSIS promise about the command line.

    help_test.py --binary BIN --man man/diskalias.8 --workdir DIR

- every line of "diskalias --help" and of each verb's --help (the verbs
  its Commands list names) fits in 80 columns;
- every form of "log" that the page's SYNOPSIS and "log --help" show is
  taken as written, all its options at once: no usage error (status 2).
"""

import argparse
import os
import re
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import fake_sysroot  # noqa: E402
from checks import check, finish  # noqa: E402

WIDTH = 80


def run(binary, *args, timeout=30):
    return subprocess.run([binary] + list(args), capture_output=True,
                          text=True, timeout=timeout,
                          env=dict(os.environ, LC_ALL="C"))


def verbs(main_help):
    """The first word of each line under "Commands:"."""
    m = re.search(r"^Commands:\n(.*?)\n\n", main_help, re.M | re.S)
    return [line.split()[0] for line in m.group(1).splitlines()] if m else []


def check_widths(binary):
    main = run(binary, "--help").stdout
    pages = [("diskalias --help", main)]
    names = verbs(main)
    check(len(names) >= 5, "--help lists the verbs (%s)" % ", ".join(names))
    for v in names:
        pages.append(("diskalias %s --help" % v, run(binary, v, "--help").stdout))
    for what, text in pages:
        wide = [line for line in text.splitlines() if len(line) > WIDTH]
        check(text and not wide, "%s: every line fits in %d columns%s"
              % (what, WIDTH, "".join("\n  %d: %s" % (len(w), w) for w in wide)))


def synopsis_forms(page):
    """The SYNOPSIS's forms as text, groff's font macros undone."""
    m = re.search(r"^\.SH SYNOPSIS\n(.*?)^\.SH ", page, re.M | re.S)
    forms, words = [], []
    for line in m.group(1).splitlines() + [".br"]:
        if line == ".br":
            forms.append(" ".join(words))
            words = []
            continue
        macro, _, rest = line.partition(" ")
        args = shlex.split(rest.replace("\\fI", "").replace("\\fR", "")
                           .replace("\\-", "-"))
        # .B and .I join their words with blanks; .RB, .IR... alternate
        # fonts with none between them
        words.append(" ".join(args) if macro in (".B", ".I") else "".join(args))
    return forms


def help_forms(text):
    """The Usage: lines of a verb's --help."""
    m = re.search(r"^Usage:\n(.*?)\n\n", text, re.M | re.S)
    return [line.strip() for line in m.group(1).splitlines()] if m else []


def log_argv(form, root):
    """A log form with every option it shows, each with a value."""
    values = {"disk": "sdb", "file": os.path.join(root, "samples", "empty"),
              "dir": os.path.join(root, "journal"), "format": "kmsg"}
    words = form.replace("[", " ").replace("]", " ").split()
    words = words[words.index("log") + 1:]
    argv = []
    for w in words:
        w = w.strip("<>")
        # [options] are the common ones; --journal[=<boot>]: the option alone
        if w == "options" or w.startswith("="):
            continue
        if "|" in w:
            w = w.split("|")[0]
        argv.append(values.get(w, w))
    return argv


def check_log_forms(binary, page, workdir):
    root = os.path.join(workdir, "root")
    fake_sysroot.build(root, "logs")
    os.makedirs(os.path.join(root, "samples"), exist_ok=True)
    open(os.path.join(root, "samples", "empty"), "w").close()
    os.makedirs(os.path.join(root, "journal"), exist_ok=True)
    forms = [("diskalias(8) SYNOPSIS", f) for f in synopsis_forms(page)
             if re.search(r"\blog\b", f)]
    forms += [("log --help", f) for f in help_forms(run(binary, "log", "--help").stdout)]
    check(len(forms) >= 3, "the log forms are found (%d)" % len(forms))
    for where, form in forms:
        argv = ["--sysroot", root, "log"] + log_argv(form, root)
        try:
            # --follow waits for records: running on is taking it
            status = run(binary, *argv, timeout=3).returncode
        except subprocess.TimeoutExpired:
            status = None
        check(status != 2, "%s: %s: taken as written (%s: status %s)"
              % (where, form, " ".join(argv[2:]), status))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--man", required=True)
    ap.add_argument("--workdir", required=True)
    a = ap.parse_args()
    subprocess.run(["rm", "-rf", a.workdir], check=True)
    os.makedirs(a.workdir)
    with open(a.man, encoding="utf-8") as f:
        page = f.read()
    check_widths(a.binary)
    check_log_forms(a.binary, page, a.workdir)
    return finish(a.workdir)


if __name__ == "__main__":
    sys.exit(main())
