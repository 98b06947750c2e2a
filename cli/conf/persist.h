/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_PERSIST_H
#define DISKALIAS_PERSIST_H

/*
 * "set --persist" as a transaction on /etc/diskalias.conf: begin takes
 * the config's lock and checks that an entry for the disk, keyed by its
 * most stable link (link_stable_name()) or the one given, keeps the file valid and gives
 * the alias to that disk alone; commit writes the file; rollback puts
 * the old one back (the kernel refused the alias after all); end lets
 * go.  Each step returns 0 or -1 with the reason, in words, in why.
 * The lock is held until the process exits.
 */

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "conf.h"
#include "disk/disks.h"

struct persist_txn {
	char *old_text, *new_text;
	size_t old_len, new_len;
	bool existed;		/* the file was there before */
	bool changes;		/* new_text differs from old_text */
	bool written;		/* committed: rollback has work to do */
	char key[PATH_MAX];	/* the entry's device: as recorded, or to be */
	unsigned int line;	/* the entry's line when already recorded */
};

/*
 * dt: the disks, scanned with SCAN_ALIAS | SCAN_LINKS; d: one of them;
 * key_arg: the link to key the entry by (--key), or NULL for the most
 * stable hardware link, a disk with only links made from its contents
 * then being refused.  write false (--check): the lock is not taken and
 * commit must not be called.  The lock is taken only when the file is to
 * change: an entry already recorded leaves /etc untouched.
 */
int persist_begin(struct persist_txn *t, const struct disk_table *dt,
		  const struct disk *d, const char *alias, const char *key_arg,
		  bool write, char *why, size_t whysz);
int persist_commit(struct persist_txn *t, char *why, size_t whysz);
int persist_rollback(struct persist_txn *t, char *why, size_t whysz);
void persist_end(struct persist_txn *t);

/*
 * Lock the config and load it (for persist_begin() and forget): the old
 * text in *text.  A config with problems is refused after they are told.
 */
int persist_lock_load(struct conf *c, char **text, size_t *len, bool *existed,
		      char *why, size_t whysz);

#endif
