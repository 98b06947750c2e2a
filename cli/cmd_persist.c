// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The config side of "diskalias set --persist DISK ALIAS" and
 * "diskalias forget ALIAS".
 *
 * set --persist takes the config's lock, checks that the new entry keeps
 * the file valid, and only then (after the kernel checks of cmd_set.c)
 * writes the file and the attribute.  Should the kernel refuse after the
 * file was written, an exit handler puts the old file back, still under
 * the lock, so that no failure leaves an entry the kernel never took.
 */
#include "persist.h"

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "alias_rules.h"
#include "conf_decide.h"
#include "config.h"
#include "diskalias.h"
#include "disks.h"
#include "sysroot.h"

static struct {
	char *old_text, *new_text;
	size_t old_len, new_len;
	bool existed;		/* the file was there before */
	bool changes;		/* new_text differs from old_text */
	bool armed;		/* written: restore on a failing exit */
	char key[4096];		/* the link recorded */
	const char *subject, *quoted;
} ps;

static void __attribute__((noreturn, format(printf, 1, 2)))
refuse(const char *fmt, ...)
{
	char reason[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	errx(DA_EXIT_FAILURE, "%s: cannot set alias %s: %s", ps.subject,
	     ps.quoted, reason);
}

static const char *write_reason(int e)
{
	switch (e) {
	case EROFS:
		return "/etc is on a read-only file system";
	case ENOSPC:
	case EDQUOT:
		return "no space left on the device holding /etc";
	case EACCES:
	case EPERM:
		return "permission denied; changing " CONF_PATH " needs root";
	default:
		return strerror(e);
	}
}

static bool conf_exists(void)
{
	struct stat sb;

	return fstatat(sysroot_fd(), &CONF_PATH[1], &sb, AT_SYMLINK_NOFOLLOW) == 0;
}

typedef void __attribute__((noreturn)) (*refuse_fn)(const char *fmt, ...);

/* Lock and load the config; refuse (through fail) when it is not usable. */
static void lock_and_load(struct conf *c, refuse_fn fail)
{
	int r;

	r = conf_lock();
	if (r < 0) {
		if (r == -EROFS || r == -EACCES || r == -EPERM)
			fail("cannot lock %s: %s", CONF_LOCK_PATH, write_reason(-r));
		fail("cannot lock %s: %s", CONF_LOCK_PATH, strerror(-r));
	}
	ps.existed = conf_exists();
	/* one line for an unreadable file: this one, naming disk and alias */
	r = conf_load(CONF_PATH, true, true, c, &ps.old_text, &ps.old_len);
	if (r < 0)
		fail("cannot read %s: %s", CONF_PATH, conf_strerror(-r));
	if (c->nproblems) {
		conf_warn_problems(CONF_PATH, c);
		fail("%s has problems (above); fix them first", CONF_PATH);
	}
}

static void restore(void)
{
	int r;

	if (!ps.armed)
		return;
	ps.armed = false;
	if (ps.existed) {
		r = conf_write_atomic(ps.old_text, ps.old_len);
	} else {
		char path[] = CONF_PATH;

		r = unlinkat(sysroot_fd(), path + 1, 0) == 0 ? 0 : -errno;
	}
	if (r < 0)
		warnx("%s: cannot restore the old file: %s", CONF_PATH,
		      strerror(-r));
}

void persist_prepare(const char *disk, const char *subject,
		     const char *alias, const char *quoted)
{
	const struct conf_entry *by_alias, *by_disk;
	struct disk_table dt;
	const struct disk *d;
	struct conf c, check;
	size_t n;
	int r;

	ps.subject = subject;
	ps.quoted = quoted;
	r = disks_scan(&dt, SCAN_LINKS);
	if (r < 0)
		refuse("cannot read /sys/block: %s", strerror(-r));
	d = disks_find(&dt, disk);
	if (!d)
		refuse("the disk is gone");
	if (!conf_stable_name(d, ps.key, sizeof(ps.key)))
		refuse("it has no link in /dev/disk/by-id or /dev/disk/by-path to record in %s",
		       CONF_PATH);

	lock_and_load(&c, refuse);
	by_alias = conf_find_alias(&c, alias);
	by_disk = conf_find_disk(&c, d, &n);
	if (by_alias && by_alias != by_disk)
		refuse("%s:%u gives it to %s", CONF_PATH, by_alias->line,
		       by_alias->device);
	if (by_disk && by_disk != by_alias)
		refuse("%s:%u gives the disk alias \"%s\"; 'diskalias forget %s' first",
		       CONF_PATH, by_disk->line, by_disk->alias, by_disk->alias);
	disks_free(&dt);

	if (by_alias) {		/* already recorded */
		conf_free(&c);
		return;
	}
	conf_free(&c);

	/* the old text, untouched, and the new entry at the end */
	ps.new_len = ps.old_len + strlen(alias) + strlen(ps.key) + 9;
	ps.new_text = malloc(ps.new_len + 1);
	if (!ps.new_text)
		err(DA_EXIT_FAILURE, "cannot allocate memory");
	memcpy(ps.new_text, ps.old_text, ps.old_len);
	n = ps.old_len;
	if (n > 0 && ps.new_text[n - 1] != '\n')
		ps.new_text[n++] = '\n';
	n += (size_t)sprintf(ps.new_text + n, "alias %s %s\n", alias, ps.key);
	ps.new_len = n;

	/* a link name given in another directory could still clash */
	if (conf_parse(ps.new_text, ps.new_len, &check) != 0)
		refuse("%s:%u: %s", CONF_PATH, check.problems[0].line,
		       check.problems[0].reason);
	/* the key must give the alias to this disk alone (conf_decide()) */
	if (disks_scan(&dt, SCAN_LINKS) == 0) {
		struct conf_decision dc;
		char why[512];

		d = disks_find(&dt, disk);
		if (d) {
			conf_decide(&check, &dt, d, &dc);
			if (dc.verdict == CONF_CONFLICT && dc.conflict != CONFLICT_HELD)
				refuse("%s:%u: conflict: %s", CONF_PATH, dc.entry->line,
				       conf_conflict_reason(&check, &dc, d, why, sizeof(why)));
		}
		disks_free(&dt);
	}
	conf_free(&check);
	ps.changes = true;
}

void persist_write(void)
{
	static bool registered;
	int r;

	if (!ps.changes)
		return;
	if (!registered) {
		atexit(restore);
		registered = true;
	}
	r = conf_write_atomic(ps.new_text, ps.new_len);
	if (r < 0)
		refuse("cannot write %s: %s; it is unchanged", CONF_PATH,
		       write_reason(-r));
	ps.armed = true;
}

void persist_done(void)
{
	ps.armed = false;
}

const char *persist_key(void)
{
	return ps.key;
}

/* ---- forget ---- */

static const char *forget_alias;

static void __attribute__((noreturn, format(printf, 1, 2)))
refuse_forget(const char *fmt, ...)
{
	char reason[1024], q[80];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	errx(DA_EXIT_FAILURE, "alias %s: cannot forget it: %s",
	     alias_quote(forget_alias, strlen(forget_alias), q, sizeof(q)),
	     reason);
}

/* Drop line "line" (1-based) from text. */
static size_t drop_line(char *text, size_t len, unsigned int line)
{
	size_t start = 0, end;

	for (unsigned int l = 1; l < line && start < len; l++) {
		const char *nl = memchr(text + start, '\n', len - start);

		start = nl ? (size_t)(nl - text) + 1 : len;
	}
	end = start;
	while (end < len && text[end] != '\n')
		end++;
	if (end < len)
		end++;
	memmove(text + start, text + end, len - end);
	return len - (end - start);
}

int verb_forget(int argc, char **argv)
{
	const struct conf_entry *e;
	struct conf c;
	size_t len;
	int i, r;

	i = parse_common_options(argc, argv);
	if (argc - i != 1)
		usage_error("forget: needs ALIAS");
	setup_sysroot();
	forget_alias = argv[i];

	lock_and_load(&c, refuse_forget);
	e = conf_find_alias(&c, forget_alias);
	if (!e) {
		conf_free(&c);
		refuse_forget("%s has no entry for it", CONF_PATH);
	}
	len = drop_line(ps.old_text, ps.old_len, e->line);
	conf_free(&c);
	r = conf_write_atomic(ps.old_text, len);
	if (r < 0)
		refuse_forget("cannot write %s: %s; it is unchanged", CONF_PATH,
			      write_reason(-r));
	free(ps.old_text);

	/* the kernel's alias is write-once: say that it stays */
	struct disk_table dt;
	const struct disk *d;

	if (disks_scan(&dt, SCAN_ALIAS) == 0) {
		d = disks_find_alias(&dt, forget_alias, NULL);
		if (d)
			printf("%s: disk %s keeps the alias until it goes away\n",
			       forget_alias, d->name);
		disks_free(&dt);
	}
	return DA_EXIT_OK;
}
