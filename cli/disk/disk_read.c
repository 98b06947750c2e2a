// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One disk's /sys/block/<disk> directory: its attributes (size, identity,
 * flags, the alias), partitions and device numbers, read with as few
 * system calls as the asked-for columns allow.
 */
#include "disk_read.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "alias/alias_rules.h"
#include "disk_identity.h"
#include "lib/sysroot.h"
#include "lib/xalloc.h"

static int cmp_part(const void *a, const void *b)
{
	return strverscmp(((const struct disk_part *)a)->name,
			  ((const struct disk_part *)b)->name);
}

/*
 * Read an attribute; absent is normal (0), other failures are warned (-1).
 * listed: the disk's listing showed attr as a regular file (disk_dir).
 */
static int get_attr(struct scan_ctx *sc, int dfd, const char *disk,
		    const char *attr, char *buf, bool listed)
{
	ssize_t n = listed ? read_listed_attr(dfd, attr, buf, ATTR_MAX) :
			     disk_attr_read(dfd, disk, attr, buf, false);

	if (n >= 0)
		return 1;
	if (n == -ENOENT || n == -ENOTDIR)
		return 0;
	disk_attr_warn_read_error(sc, disk, attr, n);
	return -1;
}

/*
 * get_attr() of a file the disk has (its listing showed it, or every disk
 * has it): absent means the disk went away while being read.
 */
static int get_expected_attr(struct scan_ctx *sc, int dfd, const char *disk,
			     const char *attr, char *buf, bool listed)
{
	int r = get_attr(sc, dfd, disk, attr, buf, listed);

	if (r == 0)
		sc->missing = true;
	return r;
}

static bool parse_u64(const char *s, uint64_t *v)
{
	char *end;

	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	*v = strtoull(s, &end, 10);
	return errno == 0 && *end == '\0';
}

static bool parse_devno(const char *s, dev_t *devno)
{
	unsigned long ma, mi;
	char *end;

	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	ma = strtoul(s, &end, 10);
	if (errno || *end != ':' || end[1] < '0' || end[1] > '9')
		return false;
	mi = strtoul(end + 1, &end, 10);
	if (errno || *end != '\0' || ma > 0xfffff || mi > 0xfffff)
		return false;
	*devno = makedev(ma, mi);
	return true;
}

/* expected: the file is in the disk's listing (see get_expected_attr()) */
static char *read_string(struct scan_ctx *sc, int dfd, const char *disk,
			 const char *attr, bool expected, char *buf)
{
	int r = expected ? get_expected_attr(sc, dfd, disk, attr, buf, false) :
			   get_attr(sc, dfd, disk, attr, buf, false);

	return r > 0 ? disk_attr_dup_trimmed(buf) : NULL;
}

static int read_flag(struct scan_ctx *sc, int dfd, const char *disk,
		     const char *attr, char *buf)
{
	if (get_attr(sc, dfd, disk, attr, buf, false) <= 0)
		return -1;
	if (strcmp(buf, "0") == 0 || strcmp(buf, "1") == 0)
		return buf[0] == '1';
	disk_attr_warn(sc, disk, attr, "neither 0 nor 1");
	return -1;
}

static void read_alias_attr(struct scan_ctx *sc, int dfd, struct disk *d,
			    char *buf, bool listed)
{
	int r = get_expected_attr(sc, dfd, d->name, "alias", buf, listed);

	if (r == 0)
		return;
	d->has_alias_attr = true;
	sc->alias_attr_seen = true;
	if (r < 0) {
		d->alias_unknown = true;
		return;
	}
	if (!*buf)
		return;
	if (!alias_attr_ok(buf, strlen(buf))) {
		disk_attr_warn(sc, d->name, "alias", "breaks the alias rules");
		d->alias_unknown = true;
		return;
	}
	d->alias = xstrdup(buf);
}

/* attr: "size" of the disk or "sda1/size" of a partition */
static void read_size_attr(struct scan_ctx *sc, int dfd, const char *disk,
			   const char *attr, uint64_t *size, bool *has,
			   char *buf, bool listed)
{
	uint64_t sectors;

	if (get_expected_attr(sc, dfd, disk, attr, buf, listed) <= 0)
		return;
	/* "size" counts 512-byte sectors whatever the logical block size */
	if (parse_u64(buf, &sectors) && sectors <= UINT64_MAX / 512) {
		*size = sectors * 512;
		*has = true;
	} else {
		disk_attr_warn(sc, disk, attr, "not a number");
	}
}

static void read_size(struct scan_ctx *sc, int dfd, struct disk *d,
		      char *buf, bool listed)
{
	read_size_attr(sc, dfd, d->name, "size", &d->size, &d->has_size, buf,
		       listed);
}

