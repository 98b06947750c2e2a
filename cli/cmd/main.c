// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diskalias - name disks: manage /sys/block/<disk>/alias.
 *
 * The verb table and the main --help page; each verb lives in its own
 * cmd_<verb>.c, the options they share in options.c, how the tool ends
 * (exit statuses, standard output not written) in exit.c.
 */
#include "diskalias.h"

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct verb *const verbs[] = {
	&verb_list, &verb_get, &verb_set, &verb_apply, &verb_forget,
	&verb_validate, &verb_resolve, &verb_log,
};

#define NVERBS (sizeof(verbs) / sizeof(verbs[0]))

static void usage(void)
{
	size_t i;

	printf("Usage:\n");
	printf(" %s [options] <command> [arguments]\n", program_invocation_short_name);
	printf("\nName disks: manage the kernel's /sys/block/<disk>/alias attribute.\n");
	printf("\nCommands:\n");
	for (i = 0; i < NVERBS; i++) {
		char head[32];

		snprintf(head, sizeof(head), "%s %s", verbs[i]->name, verbs[i]->args);
		printf(" %-20s %s\n", head, verbs[i]->help);
	}
	usage_disk_arg();
	printf("\nOptions of list:\n");
	list_usage_options();
	printf("\nOptions of set:\n");
	set_usage_options();
	printf("\nCommon options:\n");
	usage_common_options();
	printf(" -V, --version         display version\n");
	printf("\nAvailable output columns:\n");
	list_usage_columns();
	usage_more();
}

int main(int argc, char **argv)
{
	size_t i;
	int npre;

	setlocale(LC_ALL, "");
	atexit(exit_close_stdout);
	set_help(NULL, usage);
	/* getopt_long() names argv[0] in its messages: make it "diskalias" */
	argv[0] = program_invocation_short_name;
	parse_main_options(argc, argv, verbs, NVERBS, &npre);
	if (optind >= argc)
		usage_error("no command given");

	for (i = 0; i < NVERBS; i++) {
		if (strcmp(argv[optind], verbs[i]->name) == 0) {
			argv = verb_argv(argc, argv, optind, npre, &argc);
			optind = 0;	/* restart getopt for the verb */
			if (verbs[i]->usage)
				set_help(verbs[i]->name, verbs[i]->usage);
			return verbs[i]->run(argc, argv);
		}
	}
	usage_error("%s: unknown command", argv[optind]);
}
