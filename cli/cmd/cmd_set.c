// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diskalias set [--persist] [--force] DISK ALIAS: write
 * /sys/block/<disk>/alias (and record it in /etc/diskalias.conf).
 *
 * Every rule the kernel enforces is checked here first, so that a refusal
 * is explained in words and nothing is written; the kernel's own errno is
 * still translated for the cases user space cannot foresee (races).
 */
#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alias/alias_rules.h"
#include "change_report.h"
#include "conf/conf.h"
#include "conf/persist.h"
#include "disk/alias_attr.h"
#include "disk/disk_arg.h"
#include "disk/disks.h"
#include "disk/links.h"
#include "diskalias.h"
#include "lib/sysroot.h"

#define KERNEL_SHAPED "it is shaped like a kernel device name, which a disk or partition added later could get; --force sets it anyway"

struct set_request {
	const char *subject;	/* the disk as named in messages */
	char disk[DISK_NAME_MAX];
	const char *alias;	/* as the kernel stores it (no newline) */
	char quoted[80];
	bool force;		/* --force: a kernel-name-shaped alias too */
	const char *key;	/* --key: the link to record, or NULL */
	bool check;		/* --check: say what would change, change nothing */
	bool json;		/* -J: the report (change_report.h) is the output */
	char why[1024];		/* the reason of a refusal */
};

/* Put the reason of a refusal in rq->why; returns -1. */
static int __attribute__((format(printf, 2, 3)))
refuse(struct set_request *rq, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(rq->why, sizeof(rq->why), fmt, ap);
	va_end(ap);
	return -1;
}

/* The report of the one disk (-J); set's exit status. */
static int report(const struct set_request *rq, enum change_result result,
		  enum change_place kernel, enum change_place config)
{
	struct change_report r = { .json = rq->json, .check = rq->check, .set = true };
	struct change_item *it;
	int st;

	it = change_add(&r, rq->subject, rq->alias, result,
			result == CHANGE_REFUSED ? rq->why : NULL);
	it->kernel = kernel;
	it->config = config;
	if (rq->json)
		change_print_json(&r);
	st = change_exit_status(&r, rq->check);
	change_free(&r);
	return st;
}

static void refused(const struct set_request *rq)
{
	warnx("%s: cannot set alias %s: %s", rq->subject, rq->quoted, rq->why);
}

static void __attribute__((noreturn)) fail(const struct set_request *rq)
{
	refused(rq);
	exit(report(rq, CHANGE_REFUSED, PLACE_NONE, PLACE_NONE));
}

/* A line on standard output for what was not done, or would be (-J: none). */
static void __attribute__((format(printf, 2, 3)))
tell(const struct set_request *rq, const char *fmt, ...)
{
	va_list ap;

	if (rq->json)
		return;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}

/*
 * Say what was, or with --check would be, done; changed: the kernel's
 * alias (kernel) or the config (config).  A change done is not told, as
 * usermod(8) does; nothing to do is.
 */
static int done(const struct set_request *rq, enum change_place kernel,
		enum change_place config, const struct persist_txn *t)
{
	bool changed = kernel == PLACE_CHANGED || config == PLACE_CHANGED;

	if (rq->check && kernel == PLACE_CHANGED)
		tell(rq, "%s: would set alias %s\n", rq->disk, rq->alias);
	if (rq->check && config == PLACE_CHANGED)
		tell(rq, "%s: would record alias %s in %s as %s\n", rq->disk,
		     rq->alias, CONF_PATH, t->key);
	if (!changed && config == PLACE_NONE)
		tell(rq, "%s: alias %s already set\n", rq->disk, rq->alias);
	else if (!changed && kernel == PLACE_UNCHANGED)
		tell(rq, "%s: alias %s already set and recorded in %s:%u\n",
		     rq->disk, rq->alias, CONF_PATH, t->line);
	else if (!changed)
		tell(rq, "%s: alias %s already recorded in %s:%u\n", rq->disk,
		     rq->alias, CONF_PATH, t->line);
	return report(rq, changed ? CHANGE_CHANGED : CHANGE_UNCHANGED, kernel,
		      config);
}