static void read_devno(struct scan_ctx *sc, int dfd, const char *disk,
		       const char *attr, dev_t *devno, bool *has, char *buf,
		       bool listed)
{
	if (get_attr(sc, dfd, disk, attr, buf, listed) <= 0)
		return;
	if (parse_devno(buf, devno))
		*has = true;
	else
		disk_attr_warn(sc, disk, attr, "not MAJOR:MINOR");
}

/* "sda" -> "sda1", "nvme0n1" -> "nvme0n1p1": the kernel's partition names */
static bool is_partition_name(const char *disk, size_t len, const char *name)
{
	const char *p = name + len;

	if (strncmp(name, disk, len) != 0)
		return false;
	if (len > 0 && disk[len - 1] >= '0' && disk[len - 1] <= '9') {
		if (*p != 'p')
			return false;
		p++;
	}
	if (*p < '1' || *p > '9')
		return false;
	while (*p >= '0' && *p <= '9')
		p++;
	return *p == '\0';
}

static void add_part(struct disk *d, const char *name, size_t *cap)
{
	struct disk_part *p;

	XGROW(d->parts, d->nparts, *cap, 4);
	p = &d->parts[d->nparts++];
	memset(p, 0, sizeof(*p));
	p->name = xstrdup(name);
}

/*
 * List the disk's directory once: which optional attributes exist (no
 * failed open(2) per absent file) and the partition subdirectories.
 */
static void read_disk_dir(struct scan_ctx *sc, int dfd, struct disk *d,
			  unsigned int flags, struct disk_dir *dd)
{
	char *dbuf = sc->dbuf;
	size_t len = strlen(d->name), cap = 0;
	ssize_t n;

	memset(dd, 0, sizeof(*dd));
	while ((n = getdents64(dfd, dbuf, DIRENT_BUF)) > 0) {
		for (ssize_t off = 0; off < n;) {
			struct dirent64 *de = (struct dirent64 *)(dbuf + off);
			const char *name = de->d_name;

			off += de->d_reclen;
			/* listed as regular: read without an fstat(2) */
			if (strcmp(name, "alias") == 0) {
				dd->alias = true;
				dd->alias_reg = de->d_type == DT_REG;
			} else if (strcmp(name, "dev") == 0) {
				dd->dev_reg = de->d_type == DT_REG;
			} else if (strcmp(name, "size") == 0) {
				dd->size_reg = de->d_type == DT_REG;
			} else if (strcmp(name, "serial") == 0) {
				dd->serial = true;
			} else if (strcmp(name, "wwid") == 0) {
				dd->wwid = true;
			} else if (strcmp(name, "device") == 0) {
				dd->device = true;
			} else if (strcmp(name, "hidden") == 0) {
				dd->hidden = true;
			} else if (strcmp(name, "md") == 0) {
				dd->md = true;
			} else if (strcmp(name, "dm") == 0) {
				dd->dm = true;
			} else if ((flags & SCAN_PARTS) &&
				   (de->d_type == DT_DIR || de->d_type == DT_UNKNOWN) &&
				   strlen(name) < DISK_NAME_MAX &&
				   is_partition_name(d->name, len, name)) {
				add_part(d, name, &cap);
			}
		}
		/* room for any entry left: the listing is complete */
		if (sc->short_list_is_all &&
		    (size_t)n + sizeof(struct dirent64) <= DIRENT_BUF)
			break;
	}
	if (n < 0)
		disk_attr_warn(sc, d->name, "", strerror(errno));
	if (d->nparts > 1)
		qsort(d->parts, d->nparts, sizeof(*d->parts), cmp_part);
}

static void read_flags(struct scan_ctx *sc, int dfd, struct disk *d,
		       char *buf)
{
	d->removable = read_flag(sc, dfd, d->name, "removable", buf);
	d->ro = read_flag(sc, dfd, d->name, "ro", buf);
}

/* Each partition's "dev" (devno) and "size" (size), as flags ask. */
static void read_parts(struct scan_ctx *sc, int dfd, struct disk *d,
		       bool devno, bool size, char *buf)
{
	char attr[DISK_NAME_MAX + 8];

	for (size_t i = 0; i < d->nparts; i++) {
		struct disk_part *p = &d->parts[i];

		if (devno) {
			snprintf(attr, sizeof(attr), "%s/dev", p->name);
			read_devno(sc, dfd, d->name, attr, &p->devno,
				   &p->has_devno, buf, false);
		}
		if (size) {
			snprintf(attr, sizeof(attr), "%s/size", p->name);
			read_size_attr(sc, dfd, d->name, attr, &p->size,
				       &p->has_size, buf, false);
		}
	}
}

/*
 * Empty loop and ram devices (a file not attached yet, a RAM disk) are
 * hidden (list without --all), as lsblk hides them.  Every other empty
 * disk is listed, as lsblk lists it: an nbd disk not connected, a zram
 * disk after reset, a drive without a medium (sr, a card reader).
 */
