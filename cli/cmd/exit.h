/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_EXIT_H
#define DISKALIAS_EXIT_H

/*
 * How the tool ends: its exit statuses, and standard output that could
 * not be written, which main() and the verbs share.
 */

/* Exit statuses, documented in diskalias(8). */
enum {
	DA_EXIT_OK = 0,
	DA_EXIT_FAILURE = 1,	/* the request failed; nothing was changed */
	DA_EXIT_USAGE = 2,	/* bad options or arguments */
	DA_EXIT_UNTOLD = 4,	/* changed, but stdout could not be written */
	DA_EXIT_WOULD_CHANGE = 8,	/* --check: something would change */
	DA_EXIT_NOTFOUND = 32,	/* get: no alias; resolve: no disk has it */
	DA_EXIT_PARTIAL = 64,	/* done, but some part failed (see stderr) */
};

/*
 * The verb has changed something (an alias, the config): a write error
 * on standard output from now on exits DA_EXIT_UNTOLD, not "nothing was
 * changed".
 */
void exit_note_changed(void);

/* Say "write error" (once) and exit: stdout could not be written. */
void __attribute__((noreturn)) exit_write_error(void);

/*
 * At exit (main() registers it): output that did not reach its file is a
 * failure, whatever the verb returned.
 */
void exit_close_stdout(void);

#endif
