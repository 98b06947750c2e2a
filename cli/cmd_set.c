// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diskalias set DISK ALIAS: write /sys/block/<disk>/alias.
 *
 * Every rule the kernel enforces is checked here first, so that a refusal
 * is explained in words and nothing is written; the kernel's own errno is
 * still translated for the cases user space cannot foresee (races).
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alias_rules.h"
#include "config.h"
#include "diskalias.h"
#include "disks.h"
#include "persist.h"
#include "sysroot.h"

#define NO_ATTRIBUTE "this kernel has no alias attribute (see kernel-patch/)"
#define NEEDS_ROOT "permission denied; setting an alias needs root"
#define KERNEL_SHAPED "it is shaped like a kernel device name, which a disk or partition added later could get; --force sets it anyway"

struct set_request {
	const char *subject;	/* the disk as named in messages */
	char disk[DISK_NAME_MAX];
	const char *alias;	/* as the kernel stores it (no newline) */
	char quoted[80];
	bool force;		/* --force: a kernel-name-shaped alias too */
};

static void __attribute__((noreturn, format(printf, 2, 3)))
refuse(const struct set_request *rq, const char *fmt, ...)
{
	char reason[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	errx(DA_EXIT_FAILURE, "%s: cannot set alias %s: %s", rq->subject,
	     rq->quoted, reason);
}

/* EEXIST: name whoever holds the alias, if a scan can still find them. */
static void __attribute__((noreturn)) refuse_taken(const struct set_request *rq)
{
	struct disk_table dt;
	const struct disk *self, *other;

	if (disks_scan(&dt, SCAN_ALIAS) == 0) {
		if (disks_find(&dt, rq->alias))
			refuse(rq, "it is the kernel name of disk %s", rq->alias);
		self = disks_find(&dt, rq->disk);
		other = disks_find_alias(&dt, rq->alias, self);
		if (other)
			refuse(rq, "disk %s already has it", other->name);
	}
	refuse(rq, "another disk has it, or it is the kernel name of a disk or partition");
}

static void __attribute__((noreturn)) refuse_busy(const struct set_request *rq)
{
	char *current = NULL, quoted[80];

	if (disk_read_alias(rq->disk, &current) > 0) {
		alias_quote(current, strlen(current), quoted, sizeof(quoted));
		refuse(rq, "the disk already has alias %s, which stays until the disk goes away",
		       quoted);
	}
	refuse(rq, "the disk already has another alias, which stays until the disk goes away");
}

/* Refuse what the kernel would refuse, before anything is written. */
static int check_request(const struct set_request *rq)
{
	char *current = NULL, quoted[80];
	struct disk_table dt;
	const struct disk *other;
	int r;

	r = disk_read_alias(rq->disk, &current);
	if (r == -ENOENT)
		refuse(rq, NO_ATTRIBUTE);
	if (r == -EILSEQ)
		refuse(rq, "/sys/block/%s/alias holds something that is not an alias",
		       rq->disk);
	if (r == -EACCES || r == -EPERM)
		refuse(rq, NEEDS_ROOT);
	if (r < 0)
		refuse(rq, "cannot read /sys/block/%s/alias: %s", rq->disk,
		       attr_strerror(-r));
	if (r > 0) {
		bool same = strcmp(current, rq->alias) == 0;

		alias_quote(current, strlen(current), quoted, sizeof(quoted));
		free(current);
		if (same)
			return 1;	/* as the kernel: success, no change */
		refuse(rq, "the disk already has alias %s, which stays until the disk goes away",
		       quoted);
	}

	r = disks_scan(&dt, SCAN_ALIAS);
	if (r < 0)
		refuse(rq, "cannot read /sys/block: %s", strerror(-r));
	if (disks_find(&dt, rq->alias))
		refuse(rq, "it is the kernel name of disk %s", rq->alias);
	if (!rq->force && alias_kernel_shaped(rq->alias, strlen(rq->alias)))
		refuse(rq, KERNEL_SHAPED);
	other = disks_find_alias(&dt, rq->alias, NULL);
	if (other)
		refuse(rq, "disk %s already has it", other->name);
	/* an alias we could not read may be this one: do not guess */
	for (size_t i = 0; i < dt.ndisks; i++)
		if (dt.disks[i].alias_unknown && strcmp(dt.disks[i].name, rq->disk) != 0)
			refuse(rq, "cannot tell whether disk %s has it: its alias could not be read",
			       dt.disks[i].name);
	disks_free(&dt);
	return 0;
}

/*
 * The config gives the alias to another disk: setting it here would make
 * that disk's alias a conflict (conf_decide()) once it is seen.  set
 * --persist makes the same check on the file it is about to write.
 */
static void check_config(const struct set_request *rq)
{
	const struct conf_entry *e;
	struct disk_table dt;
	const struct disk *d;
	struct conf c;

	if (conf_load(CONF_PATH, true, true, &c, NULL, NULL) < 0 || c.nproblems) {
		conf_free(&c);
		return;		/* apply says what is wrong with the file */
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
			refuse(rq, "%s:%u gives it to %s%s", CONF_PATH, e->line,
			       e->device, who);
		}
		disks_free(&dt);
	}
	conf_free(&c);
}

