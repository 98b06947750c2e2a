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

#include "lib/sysroot.h"
#include "lib/xalloc.h"

#ifndef DISKALIAS_VERSION
#define DISKALIAS_VERSION "unknown"
#endif

static const char *sysroot_dir;
static void (*help)(void);
static const char *help_verb;

void set_help(const char *verb, void (*usage)(void))
{
	help_verb = verb;
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
	fprintf(stderr, "Try '%s%s%s --help' for more information.\n",
		program_invocation_short_name, help_verb ? " " : "",
		help_verb ? help_verb : "");
	exit(DA_EXIT_USAGE);
}

void common_option(int c, const char *arg)
{
	switch (c) {
	case OPT_SYSROOT:
		/* "" would quietly be the live system ("$ROOT" unset) */
		if (!*arg)
			usage_error("--sysroot: an empty directory name; '/' is the live system");
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

static bool has_long(const struct option *opts, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(opts[i].name, name) == 0)
			return true;
	return false;
}

/*
 * Every verb's options, from the verbs' tables, for finding the verb
 * behind options given before it ("diskalias -J list"): only whether each
 * takes an argument matters here (a verb's long option gives 1); the verb
 * parses them again and refuses those not its own.  *shortopts is "+",
 * the verbs' letters, then COMMON_SHORTOPTS; *verb_letters points at the
 * verbs' letters in it.
 */
static struct option *any_verb_options(const struct verb *const *verbs,
				       size_t nverbs, char **shortopts,
				       const char **verb_letters)
{
	static const struct option common[] = { COMMON_LONGOPTS };
	size_t nlong = sizeof(common) / sizeof(common[0]), nshort = 0, n, k;
	struct option *opts;
	char *s;

	for (size_t v = 0; v < nverbs; v++) {
		for (n = 0; verbs[v]->longopts && verbs[v]->longopts[n].name; n++)
			nlong++;
		nshort += verbs[v]->shortopts ? strlen(verbs[v]->shortopts) : 0;
	}
	opts = xcalloc(nlong + 1, sizeof(*opts));
	memcpy(opts, common, sizeof(common));
	n = sizeof(common) / sizeof(common[0]);
	s = *shortopts = xmalloc(nshort + sizeof(COMMON_SHORTOPTS) + 1);
	*s++ = '+';
	*verb_letters = s;
	for (size_t v = 0; v < nverbs; v++) {
		const struct option *o = verbs[v]->longopts;
		const char *p = verbs[v]->shortopts;

		for (; o && o->name; o++) {
			if (has_long(opts, n, o->name))
				continue;
			opts[n] = *o;
			opts[n].flag = NULL;
			opts[n++].val = 1;
		}
		/* a letter, then its ':'s */
		while (p && *p) {
			for (k = 1; p[k] == ':'; k++)
				;
			if (!memchr(*verb_letters, *p, (size_t)(s - *verb_letters))) {
				memcpy(s, p, k);
				s += k;
			}
			p += k;
		}
	}
	strcpy(s, COMMON_SHORTOPTS);
	return opts;
}

int parse_main_options(int argc, char **argv, const struct verb *const *verbs,
		       size_t nverbs, int *npre)
{
	/* static: still reachable when an option exits (-h, a bad one) */
	static struct option *longopts;
	static char *shortopts;
	const char *verb_letters;
	size_t nverb_letters;
	int c, last;

	longopts = any_verb_options(verbs, nverbs, &shortopts, &verb_letters);
	nverb_letters = strlen(verb_letters) - strlen(COMMON_SHORTOPTS);
	/*
	 * "+": stop at the verb.  -h and -V before it are the program's;
	 * the other options are left for the verb (see verb_argv()).
	 */
	do {
		last = optind;
		c = getopt_long(argc, argv, shortopts, longopts, NULL);
		if (c != -1 && c != 1 &&
		    !(c <= CHAR_MAX && memchr(verb_letters, c, nverb_letters)))
			common_option(c, optarg);
	} while (c != -1);
	free(longopts);
	free(shortopts);
	longopts = NULL;
	shortopts = NULL;
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
	printf("Usage:\n");
	for (const char *s = synopsis, *nl; *s; s = nl + !!*nl) {
		nl = strchrnul(s, '\n');
		printf(" %s %.*s\n", program_invocation_short_name, (int)(nl - s), s);
	}
	printf("\n%s\n\nOptions:\n", what);
}

void usage_disk_arg(void)
{
	printf("\nDISK is a kernel name (sdb), /dev/sdb, a /dev/disk/by-*/ link, the name of a\n"
	       "by-id or by-path link, or a device-mapper name (vg-lv, /dev/mapper/vg-lv).\n");
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
