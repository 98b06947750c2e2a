/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_H
#define DISKALIAS_H

#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "exit.h"

/* Long options shared by every verb (numbered like util-linux does). */
enum {
	OPT_SYSROOT = CHAR_MAX + 1,
	OPT_VERB_BASE = CHAR_MAX + 32,	/* first number free for a verb */
};

#define COMMON_SHORTOPTS "hV"
#define COMMON_LONGOPTS \
	{ "sysroot", required_argument, NULL, OPT_SYSROOT }, \
	{ "help",    no_argument,       NULL, 'h' }, \
	{ "version", no_argument,       NULL, 'V' }

/*
 * To add a verb: cmd_<verb>.c defining "const struct verb verb_<verb>",
 * declared below, a line in verbs[] (main.c) and in cli/CMakeLists.txt.
 * Its options are said once, in its entry: run() hands those to
 * getopt_long(), and parse_main_options() lets them stand before the verb.
 * Paths go through sysroot.h, DISK arguments through disk_resolve()
 * (disk_arg.h), aliases through alias_check() (alias_rules.h), the alias
 * attribute through alias_attr.h; failures are one err()/warnx() line
 * "SUBJECT: REASON" and an exit status from exit.h.
 *
 * run() gets argv with argv[0] the program's name, parses the verb's
 * options with getopt_long() (COMMON_* included, passed on to
 * common_option(), which prints usage() for -h), calls setup_sysroot()
 * and returns an exit status.
 */
struct verb {
	const char *name;
	int (*run)(int argc, char **argv);
	void (*usage)(void);	/* the verb's --help; NULL: run() has its own */
	const char *args;	/* for the command list: "DISK ALIAS" */
	const char *help;
	/* ends with COMMON_LONGOPTS and { NULL }; NULL: the common ones only */
	const struct option *longopts;
	const char *shortopts;	/* without COMMON_SHORTOPTS */
};

extern const struct verb verb_list, verb_get, verb_set, verb_apply,
	verb_forget, verb_validate, verb_resolve, verb_log;

/*
 * What -h prints: the main page (verb NULL), or that of the verb being
 * run, which a usage error's hint then names.
 */
void set_help(const char *verb, void (*usage)(void));

/* Handle a common option or a getopt error; exits for -h, -V and errors. */
void common_option(int c, const char *arg);

/* Parse a verb's argv that takes only common options; returns optind. */
int parse_common_options(int argc, char **argv);

/*
 * The options before the verb, those of any of the nverbs verbs included
 * (handled here: the common ones); returns optind, the verb's index, and
 * in *npre the number of arguments before it that are options for the verb.
 */
int parse_main_options(int argc, char **argv, const struct verb *const *verbs,
		       size_t nverbs, int *npre);

/*
 * argv for the verb at argv[verb]: the program's name, the npre options
 * given before the verb, then what follows the verb, so that the verb's
 * getopt_long() takes them all as its own.  Made in place, in argv.
 */
char **verb_argv(int argc, char **argv, int verb, int npre, int *vargc);

/*
 * A verb's --help: usage_top() ("Usage:", the synopsis after the program's
 * name, a line each of its forms ("a\nb"), what the verb does,
 * "Options:"), its options, the common ones, usage_disk_arg() when it
 * takes a DISK, usage_more() last.
 */
void usage_top(const char *synopsis, const char *what);
void usage_common_options(void);
void usage_disk_arg(void);
void usage_more(void);

/* Open the sysroot chosen by --sysroot (or "/"); exits on failure. */
void setup_sysroot(void);

/* Print a usage error with the --help hint and exit 2. */
void __attribute__((noreturn, format(printf, 1, 2))) usage_error(const char *fmt, ...);

/* For the main --help page, which shows the options of list and set. */
void list_usage_options(void);
void list_usage_columns(void);
void set_usage_options(void);

#endif
