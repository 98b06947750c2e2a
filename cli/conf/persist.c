// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The config side of "diskalias set --persist DISK ALIAS" (and the lock
 * and load "forget" shares): see persist.h.
 */
#include "persist.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "conf_decide.h"
#include "conf_write.h"
#include "disk/links.h"
#include "lib/sysroot.h"
#include "lib/xalloc.h"

static int __attribute__((format(printf, 3, 4)))
fail(char *why, size_t whysz, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, whysz, fmt, ap);
	va_end(ap);
	return -1;
}

static bool conf_exists(void)
{
	struct stat sb;

	return fstatat(sysroot_fd(), &CONF_PATH[1], &sb, AT_SYMLINK_NOFOLLOW) == 0;
}

int persist_lock_load(struct conf *c, char **text, size_t *len, bool *existed,
		      char *why, size_t whysz)
{
	int r;

	memset(c, 0, sizeof(*c));
	*text = NULL;
	r = conf_lock();
	if (r < 0) {
		if (r == -EROFS || r == -EACCES || r == -EPERM)
			return fail(why, whysz, "cannot lock %s: %s", CONF_LOCK_PATH,
				    conf_write_strerror(-r));
		return fail(why, whysz, "cannot lock %s: %s", CONF_LOCK_PATH,
			    strerror(-r));
	}
	*existed = conf_exists();
	/* one line for an unreadable file: the caller's, naming disk and alias */
	r = conf_load(CONF_PATH, true, true, c, text, len);
	if (r < 0)
		return fail(why, whysz, "cannot read %s: %s", CONF_PATH,
			    conf_strerror(-r));
	if (c->nproblems) {
		conf_warn_problems(CONF_PATH, c);
		return fail(why, whysz, "%s has problems (above); fix them first",
			    CONF_PATH);
	}
	return 0;
}

/*
 * The old text, untouched, and the new entry at the end; a key with a
 * '#' or a blank (udev allows '#' in link names) in double quotes, or
 * the parser would cut it (diskalias.conf(5)).
 */
static void make_new_text(struct persist_txn *t, const char *alias,
			  const char *key)
{
	const char *quote = strpbrk(key, "# \t") ? "\"" : "";
	size_t n = t->old_len;

	t->new_text = xmalloc(t->old_len + strlen(alias) + strlen(key) + 12);
	memcpy(t->new_text, t->old_text, t->old_len);
	if (n > 0 && t->new_text[n - 1] != '\n')
		t->new_text[n++] = '\n';
	n += (size_t)sprintf(t->new_text + n, "alias %s %s%s%s\n", alias,
			     quote, key, quote);
	t->new_len = n;
}

/*
 * The new file must read back the entry as written, and give the alias
 * to this disk alone (conf_decide()).
 */
static int check_new_text(struct persist_txn *t, const struct disk_table *dt,
			  const struct disk *d, const char *alias,
			  const char *key, char *why, size_t whysz)
{
	/* a '"' in a key that must be quoted would end the quoted word */
	bool quotable = !(strchr(key, '"') && strpbrk(key, "# \t"));
	const struct conf_entry *e = NULL;
	struct conf_decision dc;
	struct conf_view v;
	struct conf check = { 0 };
	char reason[512];
	int r = 0;

	/*
	 * The old text parsed, so a problem is the new entry's (a link name
	 * given in another directory could still clash): no line of the
	 * file to point at.
	 */
	if (quotable && conf_parse(t->new_text, t->new_len, &check) != 0) {
		r = fail(why, whysz, "the entry \"alias %s %s\" would be refused in %s: %s",
			 alias, key, CONF_PATH, check.problems[0].reason);
		goto out;
	}
	if (quotable)
		e = conf_find_alias(&check, alias);
	if (!e || strcmp(e->device, key) != 0) {
		r = fail(why, whysz, "its link %s cannot be written in %s so that it reads back as itself",
			 key, CONF_PATH);
		goto out;
	}

	conf_view_init(&v, &check, dt);
	conf_decide(&v, d, &dc);
	/* set itself says why another disk's alias or name is refused */
	if (dc.verdict == CONF_CONFLICT && dc.conflict != CONFLICT_HELD &&
	    dc.conflict != CONFLICT_NAMED)
		r = fail(why, whysz, "%s:%u: conflict: %s", CONF_PATH,
			 dc.entry->line,
			 conf_conflict_reason(&check, &dc, d, reason, sizeof(reason)));
	conf_view_free(&v);
out:
	conf_free(&check);
	return r;
}

/*
 * The link --key gives, as "/dev/disk/by-id/NAME" in key: one of the
 * disk's own links in by-id or by-path, written whole, short
 * ("by-id/NAME") or by its name alone.
 */
static bool given_key(const struct disk *d, const char *arg, char *key,
		      size_t keysz)
{
	const char *name = arg;

	if (strncmp(name, "/dev/disk/", 10) == 0)
		name += 10;
	for (size_t i = 0; i < d->nlinks; i++) {
		const struct disk_link *l = &d->links[i];
		size_t dl = strlen(l->dir);

		if (l->part != -1 || !link_key_dir(l->dir, dl))
			continue;
		if (strcmp(name, l->name) == 0 ||
		    (strncmp(name, l->dir, dl) == 0 && name[dl] == '/' &&
		     strcmp(name + dl + 1, l->name) == 0))
			return (size_t)snprintf(key, keysz, "/dev/disk/%s/%s",
						l->dir, l->name) < keysz;
	}
	return false;
}