static bool may_hide(const char *name)
{
	return strncmp(name, "loop", 4) == 0 || strncmp(name, "ram", 3) == 0;
}

static bool is_hidden_empty(const struct disk *d)
{
	return d->has_size && d->size == 0 && may_hide(d->name);
}

void disk_free(struct disk *d)
{
	size_t i;

	for (i = 0; i < d->nparts; i++)
		free(d->parts[i].name);
	for (i = 0; i < d->nlinks; i++)
		free(d->links[i].name);
	for (i = 0; i < d->nmounts; i++)
		free(d->mounts[i].target);
	free(d->parts);
	free(d->links);
	free(d->mounts);
	free(d->name);
	free(d->alias);
	free(d->model);
	free(d->serial);
	free(d->wwn);
	free(d->dm_name);
	memset(d, 0, sizeof(*d));
}

bool disk_read(struct scan_ctx *sc, struct disk *d, unsigned int flags)
{
	/* a listing needs a readable descriptor; a lookup a path one */
	bool listing = flags & (SCAN_PARTS | SCAN_INFO);
	bool size_first;
	struct disk_dir dd;
	int dfd;

	d->removable = d->ro = -1;

	/* from the root: /sys/block/sda links to ../devices/... */
	snprintf(sc->buf, ATTR_MAX, "/sys/block/%s", d->name);
	dfd = sysroot_open(sc->buf, O_DIRECTORY | (listing ? O_RDONLY : O_PATH));
	if (dfd < 0) {
		/* a dangling link is a disk going away: skip it */
		if (errno != ENOTDIR && errno != ENOENT)
			disk_attr_warn(sc, d->name, "", strerror(errno));
		return false;
	}
	sc->missing = false;
	/* empty loop, nbd, zram and ram devices are left out before the rest */
	size_first = (flags & SCAN_HIDE_EMPTY) && may_hide(d->name);
	if (size_first) {
		read_size(sc, dfd, d, sc->buf, false);
		if (is_hidden_empty(d)) {
			close(dfd);
			return false;
		}
	}
	if (listing)
		read_disk_dir(sc, dfd, d, flags, &dd);
	else
		dd = (struct disk_dir){ .alias = true, .hidden = true };
	/* NVMe multipath's paths: the head is the disk, as lsblk shows it */
	if ((flags & SCAN_HIDE_HIDDEN) && dd.hidden &&
	    read_flag(sc, dfd, d->name, "hidden", sc->buf) == 1) {
		close(dfd);
		return false;
	}
	/* udev's database is keyed by the device number */
	if ((flags & SCAN_INFO) && sc->udev_dfd >= 0)
		read_devno(sc, dfd, d->name, "dev", &d->devno, &d->has_devno,
			   sc->buf, dd.dev_reg);
	if (flags & SCAN_INFO)
		disk_read_identity(sc, dfd, d, &dd);
	if (flags & SCAN_FLAGS)
		read_flags(sc, dfd, d, sc->buf);
	/* the kernel names every device-mapper disk dm-N */
	if ((flags & SCAN_DM) && strncmp(d->name, "dm-", 3) == 0)
		d->dm_name = read_string(sc, dfd, d->name, "dm/name", false, sc->buf);
	if ((flags & SCAN_ALIAS) && dd.alias)
		read_alias_attr(sc, dfd, d, sc->buf, dd.alias_reg);
	if ((flags & SCAN_DEVNO) && !d->has_devno)
		read_devno(sc, dfd, d->name, "dev", &d->devno,
			   &d->has_devno, sc->buf, dd.dev_reg);
	if (flags & (SCAN_DEVNO | SCAN_PART_SIZE))
		read_parts(sc, dfd, d, flags & SCAN_DEVNO,
			   flags & SCAN_PART_SIZE, sc->buf);
	/* last: a disk that went away since the listing has no size */
	if ((flags & SCAN_INFO) && !size_first)
		read_size(sc, dfd, d, sc->buf, dd.size_reg);
	close(dfd);
	/*
	 * Unplugged while being read: its files read as absent, so what was
	 * gathered is a partial picture (no alias, no size).  Say so rather
	 * than list it.  Only a file that had to be there and was not makes
	 * this look: an access(2) a disk is dear at 10k disks.
	 */
	if (!listing || !sc->missing)
		return true;
	snprintf(sc->buf, ATTR_MAX, "/sys/block/%s", d->name);
	if (sysroot_exists(sc->buf) || errno != ENOENT)
		return true;
	free(*sc->warnings);
	*sc->warnings = NULL;
	disk_attr_warn(sc, d->name, "",
		       "the disk went away while being read; not listed");
	return false;
}
