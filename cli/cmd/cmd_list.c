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

#include "alias/alias_rules.h"
#include "disk/disk_arg.h"
#include "diskalias.h"
#include "lib/sysroot.h"
#include "lib/xalloc.h"
#include "list.h"

/* A DISK argument of "list DISK...": a kernel name, or an alias to look up. */
struct list_arg {
	const char *arg;
	char name[DISK_NAME_MAX];	/* empty: arg is an alias */
	bool failed;			/* names nothing: told, left out */
};

/*
 * Resolve the DISK arguments before anything is read or printed: a disk in
 * any form the other verbs take, a partition for its disk, or (when it
 * names nothing else) an alias, looked up after the scan.  One that names
 * nothing is told in a line and left out, as lsblk does (*nfailed).
 */
static struct list_arg *resolve_args(char **args, int n, bool *want_alias,
				     int *nfailed)
{
	struct list_arg *la = xcalloc((size_t)n, sizeof(*la));
	char part[DISK_NAME_MAX], reason[DISK_NAME_MAX * 3];

	for (int i = 0; i < n; i++) {
		int st = disk_resolve(args[i], la[i].name, part);

		la[i].arg = args[i];
		if (st == DISK_ARG_OK || (st == DISK_ARG_PARTITION && la[i].name[0]))
			continue;
		/* a label's name may still be an alias */
		la[i].failed = (st != DISK_ARG_UNKNOWN &&
				st != DISK_ARG_CONTENT_NAME) ||
			       alias_check(args[i], strlen(args[i]), NULL) != 0;
		if (st == DISK_ARG_BROKEN_LINK || st == DISK_ARG_AMBIGUOUS ||
		    st == DISK_ARG_NVME_PATH)
			warnx("%s: %s", args[i],
			      disk_arg_reason(st, args[i], la[i].name, part,
					      reason, sizeof(reason)));
		else if (la[i].failed)
			warnx("%s: no such disk", args[i]);
		else
			*want_alias = true;
		*nfailed += la[i].failed;
		la[i].name[0] = '\0';
	}
	return la;
}

/*
 * The disk with alias: the kernel's, else (as resolve has it) the disk
 * /etc/diskalias.conf gives it when that disk has no alias in the kernel.
 */
static const struct disk *find_alias(const struct list_ctl *ctl,
				     const struct disk_table *dt,
				     const char *alias)
{
	const struct disk *d = disks_find_alias(dt, alias, NULL);
	struct conf_decision dc;

	for (size_t i = 0; !d && i < dt->ndisks; i++) {
		conf_decide(&ctl->view, &dt->disks[i], &dc);
		if (dc.verdict == CONF_GIVE && !dt->disks[i].alias &&
		    strcmp(dc.entry->alias, alias) == 0)
			d = &dt->disks[i];
	}
	return d;
}

/*
 * The disks the arguments name, in their order, each once: a table that
 * shares the disks of dt (free only its array).  One that names none is
 * told and left out (*nfailed).
 */
static void select_disks(const struct list_ctl *ctl, const struct disk_table *dt,
			 const struct list_arg *la, int n, struct disk_table *sel,
			 int *nfailed)
{
	*sel = *dt;
	sel->disks = xcalloc((size_t)n + 1, sizeof(*sel->disks));
	sel->ndisks = 0;
	for (int i = 0; i < n; i++) {
		const struct disk *d;
		size_t k;

		if (la[i].failed)
			continue;
		d = la[i].name[0] ? disks_find(dt, la[i].name) :
				    find_alias(ctl, dt, la[i].arg);
		if (!d) {
			warnx("%s: %s", la[i].arg,
			      la[i].name[0] ? "the disk went away" :
					      "no disk has this name or alias");
			(*nfailed)++;
			continue;
		}
		for (k = 0; k < sel->ndisks; k++)
			if (strcmp(sel->disks[k].name, d->name) == 0)
				break;
		if (k == sel->ndisks)
			sel->disks[sel->ndisks++] = *d;
	}
}

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
		usage_error("options --json, --pairs, --raw and --metrics are mutually exclusive");
	ctl->mode = mode;
}

static void usage_list(void)
{
	usage_top("list [options] [<disk>...]",
		  "List disks with their aliases, identity, persistent names and mount points:\n"
		  "every disk, or the disks given (a DISK, or an alias a disk has).");
	list_usage_options();
	usage_common_options();
	usage_disk_arg();
	printf("\nAvailable output columns:\n");
	list_usage_columns();
	usage_more();
}

enum { OPT_LIST_COLUMNS = OPT_VERB_BASE, OPT_METRICS, OPT_METRICS_FILE };

static const struct option list_longopts[] = {
	{ "all",          no_argument,       NULL, 'a' },
	{ "bytes",        no_argument,       NULL, 'b' },
	{ "json",         no_argument,       NULL, 'J' },
	{ "noheadings",   no_argument,       NULL, 'n' },
	{ "output",       required_argument, NULL, 'o' },
	{ "pairs",        no_argument,       NULL, 'P' },
	{ "raw",          no_argument,       NULL, 'r' },
	{ "shell",        no_argument,       NULL, 'y' },
	{ "list-columns", no_argument,       NULL, OPT_LIST_COLUMNS },
	{ "metrics",      no_argument,       NULL, OPT_METRICS },
	{ "metrics-file", required_argument, NULL, OPT_METRICS_FILE },
	COMMON_LONGOPTS,
	{ NULL, 0, NULL, 0 }
};
#define LIST_SHORTOPTS "abJno:Pry"

