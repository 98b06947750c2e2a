// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diskalias apply [--config FILE] [--dry-run] [DISK...]: give each disk
 * present the alias /etc/diskalias.conf records for it.
 * --udev DISK, for the one disk of a udev event, is cmd_apply_udev.c.
 */
#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alias/alias_rules.h"
#include "apply.h"
#include "change_report.h"
#include "conf/conf.h"
#include "conf/conf_decide.h"
#include "disk/alias_attr.h"
#include "disk/disk_arg.h"
#include "disk/disks.h"
#include "diskalias.h"
#include "lib/xalloc.h"

enum {
	OPT_CONFIG = OPT_VERB_BASE,
	OPT_DRY_RUN,
	OPT_CHECK,
	OPT_UDEV,
	OPT_RECORD_EXPORT,
};

struct apply_ctx {
	const char *path;	/* the config, as named in messages */
	bool dry_run;		/* --dry-run or --check: change nothing */
	bool check;		/* --check: exit 8 when something would change */
	struct change_report report;	/* what was done, disk by disk */
};

static void usage_apply(void)
{
	usage_top("apply [options] [DISK...]\n"
		  "apply --udev DISK",
		  "Set the aliases /etc/diskalias.conf records on the disks present.");
	printf("     --config <file>   read this config instead of /etc/diskalias.conf\n");
	printf("     --dry-run         say what would be done, change nothing\n");
	printf("     --check           as --dry-run; exit 8 when something would change\n");
	printf(" -J, --json            report what was done, disk by disk, in JSON\n");
	printf("     --udev            for a udev rule: one disk, print DISKALIAS_ALIAS=\n");
	printf("     --record-export <file>\n");
	printf("                       with --udev: append the name record to <file> as\n");
	printf("                       journal export text, not to the journal\n");
	usage_common_options();
	printf("\nExit status: 0 all set, 1 none set, 64 some set, 8 some to set (--check);\n"
	       "see diskalias(8).\n");
}

/* A disk's report: e's alias on disk name (-J), told unless -J or failed. */
static void entry_done(struct apply_ctx *ax, const char *name,
		       const struct conf_entry *e, enum change_result result,
		       const char *reason)
{
	struct change_item *it;

	it = change_add(&ax->report, name, e ? e->alias : NULL, result, reason);
	if (e) {
		it->device = xstrdup(e->device);
		it->line = e->line;
	}
	if (ax->report.json || result == CHANGE_REFUSED)
		return;
	if (result == CHANGE_UNCHANGED)
		printf("%s: alias %s already set\n", name, e->alias);
	else if (ax->dry_run)
		printf("%s: would set alias %s\n", name, e->alias);
	else
		printf("%s: alias %s set\n", name, e->alias);
}

/* Entry e cannot give disk (or partition) name its alias: say why. */
static void __attribute__((format(printf, 4, 5)))
entry_failed(struct apply_ctx *ax, const char *name,
	     const struct conf_entry *e, const char *fmt, ...)
{
	char reason[512], q[80];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	warnx("%s:%u: alias %s for %s: %s", ax->path, e->line,
	      alias_quote(e->alias, strlen(e->alias), q, sizeof(q)),
	      e->device, reason);
	entry_done(ax, name, e, CHANGE_REFUSED, reason);
}

