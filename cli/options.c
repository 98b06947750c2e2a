// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What every verb shares on its command line: --sysroot, --help,
 * --version, and the wording of usage errors.
 */
#include "diskalias.h"

#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sysroot.h"

#ifndef DISKALIAS_VERSION
#define DISKALIAS_VERSION "unknown"
#endif

static const char *sysroot_dir;
static void (*help)(void);

void set_help(void (*usage)(void))
{
	help = usage;
}

void usage_error(const char *fmt, ...)
{
	va_list ap;

	if (fmt) {
		va_start(ap, fmt);
		vwarnx(fmt, ap);
		va_end(ap);
	}
	fprintf(stderr, "Try '%s --help' for more information.\n",
		program_invocation_short_name);
	exit(DA_EXIT_USAGE);
}

void common_option(int c, const char *arg)
{
	switch (c) {
	case OPT_SYSROOT:
		sysroot_dir = arg;
		break;
	case 'h':
		if (help)
			help();
		exit(DA_EXIT_OK);
	case 'V':
		printf("%s %s\n", program_invocation_short_name, DISKALIAS_VERSION);
		exit(DA_EXIT_OK);
	default:
		/* getopt_long() has said what was wrong */
		usage_error(NULL);
	}
}

static int parse_only_common(int argc, char **argv, const char *shortopts)
{
	static const struct option longopts[] = {
		COMMON_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	int c;

	while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1)
		common_option(c, optarg);
	return optind;
}

int parse_common_options(int argc, char **argv)
{
	return parse_only_common(argc, argv, COMMON_SHORTOPTS);
}

/*
 * Every verb's options, for finding the verb behind options given before
 * it ("diskalias -J list"): only whether each takes an argument matters
 * here; the verb parses them again and refuses those not its own.
 */
static const struct option any_verb_longopts[] = {
	{ "all",          no_argument,       NULL, 1 },	/* list */
	{ "bytes",        no_argument,       NULL, 1 },
	{ "json",         no_argument,       NULL, 1 },	/* list, log */
	{ "noheadings",   no_argument,       NULL, 1 },
	{ "output",       required_argument, NULL, 1 },
	{ "pairs",        no_argument,       NULL, 1 },
	{ "raw",          no_argument,       NULL, 1 },
	{ "list-columns", no_argument,       NULL, 1 },
	{ "persist",      no_argument,       NULL, 1 },	/* set */
	{ "force",        no_argument,       NULL, 1 },
	{ "config",       required_argument, NULL, 1 },	/* apply */
	{ "dry-run",      no_argument,       NULL, 1 },
	{ "udev",         no_argument,       NULL, 1 },
	{ "follow",       no_argument,       NULL, 1 },	/* log */
	{ "disk",         required_argument, NULL, 1 },
	{ "input",        required_argument, NULL, 1 },
	{ "format",       required_argument, NULL, 1 },
	COMMON_LONGOPTS,
	{ NULL, 0, NULL, 0 }
};
#define ANY_VERB_SHORTOPTS "abfJno:Pr"

int parse_main_options(int argc, char **argv, int *npre)
{
	int c, last;

	/*
	 * "+": stop at the verb.  -h and -V before it are the program's;
	 * the other options are left for the verb (see verb_argv()).
	 */
	do {
		last = optind;
		c = getopt_long(argc, argv, "+" ANY_VERB_SHORTOPTS COMMON_SHORTOPTS,
				any_verb_longopts, NULL);
		if (c != -1 && c != 1 && !strchr(ANY_VERB_SHORTOPTS, c))
			common_option(c, optarg);
	} while (c != -1);
	/* a "--" that ended the options is not handed on */
	*npre = optind - 1;
	if (optind == last + 1 && strcmp(argv[last], "--") == 0)
		(*npre)--;
	return optind;
}

char **verb_argv(int argc, char **argv, int verb, int npre, int *vargc)
{
	/* in place: the options slide up to end where the verb was */
	int base = verb - npre;

	memmove(argv + base + 1, argv + 1, (size_t)npre * sizeof(*argv));
	argv[base] = program_invocation_short_name;
	*vargc = argc - base;
	return argv + base;
}

void usage_top(const char *synopsis, const char *what)
{
	printf("Usage:\n %s %s\n\n%s\n\nOptions:\n", program_invocation_short_name,
	       synopsis, what);
}

void usage_disk_arg(void)
{
	printf("\nDISK is a kernel name (sdb), /dev/sdb, a /dev/disk/by-*/ link or its name,\n"
	       "or a device-mapper name (vg-lv, /dev/mapper/vg-lv).\n");
}

void usage_more(void)
{
	printf("\nFor more details see diskalias(8).\n");
}

void usage_common_options(void)
{
	printf("     --sysroot <dir>   use the specified directory as system root\n");
	printf(" -h, --help            display this help\n");
}

void setup_sysroot(void)
{
	int r = sysroot_init(sysroot_dir);

	if (r < 0) {
		errno = -r;
		err(DA_EXIT_FAILURE, "cannot open sysroot %s", sysroot_dir ? sysroot_dir : "/");
	}
	atexit(sysroot_fini);
}
