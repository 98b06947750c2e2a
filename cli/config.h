/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_CONFIG_H
#define DISKALIAS_CONFIG_H

/*
 * /etc/diskalias.conf (see diskalias.conf(5)): one "alias NAME DEVICE"
 * entry a line, '#' comments, blank lines.  DEVICE is a /dev/disk/by-*
 * link ("/dev/disk/by-id/wwn-0x5000c500a1b2c3d4") or a link's base name
 * ("wwn-0x5000c500a1b2c3d4").  A file with any problem is refused whole.
 *
 * conf_parse() is pure (no file system, no output), for a fuzzer; the
 * rest reads and writes the file below the sysroot.
 */

#include <stdbool.h>
#include <stddef.h>

#include "disks.h"

#define CONF_PATH "/etc/diskalias.conf"
#define CONF_LOCK_PATH "/etc/.diskalias.conf.lock"
#define CONF_MAX_SIZE (1024 * 1024)	/* a bigger file is refused */

struct conf_entry {
	char *alias;
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
};

/*
 * Parse buf[0..len) (need not be NUL terminated) into *c.  Every problem
 * is recorded in c->problems; returns their number (0: the file is good).
 * Only allocation failure exits.
 */
size_t conf_parse(const char *buf, size_t len, struct conf *c);
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
 * Is /dev/disk/<dir> (dir[0..len)) one whose links name hardware, by-id
 * or by-path?  Keys in any other (by-label, by-uuid, by-diskseq...) are
 * refused: anyone who can write a filesystem label could move an alias.
 */
bool conf_key_dir(const char *dir, size_t len);

/*
 * Does the entry's DEVICE name the link "/dev/disk/<dir>/<name>"?  A bare
 * name matches only in by-id and by-path.
 */
bool conf_device_matches(const char *device, const char *dir,
			 const char *name);

/* Does the entry name one of disk d's whole-disk links? */
bool conf_entry_matches_disk(const struct conf_entry *e, const struct disk *d);

/*
 * The configured entry for disk d, matched through its whole-disk links
 * (scan with SCAN_LINKS), or NULL.  *nmatch (may be NULL) gets the
 * number of entries that match, more than one being a conflict.
 */
const struct conf_entry *conf_find_disk(const struct conf *c,
					const struct disk *d, size_t *nmatch);

/* The entry with the given alias, or NULL. */
const struct conf_entry *conf_find_alias(const struct conf *c,
					 const char *alias);

/*
 * The most stable persistent name of disk d, as "/dev/disk/by-*\/NAME"
 * in buf, choosing in this order: a by-id/wwn- link; a transport serial
 * link in by-id (scsi-, nvme-, virtio-, ata-, then any other, leaving
 * -partN names, nvme-eui./nvme-nguid. and "_1" duplicates for last); a
 * by-path link.  Returns false when the disk has none of these.
 */
bool conf_stable_name(const struct disk *d, char *buf, size_t bufsz);

/*
 * Replace the config at CONF_PATH with text[0..len) atomically: a temp
 * file in /etc, fsync, rename, fsync of /etc.  mode for a new file.
 * Returns 0 or -errno; on failure the old file is untouched.  Once the
 * rename is done it returns 0: a failing fsync of /etc is only warned.
 * Call it holding conf_lock(): it removes temp files dead writers left.
 */
int conf_write_atomic(const char *text, size_t len);

/*
 * Take the config's lock (flock on CONF_LOCK_PATH below the sysroot),
 * waiting for other writers; held until the process exits.  Returns 0
 * or -errno.
 */
int conf_lock(void);

#endif
