# SPDX-License-Identifier: GPL-2.0-or-later
"""A program run with its stdout on a terminal, for the Python test
scripts (run_case.py's "tty", tty_test.py): what it printed there, with
the terminal's CR LF line ends undone."""

import fcntl
import os
import pty
import select
import struct
import subprocess
import termios
import time


def run_on_tty(cmd, columns, env, stdin=None, timeout=60):
    """cmd with stdout on a pseudo-terminal columns wide (onlcr undone);
    killed, and subprocess.TimeoutExpired raised, when it still writes or
    holds the terminal open timeout seconds after its start."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ,
                struct.pack("HHHH", 50, columns, 0, 0))
    proc = subprocess.Popen(cmd, stdout=slave, stderr=subprocess.PIPE,
                            env=env, stdin=stdin)
    os.close(slave)
    out, deadline = b"", time.monotonic() + timeout
    while True:
        if not select.select([master], [], [], max(0, deadline - time.monotonic()))[0]:
            proc.kill()
            os.close(master)
            raise subprocess.TimeoutExpired(cmd, timeout)
        try:
            chunk = os.read(master, 65536)
        except OSError:         # EIO: every writer has closed it
            break
        if not chunk:
            break
        out += chunk
    os.close(master)
    err = proc.stderr.read()
    proc.wait()
    return subprocess.CompletedProcess(cmd, proc.returncode,
                                       out.replace(b"\r\n", b"\n"), err)