static void write_alias(const struct set_request *rq)
{
	char path[DISK_NAME_MAX + 32];
	size_t len = strlen(rq->alias);
	ssize_t n;
	int fd, e;

	snprintf(path, sizeof(path), "/sys/block/%s/alias", rq->disk);
	fd = sysroot_open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK);
	e = fd < 0 ? errno : -check_regular(fd);
	if (fd >= 0 && e) {
		close(fd);
		refuse(rq, "cannot open %s: %s", path, attr_strerror(e));
	}
	if (fd < 0) {
		if (e == ENOENT)
			refuse(rq, NO_ATTRIBUTE);
		if (e == EACCES || e == EPERM)
			refuse(rq, NEEDS_ROOT);
		refuse(rq, "cannot open %s: %s", path, strerror(e));
	}
	/* one write(2): sysfs takes the whole value in a single store() */
	n = write(fd, rq->alias, len);
	e = n < 0 ? errno : 0;
	if (close(fd) != 0 && !e)
		e = errno;
	if (n >= 0 && (size_t)n != len && !e)
		e = EIO;
	switch (e) {
	case 0:
		return;
	case EINVAL:
		refuse(rq, "the kernel says it is not a valid alias");
	case EBUSY:
		refuse_busy(rq);
	case EEXIST:
		refuse_taken(rq);
	case ENOENT:
		refuse(rq, NO_ATTRIBUTE);
	case ENODEV:
		refuse(rq, "the disk is being added or deleted");
	case EACCES:
	case EPERM:
		refuse(rq, NEEDS_ROOT);
	default:
		refuse(rq, "writing %s failed: %s", path, strerror(e));
	}
}

enum { OPT_PERSIST = OPT_VERB_BASE, OPT_FORCE };

int verb_set(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "persist", no_argument, NULL, OPT_PERSIST },
		{ "force",   no_argument, NULL, OPT_FORCE },
		COMMON_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	char part[DISK_NAME_MAX], reason[DISK_NAME_MAX * 3];
	struct set_request rq = { 0 };
	struct alias_check chk;
	bool persist = false;
	char *alias, *current;
	int i, st, c;

	while ((c = getopt_long(argc, argv, COMMON_SHORTOPTS, longopts, NULL)) != -1) {
		if (c == OPT_PERSIST)
			persist = true;
		else if (c == OPT_FORCE)
			rq.force = true;
		else
			common_option(c, optarg);
	}
	i = optind;
	if (argc - i != 2)
		usage_error("set: needs DISK and ALIAS");
	setup_sysroot();

	rq.subject = argv[i];
	alias = argv[i + 1];
	alias_quote(alias, strlen(alias), rq.quoted, sizeof(rq.quoted));

	st = disk_resolve(argv[i], rq.disk, part);
	if (st != DISK_ARG_OK)
		refuse(&rq, "%s", disk_arg_reason(st, argv[i], rq.disk, part,
						  reason, sizeof(reason)));
	rq.subject = rq.disk;

	if (alias_check(alias, strlen(alias), &chk) != 0)
		refuse(&rq, "%s", alias_reason(&chk, reason, sizeof(reason)));
	alias[chk.len] = '\0';	/* the kernel drops one trailing newline */
	rq.alias = alias;
	alias_quote(alias, chk.len, rq.quoted, sizeof(rq.quoted));

	/*
	 * --persist: every check (config, then kernel) before any write;
	 * then the config, then the attribute, the config put back should
	 * the kernel still refuse.  Without the attribute the entry is
	 * still recorded: udev makes /dev/disk/by-alias links from it.
	 */
	if (persist) {
		persist_prepare(rq.disk, rq.subject, alias, rq.quoted);
		if (disk_read_alias(rq.disk, &current) == -ENOENT) {
			persist_write();
			persist_done();
			warnx("%s: alias %s recorded in /etc/diskalias.conf, not set: %s",
			      rq.subject, rq.quoted, NO_ATTRIBUTE);
			return DA_EXIT_OK;
		}
		free(current);
	}
	if (!persist)
		check_config(&rq);
	st = check_request(&rq);
	if (persist)
		persist_write();
	if (st != 1)
		write_alias(&rq);
	if (persist)
		persist_done();
	return DA_EXIT_OK;
}