/* EEXIST: name whoever holds the alias, if a scan can still find them. */
static int refuse_taken(struct set_request *rq)
{
	const struct disk *self, *other;
	struct disk_table dt;
	int r = 0;

	if (disks_scan(&dt, SCAN_ALIAS) == 0) {
		self = disks_find(&dt, rq->disk);
		other = disks_find_alias(&dt, rq->alias, self);
		if (disks_find(&dt, rq->alias))
			r = refuse(rq, "it is the kernel name of disk %s", rq->alias);
		else if (other)
			r = refuse(rq, "disk %s already has it", other->name);
		disks_free(&dt);
	}
	if (r)
		return r;
	return refuse(rq, "another disk has it, or it is the kernel name of a disk or partition");
}

static int refuse_busy(struct set_request *rq)
{
	char *current = NULL, quoted[80];
	int r;

	if (alias_attr_read(rq->disk, &current) > 0) {
		alias_quote(current, strlen(current), quoted, sizeof(quoted));
		r = refuse(rq, "the disk already has alias %s, " ALIAS_STAYS, quoted);
		free(current);
		return r;
	}
	return refuse(rq, "the disk already has another alias, " ALIAS_STAYS);
}

/* The disks other than rq's: does one have the alias, or may it? */
static int check_other_disks(struct set_request *rq, const struct disk_table *dt)
{
	char why[PATH_MAX + 2 * DISK_NAME_MAX];
	const struct disk *other;
	int part;

	/* --force allows a kernel name's shape, never a present device's name */
	other = disks_find_name(dt, rq->alias, &part);
	if (other && part < 0)
		return refuse(rq, "it is the kernel name of disk %s", rq->alias);
	if (other)
		return refuse(rq, "it is the kernel name of partition %s of disk %s",
			      rq->alias, other->name);
	/* nor another device's name a DISK argument finds (diskalias(8)) */
	if (link_names_device(dt, rq->alias, rq->disk, why, sizeof(why)))
		return refuse(rq, "it names another device: %s", why);
	if (!rq->force && alias_kernel_shaped(rq->alias, strlen(rq->alias)))
		return refuse(rq, KERNEL_SHAPED);
	other = disks_find_alias(dt, rq->alias, NULL);
	if (other)
		return refuse(rq, "disk %s already has it", other->name);
	/* an alias we could not read may be this one: do not guess */
	for (size_t i = 0; i < dt->ndisks; i++)
		if (dt->disks[i].alias_unknown && strcmp(dt->disks[i].name, rq->disk) != 0)
			return refuse(rq, "cannot tell whether disk %s has it: its alias could not be read",
				      dt->disks[i].name);
	return 0;
}

/*
 * Refuse what the kernel would refuse, before anything is written.
 * Returns 1 when the disk has the alias already, 0 to write it, -1 with
 * the reason in rq->why.  dt: the disks when scanned already (with
 * SCAN_ALIAS | SCAN_LINKS | SCAN_DM), or NULL.
 */
static int check_request(struct set_request *rq, const struct disk_table *dt)
{
	char *current = NULL, quoted[80];
	struct disk_table own;
	int r;

	r = alias_attr_read(rq->disk, &current);
	if (r == -ENOENT)
		return refuse(rq, ALIAS_NO_ATTRIBUTE);
	if (r == -EILSEQ)
		return refuse(rq, "/sys/block/%s/alias holds something that is not an alias",
			      rq->disk);
	if (r == -EACCES || r == -EPERM)
		return refuse(rq, ALIAS_NEEDS_ROOT);
	if (r < 0)
		return refuse(rq, "cannot read /sys/block/%s/alias: %s", rq->disk,
			      attr_strerror(-r));
	if (r > 0) {
		bool same = strcmp(current, rq->alias) == 0;

		alias_quote(current, strlen(current), quoted, sizeof(quoted));
		free(current);
		if (same)
			return 1;	/* as the kernel: success, no change */
		return refuse(rq, "the disk already has alias %s, " ALIAS_STAYS, quoted);
	}
	if (dt)
		return check_other_disks(rq, dt);
	r = disks_scan(&own, SCAN_ALIAS | SCAN_PARTS | SCAN_LINKS | SCAN_DM);
	if (r < 0)
		return refuse(rq, "cannot read /sys/block: %s", strerror(-r));
	r = check_other_disks(rq, &own);
	disks_free(&own);
	return r;
}

/*
 * The config gives the alias to another disk: setting it here would make
 * that disk's alias a conflict (conf_decide()) once it is seen.  set
 * --persist makes the same check on the file it is about to write.
 */