/* A DISK argument that names no disk, or one without an entry. */
static void __attribute__((format(printf, 3, 4)))
disk_failed(struct apply_ctx *ax, const char *name, const char *fmt, ...)
{
	char reason[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	warnx("%s: %s", name, reason);
	entry_done(ax, name, NULL, CHANGE_REFUSED, reason);
}

static void apply_one(struct apply_ctx *ax, const struct disk_table *dt,
		      const struct disk *d, const struct conf_entry *e)
{
	const struct disk *other;
	int r, part;

	if (d->alias) {
		if (strcmp(d->alias, e->alias) == 0) {
			entry_done(ax, d->name, e, CHANGE_UNCHANGED, NULL);
			return;
		}
		entry_failed(ax, d->name, e,
			     "disk %s already has alias \"%s\", " ALIAS_STAYS,
			     d->name, d->alias);
		return;
	}
	if (!d->has_alias_attr) {
		entry_failed(ax, d->name, e, "disk %s: %s", d->name,
			     ALIAS_NO_ATTRIBUTE);
		return;
	}
	other = disks_find_name(dt, e->alias, &part);
	if (other && part < 0) {
		entry_failed(ax, d->name, e, "it is the kernel name of disk %s",
			     e->alias);
		return;
	}
	if (other) {
		entry_failed(ax, d->name, e,
			     "it is the kernel name of partition %s of disk %s",
			     e->alias, other->name);
		return;
	}
	if (!ax->dry_run) {
		r = alias_attr_write(d->name, e->alias, NULL);
		if (r) {
			entry_failed(ax, d->name, e, "disk %s: %s", d->name,
				     alias_attr_strerror(-r));
			return;
		}
		exit_note_changed();
	}
	entry_done(ax, d->name, e, CHANGE_CHANGED, NULL);
}

/* Apply to disk d what conf_decide() gives it; a conflict fails. */
static void apply_disk(struct apply_ctx *ax, const struct conf_view *v,
		       const struct disk *d, bool named)
{
	const struct conf *c = v->c;
	struct conf_decision dc;
	char why[512];

	conf_decide(v, d, &dc);
	if (dc.verdict == CONF_NONE) {
		if (named)
			disk_failed(ax, d->name, "no entry in %s names this disk",
				    ax->path);
		return;
	}
	if (dc.verdict == CONF_CONFLICT && dc.conflict == CONFLICT_ENTRIES) {
		const struct conf_entry **es = xcalloc(d->nlinks, sizeof(*es));
		size_t n = conf_entries_of_disk(c, d, es);

		/* es[0] is dc.entry, the first */
		for (size_t i = 1; i < n; i++)
			entry_failed(ax, d->name, es[i],
				     "disk %s has alias \"%s\" on line %u too; neither is set",
				     d->name, dc.entry->alias, dc.entry->line);
		free(es);
		return;
	}
	if (dc.verdict == CONF_CONFLICT) {
		entry_failed(ax, d->name, dc.entry, "disk %s: conflict: %s", d->name,
			     conf_conflict_reason(c, &dc, d, why, sizeof(why)));
		return;
	}
	apply_one(ax, v->dt, d, dc.entry);
}

/* An entry naming a partition's link is a mistake worth a line. */
static void check_partitions(struct apply_ctx *ax, const struct disk_table *dt,
			     const struct conf *c)
{
	/* per entry: the first partition link it names, in disk order */
	const struct disk **disk = xcalloc(c->nentries, sizeof(*disk));
	const struct disk_link **link = xcalloc(c->nentries, sizeof(*link));

	for (size_t i = 0; i < dt->ndisks; i++) {
		const struct disk *d = &dt->disks[i];

		for (size_t j = 0; j < d->nlinks; j++) {
			const struct disk_link *l = &d->links[j];
			const struct conf_entry *e;

			if (l->part < 0 || !(e = conf_find_link(c, l->dir, l->name)) ||
			    disk[e - c->entries])
				continue;
			disk[e - c->entries] = d;
			link[e - c->entries] = l;
		}
	}
	for (size_t k = 0; k < c->nentries; k++)
		if (disk[k])
			entry_failed(ax, disk[k]->parts[link[k]->part].name,
				     &c->entries[k],
				     "it is partition %s of disk %s; aliases name whole disks",
				     disk[k]->parts[link[k]->part].name, disk[k]->name);
	free(disk);
	free(link);
}

/* The report (-J) and the exit status. */
static int finish(struct apply_ctx *ax)
{
	int st;

	if (ax->report.json)
		change_print_json(&ax->report);
	st = change_exit_status(&ax->report, ax->check);
	change_free(&ax->report);
	return st;
}

static int apply_all(struct apply_ctx *ax, bool in_sysroot, char **disks,
		     int ndisks)
{
	struct disk_table dt;
	struct conf_view v;
	struct conf c;
	bool *named;
	int r;

	if (conf_load_or_warn(ax->path, in_sysroot, in_sysroot, &c, NULL, NULL) < 0) {
		char reason[PATH_MAX + 64];

		snprintf(reason, sizeof(reason),
			 "%s cannot be read or has problems; nothing is set",
			 ax->path);
		change_error(&ax->report, reason);
		return finish(ax);
	}
	r = disks_scan(&dt, SCAN_ALIAS | SCAN_LINKS | SCAN_DM);
	if (r < 0) {
		char reason[256];

		snprintf(reason, sizeof(reason), "cannot read /sys/block: %s",
			 strerror(-r));
		warnx("%s", reason);
		change_error(&ax->report, reason);
		conf_free(&c);
		return finish(ax);
	}
	conf_view_init(&v, &c, &dt);
	if (ndisks == 0) {
		for (size_t i = 0; i < dt.ndisks; i++)
			apply_disk(ax, &v, &dt.disks[i], false);
		check_partitions(ax, &dt, &c);
	}
	/* "apply sdb /dev/sdb": one disk, applied and told once */
	named = xcalloc(dt.ndisks ? dt.ndisks : 1, sizeof(*named));
	for (int i = 0; i < ndisks; i++) {
		char name[DISK_NAME_MAX], part[DISK_NAME_MAX];
		char reason[DISK_NAME_MAX * 3];
		const struct disk *d;
		int st = disk_resolve(disks[i], name, part);

		if (st != DISK_ARG_OK) {
			disk_failed(ax, disks[i], "%s",
				    disk_arg_reason(st, disks[i], name, part,
						    reason, sizeof(reason)));
			continue;
		}
		d = disks_find(&dt, name);
		if (!d) {
			disk_failed(ax, disks[i], "no such disk");
			continue;
		}
		if (named[d - dt.disks])
			continue;
		named[d - dt.disks] = true;
		apply_disk(ax, &v, d, true);
	}
	free(named);
	conf_view_free(&v);
	disks_free(&dt);
	conf_free(&c);
	return finish(ax);
}

static const struct option apply_longopts[] = {
	{ "config",  required_argument, NULL, OPT_CONFIG },
	{ "dry-run", no_argument,       NULL, OPT_DRY_RUN },
	{ "check",   no_argument,       NULL, OPT_CHECK },
	{ "json",    no_argument,       NULL, 'J' },
	{ "udev",    no_argument,       NULL, OPT_UDEV },
	{ "record-export", required_argument, NULL, OPT_RECORD_EXPORT },
	COMMON_LONGOPTS,
	{ NULL, 0, NULL, 0 }
};

static int run_apply(int argc, char **argv)
{
	struct apply_ctx ax = { 0 };
	const char *config = NULL, *record_export = NULL;
	bool udev = false;
	int c;

	while ((c = getopt_long(argc, argv, "J" COMMON_SHORTOPTS, apply_longopts,
				NULL)) != -1) {
		switch (c) {
		case OPT_CONFIG:
			config = optarg;
			break;
		case OPT_DRY_RUN:
			ax.dry_run = true;
			break;
		case OPT_CHECK:
			ax.dry_run = ax.check = true;
			break;
		case 'J':
			ax.report.json = true;
			break;
		case OPT_UDEV:
			udev = true;
			break;
		case OPT_RECORD_EXPORT:
			record_export = optarg;
			break;
		default:
			common_option(c, optarg);
		}
	}
	if (udev && (argc - optind != 1 || ax.dry_run || ax.report.json))
		usage_error("apply: --udev takes one DISK and no --dry-run, --check or --json");
	if (record_export && !udev)
		usage_error("apply: --record-export goes with --udev");
	setup_sysroot();

	ax.path = config ? config : CONF_PATH;
	if (udev)
		return apply_udev(ax.path, !config, argv[optind], record_export);
	ax.report.check = ax.dry_run;
	return apply_all(&ax, !config, argv + optind, argc - optind);
}

const struct verb verb_apply = {
	"apply", run_apply, usage_apply, "[DISK...]",
	"set the aliases of diskalias.conf (see apply --help)",
	apply_longopts, "J",
};
