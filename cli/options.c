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

int parse_main_options(int argc, char **argv)
{
	/* "+": stop at the verb, whose own options follow it */
	return parse_only_common(argc, argv, "+" COMMON_SHORTOPTS);
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