static int check_config(struct set_request *rq)
{
	const struct conf_entry *e;
	struct disk_table dt;
	const struct disk *d;
	struct conf c;
	int r = 0;

	if (conf_load(CONF_PATH, true, true, &c, NULL, NULL) < 0 || c.nproblems) {
		conf_free(&c);
		return 0;	/* apply says what is wrong with the file */
	}
	e = conf_find_alias(&c, rq->alias);
	if (e && disks_scan(&dt, SCAN_LINKS) == 0) {
		d = disks_find(&dt, rq->disk);
		if (!d || !conf_entry_matches_disk(e, d)) {
			char who[DISK_NAME_MAX + 16] = "";

			for (size_t i = 0; i < dt.ndisks; i++)
				if (conf_entry_matches_disk(e, &dt.disks[i]))
					snprintf(who, sizeof(who), " (disk %s)",
						 dt.disks[i].name);
			r = refuse(rq, "%s:%u gives it to %s%s", CONF_PATH, e->line,
				   e->device, who);
		}
		disks_free(&dt);
	}
	conf_free(&c);
	return r;
}

static int write_alias(struct set_request *rq)
{
	char path[DISK_NAME_MAX + 32];
	enum alias_write_step step;
	const char *reason;
	int e;

	snprintf(path, sizeof(path), "/sys/block/%s/alias", rq->disk);
	e = -alias_attr_write(rq->disk, rq->alias, &step);
	if (!e)
		return 0;
	reason = alias_attr_reason(e);
	if (step == ALIAS_AT_WRITE) {
		if (e == EBUSY)
			return refuse_busy(rq);
		if (e == EEXIST)
			return refuse_taken(rq);
		if (reason)
			return refuse(rq, "%s", reason);
		return refuse(rq, "writing %s failed: %s", path, strerror(e));
	}
	if (step == ALIAS_AT_OPEN && (e == ENOENT || e == EACCES || e == EPERM))
		return refuse(rq, "%s", reason);
	return refuse(rq, "cannot open %s: %s", path,
		      attr_strerror(e));
}

/*
 * --persist: every check (config, then kernel) before any write; then
 * the config, then the attribute, the config put back should the kernel
 * still refuse.  Without the attribute the entry is still recorded:
 * udev makes /dev/disk/by-alias links from it.  The disks are read once.
 */
static int set_persist(struct set_request *rq)
{
	enum change_place kernel = PLACE_CHANGED, config;
	struct persist_txn t;
	struct disk_table dt;
	const struct disk *d;
	char *current, why[1024];
	int r, st;

	r = disks_scan(&dt, SCAN_ALIAS | SCAN_LINKS | SCAN_DM);
	if (r < 0) {
		refuse(rq, "cannot read /sys/block: %s", strerror(-r));
		fail(rq);
	}
	d = disks_find(&dt, rq->disk);
	if (!d) {
		refuse(rq, "the disk is gone");
		fail(rq);
	}
	if (persist_begin(&t, &dt, d, rq->alias, rq->key, !rq->check, rq->why,
			  sizeof(rq->why)) < 0)
		fail(rq);
	config = t.changes ? PLACE_CHANGED : PLACE_UNCHANGED;
	if (alias_attr_read(rq->disk, &current) == -ENOENT) {
		if (!rq->check && persist_commit(&t, rq->why, sizeof(rq->why)) < 0)
			fail(rq);
		if (!t.changes)
			warnx("%s: alias %s not set: %s", rq->subject,
			      rq->quoted, ALIAS_NO_ATTRIBUTE);
		else
			warnx("%s: alias %s %s in /etc/diskalias.conf, not set: %s",
			      rq->subject, rq->quoted,
			      rq->check ? "would be recorded" : "recorded",
			      ALIAS_NO_ATTRIBUTE);
		st = done(rq, PLACE_NO_ATTR, config, &t);
		persist_end(&t);
		disks_free(&dt);
		return st;
	}
	free(current);
	st = check_request(rq, &dt);
	disks_free(&dt);
	if (st < 0)
		fail(rq);
	if (st == 1)
		kernel = PLACE_UNCHANGED;
	if (rq->check) {
		st = done(rq, kernel, config, &t);
		persist_end(&t);
		return st;
	}
	if (persist_commit(&t, rq->why, sizeof(rq->why)) < 0)
		fail(rq);
	if (st != 1 && write_alias(rq) < 0) {
		refused(rq);
		if (persist_rollback(&t, why, sizeof(why)) < 0)
			warnx("%s", why);
		persist_end(&t);
		return report(rq, CHANGE_REFUSED, PLACE_NONE, PLACE_NONE);
	}
	if (config == PLACE_CHANGED || kernel == PLACE_CHANGED)
		exit_note_changed();
	st = done(rq, kernel, config, &t);
	persist_end(&t);
	return st;
}

