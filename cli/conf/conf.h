/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_CONFIG_H
#define DISKALIAS_CONFIG_H

/*
 * /etc/diskalias.conf (see diskalias.conf(5)): one "alias NAME DEVICE"
 * entry a line, '#' comments, blank lines.  DEVICE is a /dev/disk/by-*
 * link ("/dev/disk/by-id/wwn-0x5000c500a1b2c3d4") or a link's base name
 * ("wwn-0x5000c500a1b2c3d4").  A file with any problem is refused whole.
 *
 * conf_parse() is pure (no file system, no output), for a fuzzer, and
 * indexes the entries by alias and by link name, so that every lookup
 * below costs the same with ten entries or ten thousand.  conf_load.c
 * reads the file below the sysroot, conf_write.c rewrites it.
 */

#include <stdbool.h>
#include <stddef.h>

#include "disk/disks.h"
#include "lib/strmap.h"

#define CONF_PATH "/etc/diskalias.conf"
#define CONF_LOCK_PATH "/etc/.diskalias.conf.lock"
#define CONF_MAX_SIZE (1024 * 1024)	/* a bigger file is refused */

struct conf_entry {
	char *alias;		/* both in the conf's store */
	char *device;		/* as written */
	unsigned int line;
};

struct conf_problem {
	unsigned int line;	/* 0: about the whole file */
	char *reason;
};

struct conf {
	struct conf_entry *entries;
	size_t nentries;
	struct conf_problem *problems;	/* in line order */
	size_t nproblems;

	/* private: the text the entries point into, and its index */
	char *store;
	struct strmap by_alias;		/* alias -> entry */
	struct strmap by_name;		/* DEVICE's link name -> first entry */
	size_t *next_same_name;		/* entry -> next one of that name */
};

/*
 * Parse buf[0..len) (need not be NUL terminated) into *c.  Every problem
 * is recorded in c->problems; returns their number (0: the file is good).
 * Only allocation failure exits.
 */
size_t conf_parse(const char *buf, size_t len, struct conf *c);

/* conf_parse() of buf[0..len), malloc'd with room for one byte more, which
 * the conf keeps (no copy). */
size_t conf_parse_store(char *buf, size_t len, struct conf *c);
void conf_free(struct conf *c);

/*
 * Read and parse a config file.  path is below the sysroot when
 * in_sysroot, else taken as given (--config FILE).  A missing file is
 * an empty config when missing_ok.  Returns 0 (check c->nproblems) or
 * -errno; -EFBIG for a file over CONF_MAX_SIZE, -EISDIR for a
 * directory.  *text, when not NULL, gets the content (malloc'd, NUL
 * terminated) for a rewrite.
 */
int conf_load(const char *path, bool in_sysroot, bool missing_ok,
	      struct conf *c, char **text, size_t *textlen);

/*
 * Load the config and print each problem ("diskalias: FILE:LINE: reason")
 * or the reason it could not be read.  Returns 0 when it is usable.
 */
int conf_load_or_warn(const char *path, bool in_sysroot, bool missing_ok,
		      struct conf *c, char **text, size_t *textlen);

/* Print each problem ("diskalias: FILE:LINE: reason") and their count. */
void conf_warn_problems(const char *path, const struct conf *c);

/* One-line reason for a conf_load() error, e.g. "is a directory". */
const char *conf_strerror(int err);

/*
 * Does the entry's DEVICE name the link "/dev/disk/<dir>/<name>"?  A bare
 * name matches only in by-id and by-path.
 */
bool conf_device_matches(const char *device, const char *dir,
			 const char *name);

/* Does the entry name one of disk d's whole-disk links? */
bool conf_entry_matches_disk(const struct conf_entry *e, const struct disk *d);

/*
 * The entries naming one of disk d's whole-disk links (scan with
 * SCAN_LINKS), in file order, in out[] of room for d->nlinks; returns
 * their number.  More than one is a conflict (conf_decide.h).
 */
size_t conf_entries_of_disk(const struct conf *c, const struct disk *d,
			    const struct conf_entry **out);

/*
 * The first entry naming disk d, or NULL.  *nmatch (may be NULL) gets
 * the number of entries that name it.
 */
const struct conf_entry *conf_find_disk(const struct conf *c,
					const struct disk *d, size_t *nmatch);

/* The entry with the given alias, or NULL. */
const struct conf_entry *conf_find_alias(const struct conf *c,
					 const char *alias);

/*
 * The entry naming link /dev/disk/<dir>/<name>, or NULL.  There is at
 * most one: two would be duplicates, which the parser refuses.
 */
const struct conf_entry *conf_find_link(const struct conf *c, const char *dir,
					const char *name);

#endif
