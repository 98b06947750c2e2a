// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diskalias - name disks: manage /sys/block/<disk>/alias.
 */
#include "diskalias.h"

#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <locale.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sysroot.h"

#ifndef DISKALIAS_VERSION
#define DISKALIAS_VERSION "unknown"
#endif

static const struct verb verbs[] = {
	{ "list",     verb_list,     "",            "list disks with aliases, persistent names and mount points" },
	{ "get",      verb_get,      "DISK",        "print the alias of DISK" },
	{ "set",      verb_set,      "DISK ALIAS",  "give DISK the alias ALIAS (--persist: and record it)" },
	{ "apply",    verb_apply,    "[DISK...]",   "set the aliases of diskalias.conf (see apply --help)" },
	{ "forget",   verb_forget,   "ALIAS",       "remove ALIAS from diskalias.conf" },
	{ "validate", verb_validate, "ALIAS...",    "check aliases against the kernel's rules" },
	{ "resolve",  verb_resolve,  "ALIAS",       "print the /dev path of the disk with ALIAS" },
	{ "log",      verb_log,      "[options]",   "the kernel log with aliases (see log --help)" },
};

static const char *sysroot_dir;

static void __attribute__((noreturn)) usage(void)
{
	size_t i;

	printf("Usage:\n");
	printf(" %s [options] <command> [arguments]\n", program_invocation_short_name);
	printf("\nName disks: manage the kernel's /sys/block/<disk>/alias attribute.\n");
	printf("\nCommands:\n");
	for (i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++) {
		char head[32];

		snprintf(head, sizeof(head), "%s %s", verbs[i].name, verbs[i].args);
		printf(" %-20s %s\n", head, verbs[i].help);
	}
	printf("\nDISK is a kernel name (sdb), /dev/sdb, a /dev/disk/by-*/ link or its name.\n");
	printf("\nOptions of list:\n");
	printf(" -a, --all             also list empty loop and ram devices\n");
	printf(" -b, --bytes           print SIZE in bytes\n");
	printf(" -J, --json            use JSON output format\n");
	printf(" -n, --noheadings      don't print headings\n");
	printf(" -o, --output <list>   output columns (\"+LIST\" adds to the default)\n");
	printf(" -P, --pairs           use key=\"value\" output format\n");
	printf(" -r, --raw             use raw output format\n");
	printf("     --list-columns    list the columns and exit\n");
	printf("\nOptions of set:\n");
	printf("     --persist         also record it in /etc/diskalias.conf (see diskalias.conf(5))\n");
	printf("     --force           allow an alias shaped like a kernel name (sdq, md0)\n");
	printf("\nCommon options:\n");
	printf("     --sysroot <dir>   use the specified directory as system root\n");
	printf(" -h, --help            display this help\n");
	printf(" -V, --version         display version\n");
	printf("\nAvailable output columns:\n");
	list_usage_columns();
	printf("\nFor more details see diskalias(8).\n");
	exit(DA_EXIT_OK);
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
		usage();
	case 'V':
		printf("%s %s\n", program_invocation_short_name, DISKALIAS_VERSION);
		exit(DA_EXIT_OK);
	default:
		/* getopt_long() has said what was wrong */
		usage_error(NULL);
	}
}

int parse_common_options(int argc, char **argv)
{
	static const struct option longopts[] = {
		COMMON_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	int c;

	while ((c = getopt_long(argc, argv, COMMON_SHORTOPTS, longopts, NULL)) != -1)
		common_option(c, optarg);
	return optind;
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

static void close_stdout(void)
{
	errno = 0;
	if (close_stream(stdout) != 0 && errno != EPIPE) {
		if (errno)
			warn("write error");
		else
			warnx("write error");
		_exit(DA_EXIT_FAILURE);
	}
	errno = 0;
	if (close_stream(stderr) != 0 && errno != EPIPE)
		_exit(DA_EXIT_FAILURE);
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		COMMON_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	size_t i;
	int c;

	setlocale(LC_ALL, "");
	atexit(close_stdout);
	/* getopt_long() names argv[0] in its messages: make it "diskalias" */
	argv[0] = program_invocation_short_name;
	/* "+": stop at the verb, whose own options follow it */
	while ((c = getopt_long(argc, argv, "+" COMMON_SHORTOPTS, longopts, NULL)) != -1)
		common_option(c, optarg);

	if (optind >= argc)
		usage_error("no command given");

	for (i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++) {
		if (strcmp(argv[optind], verbs[i].name) == 0) {
			argc -= optind;
			argv += optind;
			argv[0] = program_invocation_short_name;
			optind = 0;	/* restart getopt for the verb */
			return verbs[i].run(argc, argv);
		}
	}
	usage_error("%s: unknown command", argv[optind]);
}