enum { OPT_PERSIST = OPT_VERB_BASE, OPT_FORCE, OPT_KEY, OPT_CHECK };

void set_usage_options(void)
{
	printf("     --persist         also record it in /etc/diskalias.conf\n");

	printf("     --force           allow an alias shaped like a kernel name (sdq, md0)\n");
	printf("     --key <link>      with --persist: record the disk by this by-id or\n"
	       "                         by-path link\n");
	printf("     --check           say what would change, change nothing\n");
	printf(" -J, --json            report what was done in JSON\n");
}

static void usage_set(void)
{
	usage_top("set [options] DISK ALIAS",
		  "Give DISK the alias ALIAS: write /sys/block/<disk>/alias.");
	set_usage_options();
	usage_common_options();
	usage_disk_arg();
	usage_more();
}

static const struct option set_longopts[] = {
	{ "persist", no_argument, NULL, OPT_PERSIST },
	{ "force",   no_argument, NULL, OPT_FORCE },
	{ "key",     required_argument, NULL, OPT_KEY },
	{ "check",   no_argument, NULL, OPT_CHECK },
	{ "json",    no_argument, NULL, 'J' },
	COMMON_LONGOPTS,
	{ NULL, 0, NULL, 0 }
};

static int run_set(int argc, char **argv)
{
	char part[DISK_NAME_MAX], reason[DISK_NAME_MAX * 3];
	struct set_request rq = { 0 };
	struct alias_check chk;
	bool persist = false;
	char *alias;
	int i, st, c;

	while ((c = getopt_long(argc, argv, "J" COMMON_SHORTOPTS, set_longopts,
				NULL)) != -1) {
		if (c == OPT_PERSIST)
			persist = true;
		else if (c == OPT_CHECK)
			rq.check = true;
		else if (c == 'J')
			rq.json = true;
		else if (c == OPT_FORCE)
			rq.force = true;
		else if (c == OPT_KEY)
			rq.key = optarg;
		else
			common_option(c, optarg);
	}
	i = optind;
	if (argc - i != 2)
		usage_error("set: needs DISK and ALIAS");
	if (rq.key && !persist)
		usage_error("set: --key needs --persist");
	setup_sysroot();

	rq.subject = argv[i];
	rq.alias = alias = argv[i + 1];
	alias_quote(alias, strlen(alias), rq.quoted, sizeof(rq.quoted));

	st = disk_resolve(argv[i], rq.disk, part);
	if (st != DISK_ARG_OK) {
		refuse(&rq, "%s", disk_arg_reason(st, argv[i], rq.disk, part,
						  reason, sizeof(reason)));
		fail(&rq);
	}
	rq.subject = rq.disk;

	if (alias_check(alias, strlen(alias), &chk) != 0) {
		refuse(&rq, "%s", alias_reason(&chk, reason, sizeof(reason)));
		fail(&rq);
	}
	alias[chk.len] = '\0';	/* the kernel drops one trailing newline */
	rq.alias = alias;
	alias_quote(alias, chk.len, rq.quoted, sizeof(rq.quoted));

	if (persist)
		return set_persist(&rq);
	if (check_config(&rq) < 0)
		fail(&rq);
	st = check_request(&rq, NULL);
	if (st < 0 || (st != 1 && !rq.check && write_alias(&rq) < 0))
		fail(&rq);
	if (st != 1 && !rq.check)
		exit_note_changed();
	return done(&rq, st == 1 ? PLACE_UNCHANGED : PLACE_CHANGED, PLACE_NONE,
		    NULL);
}

const struct verb verb_set = {
	"set", run_set, usage_set, "DISK ALIAS",
	"give DISK the alias ALIAS (--persist: and record it)",
	set_longopts, "J",
};
