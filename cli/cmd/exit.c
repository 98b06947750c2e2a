// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The end of the tool when standard output could not be written, and
 * whether the verb had changed something by then.
 */
#include "exit.h"

#include <err.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <unistd.h>

static bool changed;

void exit_note_changed(void)
{
	changed = true;
}

void exit_write_error(void)
{
	if (errno)
		warn("write error");
	else
		warnx("write error");
	/* _exit: exit_close_stdout() would find the same error and say it again */
	_exit(changed ? DA_EXIT_UNTOLD : DA_EXIT_FAILURE);
}

/*
 * As util-linux's close_stdout(): output that did not reach its file
 * (stdout on a full disk, >/dev/full) is a failure, whatever the verb
 * returned, and --help and get alike say so.  A reader that went away
 * (EPIPE) is not an error.
 */
static int close_stream(FILE *stream)
{
	const bool some_pending = __fpending(stream) != 0;
	const bool prev_fail = ferror(stream) != 0;
	const bool fclose_fail = fclose(stream) != 0;

	if (prev_fail || (fclose_fail && (some_pending || errno != EBADF))) {
		if (!fclose_fail && errno != EPIPE)
			errno = 0;
		return EOF;
	}
	return 0;
}

void exit_close_stdout(void)
{
	errno = 0;
	if (close_stream(stdout) != 0 && errno != EPIPE)
		exit_write_error();
	errno = 0;
	if (close_stream(stderr) != 0 && errno != EPIPE)
		_exit(DA_EXIT_FAILURE);
}
