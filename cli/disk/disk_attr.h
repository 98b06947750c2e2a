/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_DISK_ATTR_H
#define DISKALIAS_DISK_ATTR_H

/*
 * Reading one attribute of a disk's /sys/block/<disk> directory for the
 * scan, and keeping the warnings about what could not be read: what
 * disk_read.c and disk_identity.c share.  Private to the scan (disks.c).
 */

#include <stdbool.h>
#include <sys/types.h>

#define ATTR_MAX 4096
#define DIRENT_BUF 32768

/* One worker's state while scanning disks. */
struct scan_ctx {
	char **warnings;	/* the current disk's, "line\n" each */
	char *buf;		/* ATTR_MAX */
	char *dbuf;		/* DIRENT_BUF */
	int udev_dfd;		/* udev's database (UDEV_DATA_DIR), or -1 */
	bool alias_attr_seen;
	bool missing;		/* a file the disk must have read as absent */
	/*
	 * sysfs and tmpfs fill a getdents64() buffer for as long as entries
	 * fit, so a listing that leaves room for one more is the whole
	 * directory: the call that would return 0 is saved.  (FUSE, for
	 * one, may hand out a directory a page at a time.)
	 */
	bool short_list_is_all;
};

/* What a disk's directory holds, from one getdents64() pass. */
struct disk_dir {
	bool alias, serial, wwid, device, hidden;
	bool md, dm;		/* the md/ and dm/ directories */
	/* listed as regular files (d_type): read without an fstat(2) */
	bool alias_reg, dev_reg, size_reg;
};

/*
 * Read attr of the disk ("size", "device/model") into buf, ATTR_MAX
 * bytes: as a string (NUL-terminated, one trailing newline dropped) or,
 * with bytes, as it is.  Returns its length or -errno (read_attr()).
 */
ssize_t disk_attr_read(int dfd, const char *disk, const char *attr, char *buf,
		       bool bytes);

/* Keep a warning about the file path (absolute, as on a live system). */
void disk_attr_warn_file(struct scan_ctx *sc, const char *path,
			 const char *reason);

/* Keep a warning about the disk's attr ("" for the directory itself). */
void disk_attr_warn(struct scan_ctx *sc, const char *disk, const char *attr,
		    const char *reason);

/* The warning for disk_attr_read()'s failure n, in words. */
void disk_attr_warn_read_error(struct scan_ctx *sc, const char *disk,
			       const char *attr, ssize_t n);

/* s without surrounding white space; NULL when nothing is left. */
char *disk_attr_dup_trimmed(const char *s);

#endif