static int run_list(int argc, char **argv)
{
	struct list_ctl ctl = { .mode = OUT_TABLE };
	const char *outarg = NULL, *metrics_file = NULL;
	struct list_arg *la = NULL;
	struct disk_table dt, sel, *shown = &dt;
	bool want_alias = false;
	int nargs, nfailed = 0;
	unsigned int scan = 0, conf_warnings = 0;
	bool have_conf;
	size_t i;
	int c, r;

	while ((c = getopt_long(argc, argv, LIST_SHORTOPTS COMMON_SHORTOPTS,
				list_longopts, NULL)) != -1) {
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
		case 'y':
			ctl.shell = true;
			break;
		case OPT_LIST_COLUMNS:
			list_print_columns();
			return DA_EXIT_OK;
		case OPT_METRICS_FILE:
			if (!*optarg)
				usage_error("--metrics-file: an empty file name");
			metrics_file = optarg;
			/* fall through */
		case OPT_METRICS:
			set_mode(&ctl, OUT_METRICS);
			break;
		default:
			common_option(c, optarg);
		}
	}
	nargs = argc - optind;

	if (ctl.mode == OUT_METRICS && outarg)
		usage_error("--metrics: its labels are fixed; no --output");
	list_default_columns(&ctl);
	if (ctl.mode == OUT_METRICS)
		list_metrics_columns(&ctl);
	setup_sysroot();
	if (nargs > 0)
		la = resolve_args(argv + optind, nargs, &want_alias, &nfailed);
	/* none of the disks asked for: nothing to show */
	if (nfailed == nargs && nargs > 0)
		exit(DA_EXIT_FAILURE);
	/*
	 * A config is checked whatever the columns: its problems are told
	 * and make the exit status 64, as diskalias(8) says.  It never
	 * changes the default columns: scripts read -r's fields by place
	 * and eval -P's keys.
	 */
	have_conf = faccessat(sysroot_fd(), &CONF_PATH[1], F_OK,
			      AT_SYMLINK_NOFOLLOW) == 0;
	if (outarg)
		list_parse_columns(&ctl, outarg);
	for (i = 0; i < ctl.ncolumns; i++)
		if (ctl.columns[i] == COL_CONF_ALIAS || ctl.columns[i] == COL_CONF_STATE)
			ctl.want_conf = true;
	if ((have_conf || ctl.want_conf) &&
	    conf_load_or_warn(CONF_PATH, true, true, &ctl.conf, NULL, NULL) < 0)
		conf_warnings = 1;	/* shown as unconfigured */

	for (i = 0; i < ctl.ncolumns; i++)
		scan |= list_colinfos[ctl.columns[i]].scan;
	/* hidden disks (NVMe multipath paths) are not disks, as in lsblk */
	scan |= SCAN_HIDE_HIDDEN;
	/* a disk asked for by name is shown even when empty */
	if (!ctl.all && nargs == 0)
		scan |= SCAN_HIDE_EMPTY;
	/* an alias is the kernel's, or the one the config gives a disk */
	if (want_alias)
		scan |= SCAN_ALIAS | (have_conf ? SCAN_LINKS | SCAN_DM : 0);

	r = disks_scan(&dt, scan);
	if (r < 0) {
		errno = -r;
		err(DA_EXIT_FAILURE, "/sys/block");
	}
	conf_view_init(&ctl.view, &ctl.conf, &dt);
	if (la) {
		select_disks(&ctl, &dt, la, nargs, &sel, &nfailed);
		if (nfailed == nargs)
			exit(DA_EXIT_FAILURE);
		shown = &sel;
	}
	if (ctl.want_conf)
		warn_conflicts(&ctl, shown);
	if (ctl.mode == OUT_JSON)
		list_print_json(&ctl, shown);
	else if (ctl.mode == OUT_METRICS && !metrics_file)
		list_print_metrics(&ctl, shown, stdout);
	else if (ctl.mode == OUT_METRICS) {
		r = list_write_metrics(&ctl, shown, metrics_file);
		if (r < 0) {
			errno = -r;
			err(DA_EXIT_FAILURE, "cannot write %s", metrics_file);
		}
	} else
		list_print_table(&ctl, shown);
	if (la) {
		free(sel.disks);
		free(la);
	}

	r = dt.nwarnings || conf_warnings || nfailed ? DA_EXIT_PARTIAL : DA_EXIT_OK;
	conf_view_free(&ctl.view);
	disks_free(&dt);
	conf_free(&ctl.conf);
	if (fflush(stdout) != 0 || ferror(stdout))
		exit_write_error();
	return r;
}

const struct verb verb_list = {
	"list", run_list, usage_list, "[DISK...]",
	"list disks with aliases, persistent names and mount points",
	list_longopts, LIST_SHORTOPTS,
};