/* The key of the new entry: key_arg's link, else the most stable one. */
static int choose_key(const struct disk *d, const char *key_arg, char *key,
		      size_t keysz, char *why, size_t whysz)
{
	enum link_kind kind;

	if (key_arg) {
		if (!given_key(d, key_arg, key, keysz))
			return fail(why, whysz,
				    "--key %s is not a link of the disk in /dev/disk/by-id or /dev/disk/by-path",
				    key_arg);
		return 0;
	}
	if (!link_stable_name(d, key, keysz, &kind))
		return fail(why, whysz,
			    "it has no link in /dev/disk/by-id or /dev/disk/by-path to record in %s",
			    CONF_PATH);
	if (kind != LINK_HARDWARE)
		return fail(why, whysz,
			    "its only links in /dev/disk/by-id or /dev/disk/by-path are made from what it holds (%s), which a copy of the disk carries too; give the key with --key LINK",
			    key);
	return 0;
}

/* Load the config, taking its lock first when lock is true. */
static int load(struct persist_txn *t, struct conf *c, bool lock, char *why,
		size_t whysz)
{
	int r;

	if (lock)
		return persist_lock_load(c, &t->old_text, &t->old_len,
					 &t->existed, why, whysz);
	memset(c, 0, sizeof(*c));
	t->existed = conf_exists();
	r = conf_load(CONF_PATH, true, true, c, &t->old_text, &t->old_len);
	if (r < 0)
		return fail(why, whysz, "cannot read %s: %s", CONF_PATH,
			    conf_strerror(-r));
	if (c->nproblems) {
		conf_warn_problems(CONF_PATH, c);
		return fail(why, whysz, "%s has problems (above); fix them first",
			    CONF_PATH);
	}
	return 0;
}

/* What the loaded config c needs for the entry: t->changes and new_text. */
static int plan(struct persist_txn *t, const struct conf *c,
		const struct disk_table *dt, const struct disk *d,
		const char *alias, char *why, size_t whysz)
{
	const struct conf_entry *by_alias, *by_disk;

	by_alias = conf_find_alias(c, alias);
	by_disk = conf_find_disk(c, d, NULL);
	if (by_alias && by_alias != by_disk)
		return fail(why, whysz, "%s:%u gives it to %s", CONF_PATH,
			    by_alias->line, by_alias->device);
	if (by_disk && by_disk != by_alias)
		return fail(why, whysz, "%s:%u gives the disk alias \"%s\"; 'diskalias forget %s' first",
			    CONF_PATH, by_disk->line, by_disk->alias, by_disk->alias);
	if (by_alias) {		/* already recorded */
		snprintf(t->key, sizeof(t->key), "%s", by_alias->device);
		t->line = by_alias->line;
		return 0;
	}
	make_new_text(t, alias, t->key);
	/* a file over the limit would be refused by every verb, forget too */
	if (t->new_len > CONF_MAX_SIZE)
		return fail(why, whysz, "the entry would make %s larger than its limit of 1 MiB",
			    CONF_PATH);
	if (check_new_text(t, dt, d, alias, t->key, why, whysz) < 0)
		return -1;
	t->changes = true;
	return 0;
}

int persist_begin(struct persist_txn *t, const struct disk_table *dt,
		  const struct disk *d, const char *alias, const char *key_arg,
		  bool write, char *why, size_t whysz)
{
	struct conf c;
	int r;

	memset(t, 0, sizeof(*t));
	if (choose_key(d, key_arg, t->key, sizeof(t->key), why, whysz) < 0)
		return -1;
	/*
	 * First a look without the lock: an entry already recorded (or
	 * --check) leaves /etc as it was, the lock file included.
	 */
	r = load(t, &c, false, why, whysz);
	if (r == 0)
		r = plan(t, &c, dt, d, alias, why, whysz);
	conf_free(&c);
	if (r < 0 || !t->changes || !write)
		return r;

	/* A change: again under the lock, as another writer may have made one */
	free(t->old_text);
	free(t->new_text);
	t->old_text = t->new_text = NULL;
	t->changes = false;
	r = load(t, &c, true, why, whysz);
	if (r == 0)
		r = plan(t, &c, dt, d, alias, why, whysz);
	conf_free(&c);
	return r;
}

int persist_commit(struct persist_txn *t, char *why, size_t whysz)
{
	int r;

	if (!t->changes)
		return 0;
	r = conf_write_atomic(t->new_text, t->new_len);
	if (r < 0)
		return fail(why, whysz, "cannot write %s: %s; it is unchanged",
			    CONF_PATH, conf_write_strerror(-r));
	t->written = true;
	return 0;
}

int persist_rollback(struct persist_txn *t, char *why, size_t whysz)
{
	char path[] = CONF_PATH;
	int r;

	if (!t->written)
		return 0;
	t->written = false;
	if (t->existed)
		r = conf_write_atomic(t->old_text, t->old_len);
	else
		r = unlinkat(sysroot_fd(), path + 1, 0) == 0 ? 0 : -errno;
	if (r < 0)
		return fail(why, whysz, "%s: cannot restore the old file: %s",
			    CONF_PATH, strerror(-r));
	return 0;
}

void persist_end(struct persist_txn *t)
{
	free(t->old_text);
	free(t->new_text);
	memset(t, 0, sizeof(*t));
}
