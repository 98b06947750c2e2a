// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diskalias list: every disk with its alias, identity, persistent names and
 * mount points (see list.h for the columns and the output).
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diskalias.h"
#include "list.h"
#include "sysroot.h"

/* A conflict shows as "conflict"; this line names the disks. */
static void warn_conflicts(const struct list_ctl *ctl, const struct disk_table *dt)
{
	struct conf_decision dc;
	char why[512];

	for (size_t i = 0; i < dt->ndisks; i++) {
		const struct disk *d = &dt->disks[i];

		conf_decide(&ctl->view, d, &dc);
		if (dc.verdict == CONF_CONFLICT)
			warnx("%s: %s:%u: alias \"%s\": conflict: %s", d->name,
			      CONF_PATH, dc.entry->line, dc.entry->alias,
			      conf_conflict_reason(&ctl->conf, &dc, d, why, sizeof(why)));
	}
}

static void set_mode(struct list_ctl *ctl, enum output_mode mode)
{
	if (ctl->mode != OUT_TABLE && ctl->mode != mode)
		usage_error("options --json, --pairs and --raw are mutually exclusive");
	ctl->mode = mode;
}

static void usage_list(void)
{
	usage_top("list [options]",
		  "List disks with their aliases, identity, persistent names and mount points.");
	list_usage_options();
	usage_common_options();
	printf("\nAvailable output columns:\n");
	list_usage_columns();
	usage_more();
}

static int run_list(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "all",          no_argument,       NULL, 'a' },
		{ "bytes",        no_argument,       NULL, 'b' },
		{ "json",         no_argument,       NULL, 'J' },
		{ "noheadings",   no_argument,       NULL, 'n' },
		{ "output",       required_argument, NULL, 'o' },
		{ "pairs",        no_argument,       NULL, 'P' },
		{ "raw",          no_argument,       NULL, 'r' },
		{ "list-columns", no_argument,       NULL, OPT_LIST_COLUMNS },
		COMMON_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	struct list_ctl ctl = { .mode = OUT_TABLE };
	const char *outarg = NULL;
	struct disk_table dt;
	unsigned int scan = 0, conf_warnings = 0;
	bool have_conf;
	size_t i;
	int c, r;

	while ((c = getopt_long(argc, argv, "abJno:Pr" COMMON_SHORTOPTS,
				longopts, NULL)) != -1) {
		switch (c) {
		case 'a':
			ctl.all = true;
			break;
		case 'b':
			ctl.bytes = true;
			break;
		case 'J':
			set_mode(&ctl, OUT_JSON);
			break;
		case 'n':
			ctl.noheadings = true;
			break;
		case 'o':
			outarg = optarg;
			break;
		case 'P':
			set_mode(&ctl, OUT_PAIRS);
			break;
		case 'r':
			set_mode(&ctl, OUT_RAW);
			break;
		case OPT_LIST_COLUMNS:
			list_print_columns();
			return DA_EXIT_OK;
		default:
			common_option(c, optarg);
		}
	}
	if (optind < argc)
		usage_error("list: unexpected argument '%s'", argv[optind]);

	list_default_columns(&ctl);
	setup_sysroot();
	/*
	 * With a config, the configured alias shows beside the kernel's, and
	 * the file is checked whatever the columns: its problems are told
	 * and make the exit status 64, as diskalias(8) says.
	 */
	have_conf = faccessat(sysroot_fd(), &CONF_PATH[1], F_OK,
			      AT_SYMLINK_NOFOLLOW) == 0;
	if (have_conf)
		list_add_conf_columns(&ctl);
	if (outarg)
		list_parse_columns(&ctl, outarg);
	for (i = 0; i < ctl.ncolumns; i++)
		if (ctl.columns[i] == COL_CONF_ALIAS || ctl.columns[i] == COL_CONF_STATE)
			ctl.want_conf = true;
	if ((have_conf || ctl.want_conf) &&
	    conf_load_or_warn(CONF_PATH, true, true, &ctl.conf, NULL, NULL) < 0)
		conf_warnings = 1;	/* shown as unconfigured */

	for (i = 0; i < ctl.ncolumns; i++)
		scan |= infos[ctl.columns[i]].scan;
	if (!ctl.all)
		scan |= SCAN_HIDE_EMPTY;

	r = disks_scan(&dt, scan);
	if (r < 0) {
		errno = -r;
		err(DA_EXIT_FAILURE, "/sys/block");
	}
	conf_view_init(&ctl.view, &ctl.conf, &dt);
	if (ctl.want_conf)
		warn_conflicts(&ctl, &dt);
	if (ctl.mode == OUT_JSON)
		list_print_json(&ctl, &dt);
	else
		list_print_table(&ctl, &dt);

	r = dt.nwarnings || conf_warnings ? DA_EXIT_PARTIAL : DA_EXIT_OK;
	conf_view_free(&ctl.view);
	disks_free(&dt);
	conf_free(&ctl.conf);
	if (fflush(stdout) != 0 || ferror(stdout))
		err(DA_EXIT_FAILURE, "write error");
	return r;
}

const struct verb verb_list = {
	"list", run_list, usage_list, "",
	"list disks with aliases, persistent names and mount points",
};
