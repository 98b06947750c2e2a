// SPDX-License-Identifier: GPL-2.0-or-later
#include "disks.h"

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <libmount.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "alias_rules.h"
#include "parallel.h"
#include "sysroot.h"

#define ATTR_MAX 4096

struct name_index {
	const char *name;
	int disk;
	int part;		/* -1 for the disk itself */
};

/* One worker's state while scanning disks. */
struct scan_ctx {
	char **warnings;	/* the current disk's, "line\n" each */
	char *buf;		/* ATTR_MAX */
	char *dbuf;		/* DIRENT_BUF */
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

#define DIRENT_BUF 32768

struct devno_index {
	dev_t devno;
	int disk;
	int part;
};

static void *xrealloc_array(void *p, size_t n, size_t size)
{
	p = reallocarray(p, n, size);
	if (!p)
		err(EXIT_FAILURE, "cannot allocate memory");
	return p;
}

static char *xstrdup(const char *s)
{
	char *p = strdup(s);

	if (!p)
		err(EXIT_FAILURE, "cannot allocate memory");
	return p;
}

static int cmp_version(const void *a, const void *b)
{
	return strverscmp(*(char *const *)a, *(char *const *)b);
}

static bool all_letters(const char *s)
{
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')))
			return false;
	return true;
}

/*
 * Kernel names in the kernel's order: numbers as numbers (nvme2n1 before
 * nvme10n1) and letter suffixes as sd counts them (sdz before sdaa).
 */
static int cmp_kname(const char *a, const char *b)
{
	size_t i = 0, la, lb;

	while (a[i] && a[i] == b[i])
		i++;
	if (i > 0 && all_letters(a + i) && all_letters(b + i)) {
		la = strlen(a + i);
		lb = strlen(b + i);
		if (la != lb)
			return la < lb ? -1 : 1;
	}
	return strverscmp(a, b);
}

static int cmp_kname_p(const void *a, const void *b)
{
	return cmp_kname(*(char *const *)a, *(char *const *)b);
}

static int cmp_disk(const void *a, const void *b)
{
	return cmp_kname(((const struct disk *)a)->name,
			 ((const struct disk *)b)->name);
}

static int cmp_part(const void *a, const void *b)
{
	return strverscmp(((const struct disk_part *)a)->name,
			  ((const struct disk_part *)b)->name);
}

static int cmp_devno_index(const void *a, const void *b)
{
	dev_t x = ((const struct devno_index *)a)->devno;
	dev_t y = ((const struct devno_index *)b)->devno;

	return x < y ? -1 : x > y;
}

/* The disk's links before its partitions', then by directory and name. */
static int cmp_link(const void *a, const void *b)
{
	const struct disk_link *x = a, *y = b;
	int r;

	if (x->part != y->part)
		return x->part < y->part ? -1 : 1;
	r = strcmp(x->dir, y->dir);
	if (r)
		return r;
	return strverscmp(x->name, y->name);
}

static void warn_attr(struct scan_ctx *sc, const char *disk,
		      const char *attr, const char *reason)
{
	char *line;
	size_t len;

	/* kept per disk and printed in order once the workers are done */
	if (asprintf(&line, "/sys/block/%s%s%s: %s\n", disk, *attr ? "/" : "",
		     attr, reason) < 0)
		err(EXIT_FAILURE, "cannot allocate memory");
	len = *sc->warnings ? strlen(*sc->warnings) : 0;
	*sc->warnings = xrealloc_array(*sc->warnings, len + strlen(line) + 1, 1);
	strcpy(*sc->warnings + len, line);
	free(line);
}

/* Read an attribute; absent is normal (0), other failures are warned (-1). */
/*
 * "device/model" from the root: "device" links up out of the disk's
 * directory ("../../../0:0:0:0"), which a lookup confined to dfd refuses.
 */
static ssize_t read_disk_attr(int dfd, const char *disk, const char *attr,
			      char *buf, bool bytes)
{
	char path[DISK_NAME_MAX + 64];

	if (strncmp(attr, "device/", 7) == 0 &&
	    (size_t)snprintf(path, sizeof(path), "sys/block/%s/%s", disk, attr) < sizeof(path))
		return bytes ? read_attr_bytes(sysroot_fd(), path, buf, ATTR_MAX)
			     : read_attr(sysroot_fd(), path, buf, ATTR_MAX);
	return bytes ? read_attr_bytes(dfd, attr, buf, ATTR_MAX)
		     : read_attr(dfd, attr, buf, ATTR_MAX);
}

static int get_attr(struct scan_ctx *sc, int dfd, const char *disk,
		    const char *attr, char *buf)
{
	ssize_t n = read_disk_attr(dfd, disk, attr, buf, false);

	if (n >= 0)
		return 1;
	if (n == -ENOENT || n == -ENOTDIR)
		return 0;
	if (n == -EFBIG)
		warn_attr(sc, disk, attr, "unexpectedly long");
	else if (n == -EILSEQ)
		warn_attr(sc, disk, attr, "contains a NUL byte");
	else
		warn_attr(sc, disk, attr, attr_strerror((int)-n));
	return -1;
}

/*
 * get_attr() of a file the disk has (its listing showed it, or every disk
 * has it): absent means the disk went away while being read.
 */
static int get_expected_attr(struct scan_ctx *sc, int dfd, const char *disk,
			     const char *attr, char *buf)
{
	int r = get_attr(sc, dfd, disk, attr, buf);

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

/* Trim surrounding white space; NULL when nothing is left. */
static char *dup_trimmed(const char *s)
{
	const char *e;

	while (*s == ' ' || *s == '\t' || *s == '\n')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n'))
		e--;
	if (e == s)
		return NULL;
	return strndup(s, e - s);
}

/* expected: the file is in the disk's listing (see get_expected_attr()) */
static char *read_string(struct scan_ctx *sc, int dfd, const char *disk,
			 const char *attr, bool expected, char *buf)
{
	int r = expected ? get_expected_attr(sc, dfd, disk, attr, buf) :
			   get_attr(sc, dfd, disk, attr, buf);

	return r > 0 ? dup_trimmed(buf) : NULL;
}

static int read_flag(struct scan_ctx *sc, int dfd, const char *disk,
		     const char *attr, char *buf)
{
	if (get_attr(sc, dfd, disk, attr, buf) <= 0)
		return -1;
	if (strcmp(buf, "0") == 0 || strcmp(buf, "1") == 0)
		return buf[0] == '1';
	warn_attr(sc, disk, attr, "neither 0 nor 1");
	return -1;
}

/* udev's ID_WWN form: "naa.5000c5..." is "0x5000c5..."; eui/nguid as is. */
static char *wwn_from_wwid(const char *wwid)
{
	char *p;

	if (strncmp(wwid, "naa.", 4) == 0) {
		if (asprintf(&p, "0x%s", wwid + 4) < 0)
			return NULL;
		for (char *c = p; *c; c++)
			if (*c >= 'A' && *c <= 'F')
				*c += 'a' - 'A';
		return p;
	}
	if (strncmp(wwid, "eui.", 4) == 0 || strncmp(wwid, "nguid.", 6) == 0)
		return strdup(wwid);
	return NULL;
}

static void read_alias_attr(struct scan_ctx *sc, int dfd, struct disk *d,
			    char *buf)
{
	int r = get_expected_attr(sc, dfd, d->name, "alias", buf);

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
		warn_attr(sc, d->name, "alias", "breaks the alias rules");
		d->alias_unknown = true;
		return;
	}
	d->alias = xstrdup(buf);
}

static void read_size(struct scan_ctx *sc, int dfd, struct disk *d,
		      char *buf)
{
	uint64_t sectors;

	if (get_expected_attr(sc, dfd, d->name, "size", buf) <= 0)
		return;
	/* "size" counts 512-byte sectors whatever the logical block size */
	if (parse_u64(buf, &sectors) && sectors <= UINT64_MAX / 512) {
		d->size = sectors * 512;
		d->has_size = true;
	} else {
		warn_attr(sc, d->name, "size", "not a number");
	}
}

static void read_devno(struct scan_ctx *sc, int dfd, const char *disk,
		       const char *attr, dev_t *devno, bool *has, char *buf)
{
	if (get_attr(sc, dfd, disk, attr, buf) <= 0)
		return;
	if (parse_devno(buf, devno))
		*has = true;
	else
		warn_attr(sc, disk, attr, "not MAJOR:MINOR");
}

/* What a disk's directory holds, from one getdents64() pass. */
struct disk_dir {
	bool alias, serial, wwid, device;
};

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

	if (d->nparts == *cap) {
		*cap = *cap ? *cap * 2 : 4;
		d->parts = xrealloc_array(d->parts, *cap, sizeof(*d->parts));
	}
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
			if (strcmp(name, "alias") == 0)
				dd->alias = true;
			else if (strcmp(name, "serial") == 0)
				dd->serial = true;
			else if (strcmp(name, "wwid") == 0)
				dd->wwid = true;
			else if (strcmp(name, "device") == 0)
				dd->device = true;
			else if ((flags & SCAN_PARTS) &&
				 (de->d_type == DT_DIR || de->d_type == DT_UNKNOWN) &&
				 strlen(name) < DISK_NAME_MAX &&
				 is_partition_name(d->name, len, name))
				add_part(d, name, &cap);
		}
		/* room for any entry left: the listing is complete */
		if (sc->short_list_is_all &&
		    (size_t)n + sizeof(struct dirent64) <= DIRENT_BUF)
			break;
	}
	if (n < 0)
		warn_attr(sc, d->name, "", strerror(errno));
	if (d->nparts > 1)
		qsort(d->parts, d->nparts, sizeof(*d->parts), cmp_part);
}

/*
 * The serial number in a SCSI device's VPD page 0x80 (SPC: a 4-byte
 * header whose bytes 2-3 give the length, then the ASCII serial, often
 * padded with blanks), as udev's scsi_id reads it; NULL when absent.
 */
static char *read_vpd_serial(struct scan_ctx *sc, int dfd, const char *disk,
			     char *buf)
{
	ssize_t n = read_disk_attr(dfd, disk, "device/vpd_pg80", buf, true);
	size_t len;

	if (n == -ENOENT || n == -ENOTDIR)
		return NULL;
	if (n < 0) {
		warn_attr(sc, disk, "device/vpd_pg80", attr_strerror((int)-n));
		return NULL;
	}
	len = n >= 4 ? ((size_t)(unsigned char)buf[2] << 8) |
		       (unsigned char)buf[3] : 0;
	if (n < 4 || (unsigned char)buf[1] != 0x80 || 4 + len > (size_t)n) {
		warn_attr(sc, disk, "device/vpd_pg80", "not a VPD page 0x80");
		return NULL;
	}
	for (size_t i = 4; i < 4 + len; i++)
		if (buf[i] == '\0')	/* some devices pad with NULs */
			len = i - 4;
		else if ((unsigned char)buf[i] < 0x20 || (unsigned char)buf[i] > 0x7e)
			return NULL;	/* not text: no serial to show */
	buf[4 + len] = '\0';
	return dup_trimmed(buf + 4);
}

/*
 * Model, serial and WWN: virtio-blk and NVMe keep serial and wwid on the
 * disk, SCSI keeps model and wwid on its device.  A SCSI device (the one
 * with device/wwid) has no serial attribute: its serial is in VPD page
 * 0x80.  device/serial is for the others (NVMe, MMC).
 */
static void read_info(struct scan_ctx *sc, int dfd, struct disk *d,
		      const struct disk_dir *dd, char *buf)
{
	char *wwid = NULL;

	if (dd->device)
		d->model = read_string(sc, dfd, d->name, "device/model", false, buf);
	if (dd->wwid)
		wwid = read_string(sc, dfd, d->name, "wwid", true, buf);
	else if (dd->device)
		wwid = read_string(sc, dfd, d->name, "device/wwid", false, buf);
	if (dd->serial)
		d->serial = read_string(sc, dfd, d->name, "serial", true, buf);
	else if (dd->device && wwid && !dd->wwid)
		d->serial = read_vpd_serial(sc, dfd, d->name, buf);
	else if (dd->device)
		d->serial = read_string(sc, dfd, d->name, "device/serial", false, buf);
	if (wwid) {
		d->wwn = wwn_from_wwid(wwid);
		free(wwid);
	}
}

static void read_flags(struct scan_ctx *sc, int dfd, struct disk *d,
		       char *buf)
{
	d->removable = read_flag(sc, dfd, d->name, "removable", buf);
	d->ro = read_flag(sc, dfd, d->name, "ro", buf);
}

static void read_part_devnos(struct scan_ctx *sc, int dfd, struct disk *d,
			     char *buf)
{
	char attr[DISK_NAME_MAX + 8];

	for (size_t i = 0; i < d->nparts; i++) {
		struct disk_part *p = &d->parts[i];

		snprintf(attr, sizeof(attr), "%s/dev", p->name);
		read_devno(sc, dfd, d->name, attr, &p->devno, &p->has_devno, buf);
	}
}

static bool valid_kname(const char *s)
{
	return *s && strlen(s) < DISK_NAME_MAX && !strchr(s, '/') &&
	       strcmp(s, ".") != 0 && strcmp(s, "..") != 0;
}

/* Loop and ram devices are hidden when empty (list without --all). */
static bool may_hide(const char *name)
{
	return strncmp(name, "loop", 4) == 0 || strncmp(name, "ram", 3) == 0;
}

static bool is_hidden_empty(const struct disk *d)
{
	return d->has_size && d->size == 0 && may_hide(d->name);
}

static void free_disk(struct disk *d)
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
	memset(d, 0, sizeof(*d));
}

/* Names in /sys/block, sorted so that output and warnings are stable. */
static int list_block_dir(int fd, char ***names, size_t *n)
{
	size_t cap = 0;
	struct dirent *de;
	DIR *dir;
	int dupfd;

	*names = NULL;
	*n = 0;
	dupfd = dup(fd);
	if (dupfd < 0)
		return -errno;
	dir = fdopendir(dupfd);
	if (!dir) {
		close(dupfd);
		return -errno;
	}
	while ((de = readdir(dir))) {
		if (de->d_name[0] == '.' || !valid_kname(de->d_name))
			continue;
		if (*n == cap) {
			cap = cap ? cap * 2 : 64;
			*names = xrealloc_array(*names, cap, sizeof(char *));
		}
		(*names)[(*n)++] = xstrdup(de->d_name);
	}
	closedir(dir);
	if (*n > 1)
		qsort(*names, *n, sizeof(char *), cmp_kname_p);
	return 0;
}

struct disk_scan_job {
	int blockfd;
	unsigned int flags;
	char **names;
	struct disk *slots;
	bool *keep;
	char **warnings;
	struct scan_ctx ctx[PARALLEL_MAX_WORKERS];
};

static void scan_one_disk(void *arg, size_t i, int worker)
{
	struct disk_scan_job *job = arg;
	struct scan_ctx *sc = &job->ctx[worker];
	unsigned int flags = job->flags;
	struct disk *d = &job->slots[i];
	/* a listing needs a readable descriptor; a lookup a path one */
	bool listing = flags & (SCAN_PARTS | SCAN_INFO);
	bool size_first;
	struct disk_dir dd;
	int dfd;

	sc->warnings = &job->warnings[i];
	memset(d, 0, sizeof(*d));
	d->name = job->names[i];
	d->removable = d->ro = -1;

	/* from the root: /sys/block/sda links to ../devices/... */
	snprintf(sc->buf, ATTR_MAX, "/sys/block/%s", d->name);
	dfd = sysroot_open(sc->buf, O_DIRECTORY | (listing ? O_RDONLY : O_PATH));
	if (dfd < 0) {
		/* a dangling link is a disk going away: skip it */
		if (errno != ENOTDIR && errno != ENOENT)
			warn_attr(sc, d->name, "", strerror(errno));
		return;
	}
	sc->missing = false;
	/* empty loop and ram devices are left out before anything else is read */
	size_first = (flags & SCAN_HIDE_EMPTY) && may_hide(d->name);
	if (size_first) {
		read_size(sc, dfd, d, sc->buf);
		if (is_hidden_empty(d)) {
			close(dfd);
			return;
		}
	}
	if (listing)
		read_disk_dir(sc, dfd, d, flags, &dd);
	else
		dd = (struct disk_dir){ .alias = true };
	if (flags & SCAN_INFO)
		read_info(sc, dfd, d, &dd, sc->buf);
	if (flags & SCAN_FLAGS)
		read_flags(sc, dfd, d, sc->buf);
	if ((flags & SCAN_ALIAS) && dd.alias)
		read_alias_attr(sc, dfd, d, sc->buf);
	if (flags & SCAN_DEVNO) {
		read_devno(sc, dfd, d->name, "dev", &d->devno,
			   &d->has_devno, sc->buf);
		read_part_devnos(sc, dfd, d, sc->buf);
	}
	/* last: a disk that went away since the listing has no size */
	if ((flags & SCAN_INFO) && !size_first)
		read_size(sc, dfd, d, sc->buf);
	close(dfd);
	/*
	 * Unplugged while being read: its files read as absent, so what was
	 * gathered is a partial picture (no alias, no size).  Say so rather
	 * than list it.  Only a file that had to be there and was not makes
	 * this look: an access(2) a disk is dear at 10k disks.
	 */
	if (listing && sc->missing &&
	    (snprintf(sc->buf, ATTR_MAX, "/sys/block/%s", d->name),
	     !sysroot_exists(sc->buf)) && errno == ENOENT) {
		free(*sc->warnings);
		*sc->warnings = NULL;
		warn_attr(sc, d->name, "",
			  "the disk went away while being read; not listed");
		return;
	}
	job->keep[i] = true;
}

/* ---- links and mount points ---- */

static size_t hash_name(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;	/* FNV-1a */

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return (size_t)h;
}

/*
 * Disks and partitions by kernel name, for matching the links' and the
 * mounts' targets: an open-addressed hash table, a power of two at least
 * twice the names in size (dt->nbyname), empty slots without a name.
 */
static void build_name_index(struct disk_table *dt)
{
	size_t i, j, n = 0, size = 16;

	for (i = 0; i < dt->ndisks; i++)
		n += 1 + dt->disks[i].nparts;
	while (size < 2 * n)
		size *= 2;
	dt->byname = calloc(size, sizeof(*dt->byname));
	if (!dt->byname)
		err(EXIT_FAILURE, "cannot allocate memory");
	dt->nbyname = size;
	for (i = 0; i < dt->ndisks; i++) {
		struct disk *d = &dt->disks[i];

		for (j = 0; j <= d->nparts; j++) {
			const char *name = j ? d->parts[j - 1].name : d->name;
			size_t k = hash_name(name) & (size - 1);

			while (dt->byname[k].name &&
			       strcmp(dt->byname[k].name, name) != 0)
				k = (k + 1) & (size - 1);
			if (!dt->byname[k].name)	/* first of a name wins */
				dt->byname[k] = (struct name_index){
					name, (int)i, (int)j - 1 };
		}
	}
}

static const struct name_index *lookup_name(const struct disk_table *dt,
					    const char *name)
{
	size_t k, mask = dt->nbyname - 1;

	if (!dt->nbyname)
		return NULL;
	for (k = hash_name(name) & mask; dt->byname[k].name;
	     k = (k + 1) & mask)
		if (strcmp(dt->byname[k].name, name) == 0)
			return &dt->byname[k];
	return NULL;
}

/* Takes over name. */
static void add_link(struct disk *d, char *dir, char *name, int part)
{
	if (d->nlinks == d->links_cap) {
		d->links_cap = d->links_cap ? d->links_cap * 2 : 4;
		d->links = xrealloc_array(d->links, d->links_cap,
					  sizeof(*d->links));
	}
	d->links[d->nlinks++] = (struct disk_link){ dir, name, part };
}

struct link_rec {
	char *name;		/* the link's name, "wwn-0x...", malloc'd */
	const char *target;	/* what it points at, "sdb1", after name */
};

/* What one /dev/disk/by-* directory holds. */
struct link_dir {
	struct link_rec *recs;
	size_t n, cap;
	int error;		/* errno of reading the directory */
};

static void read_link_dir(int diskdirfd, const char *name,
			  struct link_dir *out, char *dbuf)
{
	ssize_t n;
	int fd;

	fd = sysroot_openat(diskdirfd, name, O_RDONLY | O_DIRECTORY);
	if (fd < 0) {
		out->error = errno;
		return;
	}
	while ((n = getdents64(fd, dbuf, DIRENT_BUF)) > 0) {
		for (ssize_t off = 0; off < n;) {
			struct dirent64 *de = (struct dirent64 *)(dbuf + off);
			char target[DISK_NAME_MAX];
			size_t ln, lt;
			char *p;

			off += de->d_reclen;
			if (de->d_type != DT_LNK && de->d_type != DT_UNKNOWN)
				continue;
			if (link_target_name_at(fd, de->d_name, target,
						sizeof(target)) != 0)
				continue;
			if (out->n == out->cap) {
				out->cap = out->cap ? out->cap * 2 : 64;
				out->recs = xrealloc_array(out->recs, out->cap,
							   sizeof(*out->recs));
			}
			/* one allocation: "name\0target\0" */
			ln = strlen(de->d_name) + 1;
			lt = strlen(target) + 1;
			p = malloc(ln + lt);
			if (!p)
				err(EXIT_FAILURE, "cannot allocate memory");
			memcpy(p, de->d_name, ln);
			memcpy(p + ln, target, lt);
			out->recs[out->n++] = (struct link_rec){ p, p + ln };
		}
	}
	if (n < 0)
		out->error = errno;
	close(fd);
}

/* The by-* directories of /dev/disk, sorted, in dt->dirs. */
static DIR *list_link_dirs(struct disk_table *dt)
{
	struct dirent *de;
	size_t cap = 0;
	DIR *dir;

	dir = sysroot_opendir("/dev/disk");
	if (!dir)
		return NULL;	/* no udev links at all is a normal case */
	while ((de = readdir(dir))) {
		if (strncmp(de->d_name, "by-", 3) != 0)
			continue;
		if (de->d_type != DT_DIR && de->d_type != DT_UNKNOWN)
			continue;
		if (dt->ndirs == cap) {
			cap = cap ? cap * 2 : 8;
			dt->dirs = xrealloc_array(dt->dirs, cap, sizeof(char *));
		}
		dt->dirs[dt->ndirs++] = xstrdup(de->d_name);
	}
	if (dt->ndirs > 1)
		qsort(dt->dirs, dt->ndirs, sizeof(char *), cmp_version);
	return dir;
}

static void merge_links(struct disk_table *dt, struct link_dir *per_dir)
{
	size_t i, k;

	for (k = 0; k < dt->ndirs; k++) {
		struct link_dir *out = &per_dir[k];

		if (out->error) {
			errno = out->error;
			warn("/dev/disk/%s", dt->dirs[k]);
			dt->nwarnings++;
		}
		for (i = 0; i < out->n; i++) {
			const struct name_index *ni = lookup_name(dt, out->recs[i].target);

			if (ni)
				add_link(&dt->disks[ni->disk], dt->dirs[k],
					 out->recs[i].name, ni->part);
			else
				free(out->recs[i].name);
		}
		free(out->recs);
	}
	for (i = 0; i < dt->ndisks; i++)
		if (dt->disks[i].nlinks > 1)
			qsort(dt->disks[i].links, dt->disks[i].nlinks,
			      sizeof(struct disk_link), cmp_link);
}

/* Takes over target. */
static void add_mount(struct disk *d, char *target, int part)
{
	if (d->nmounts == d->mounts_cap) {
		d->mounts_cap = d->mounts_cap ? d->mounts_cap * 2 : 2;
		d->mounts = xrealloc_array(d->mounts, d->mounts_cap,
					   sizeof(*d->mounts));
	}
	d->mounts[d->nmounts++] = (struct disk_mount){ target, part };
}

struct mount_rec {
	char *target;		/* malloc'd */
	const char *name;	/* of the device, after target; "" by_dev_files */
	dev_t devno;
};

/* The mounts of block devices, from /proc/self/mountinfo. */
struct mount_table {
	bool by_dev_files;	/* no /sys/dev/block: match "dev" files */
	bool failed;		/* mountinfo could not be parsed */
	struct mount_rec *recs;
	size_t n, cap;
};

static void read_mount_table(struct mount_table *mt)
{
	char path[64], name[DISK_NAME_MAX];
	struct libmnt_table *tb;
	struct libmnt_iter *itr;
	struct libmnt_fs *fs;
	size_t lt, ln;
	FILE *f;
	int fd;

	/* opened here, inside the sysroot, and handed to libmount */
	fd = sysroot_open("/proc/self/mountinfo", O_RDONLY | O_NONBLOCK);
	if (fd < 0 && errno == ENOENT)
		return;		/* a fake tree may have no /proc */
	f = fd < 0 || check_regular(fd) != 0 ? NULL : fdopen(fd, "r");
	tb = f ? mnt_new_table() : NULL;
	if (!tb || mnt_table_parse_stream(tb, f, "/proc/self/mountinfo") != 0) {
		if (f)
			fclose(f);
		else if (fd >= 0)
			close(fd);
		mnt_unref_table(tb);
		mt->failed = true;
		return;
	}
	fclose(f);
	itr = mnt_new_iter(MNT_ITER_FORWARD);
	if (!itr)
		err(EXIT_FAILURE, "cannot allocate memory");
	while (mnt_table_next_fs(tb, itr, &fs) == 0) {
		dev_t devno = mnt_fs_get_devno(fs);
		const char *target = mnt_fs_get_target(fs);
		struct mount_rec *rec;

		/* major 0: proc, tmpfs, overlay... never a disk */
		if (!major(devno) || !target)
			continue;
		if (mt->n == mt->cap) {
			mt->cap = mt->cap ? mt->cap * 2 : 64;
			mt->recs = xrealloc_array(mt->recs, mt->cap, sizeof(*mt->recs));
		}
		rec = &mt->recs[mt->n];
		rec->devno = devno;
		name[0] = '\0';
		/* the kernel's map: /sys/dev/block/8:17 -> ../../block/sdb/sdb1 */
		if (!mt->by_dev_files) {
			snprintf(path, sizeof(path), "sys/dev/block/%u:%u",
				 major(devno), minor(devno));
			if (link_target_name_at(sysroot_fd(), path, name,
						sizeof(name)) != 0)
				continue;
		}
		/* one allocation: "target\0name\0" */
		lt = strlen(target) + 1;
		ln = strlen(name) + 1;
		rec->target = malloc(lt + ln);
		if (!rec->target)
			err(EXIT_FAILURE, "cannot allocate memory");
		memcpy(rec->target, target, lt);
		memcpy(rec->target + lt, name, ln);
		rec->name = rec->target + lt;
		mt->n++;
	}
	mnt_free_iter(itr);
	mnt_unref_table(tb);
}

/* Without /sys/dev/block: the "dev" files read by the scan, sorted. */
static struct devno_index *build_devno_index(const struct disk_table *dt,
					     size_t *n)
{
	struct devno_index *idx;
	size_t i, j;

	*n = 0;
	idx = xrealloc_array(NULL, dt->nbyname ? dt->nbyname : 1, sizeof(*idx));
	for (i = 0; i < dt->ndisks; i++) {
		struct disk *d = &dt->disks[i];

		if (d->has_devno)
			idx[(*n)++] = (struct devno_index){ d->devno, (int)i, -1 };
		for (j = 0; j < d->nparts; j++)
			if (d->parts[j].has_devno)
				idx[(*n)++] = (struct devno_index){
					d->parts[j].devno, (int)i, (int)j };
	}
	qsort(idx, *n, sizeof(*idx), cmp_devno_index);
	return idx;
}

static void merge_mounts(struct disk_table *dt, struct mount_table *mt)
{
	struct devno_index *idx = NULL;
	size_t i, n = 0;

	if (mt->failed) {
		warnx("/proc/self/mountinfo: cannot parse");
		dt->nwarnings++;
	}
	if (mt->by_dev_files)
		idx = build_devno_index(dt, &n);
	for (i = 0; i < mt->n; i++) {
		struct mount_rec *rec = &mt->recs[i];
		int disk = -1, part = -1;

		if (idx) {
			struct devno_index key = { .devno = rec->devno }, *hit;

			hit = n ? bsearch(&key, idx, n, sizeof(key),
					  cmp_devno_index) : NULL;
			if (hit) {
				disk = hit->disk;
				part = hit->part;
			}
		} else {
			const struct name_index *ni = lookup_name(dt, rec->name);

			if (ni) {
				disk = ni->disk;
				part = ni->part;
			}
		}
		if (disk >= 0)
			add_mount(&dt->disks[disk], rec->target, part);
		else
			free(rec->target);
	}
	free(mt->recs);
	free(idx);
}

/* ---- the scan ---- */

/*
 * Everything a scan reads, as one set of tasks for the workers: the link
 * directories and the mount table first (the long tasks, so that no
 * worker is left with one at the end), then a task a disk.  Results are
 * matched up once all are done.
 */
struct scan_job {
	struct disk_scan_job disks;
	int diskdirfd;			/* /dev/disk */
	char **dirs;			/* its by-* directories */
	size_t ndirs;
	struct link_dir *per_dir;
	struct mount_table *mounts;	/* NULL when not wanted */
};

static void scan_task(void *arg, size_t i, int worker)
{
	struct scan_job *job = arg;

	if (i < job->ndirs) {
		read_link_dir(job->diskdirfd, job->dirs[i], &job->per_dir[i],
			      job->disks.ctx[worker].dbuf);
		return;
	}
	i -= job->ndirs;
	if (job->mounts) {
		if (i == 0) {
			read_mount_table(job->mounts);
			return;
		}
		i--;
	}
	scan_one_disk(&job->disks, i, worker);
}

int disks_scan(struct disk_table *dt, unsigned int flags)
{
	struct scan_job job = { .disks = { .flags = 0 }, .diskdirfd = -1 };
	struct disk_scan_job *dj = &job.disks;
	struct mount_table mt = { 0 };
	DIR *diskdir = NULL;
	bool short_list_is_all;
	struct statfs sfs;
	int fd, r, k, nworkers;
	size_t i, n;

	memset(dt, 0, sizeof(*dt));
	if (flags & SCAN_LINKS)
		flags |= SCAN_PARTS;
	if (flags & SCAN_MOUNTS) {
		flags |= SCAN_PARTS;
		/* one readlink per mount beats a "dev" file per partition */
		mt.by_dev_files = !sysroot_exists("/sys/dev/block");
		if (mt.by_dev_files)
			flags |= SCAN_DEVNO;
		job.mounts = &mt;
	}

	fd = sysroot_open("/sys/block", O_RDONLY | O_DIRECTORY);
	if (fd < 0)
		return -errno;
	r = list_block_dir(fd, &dj->names, &n);
	if (r < 0) {
		close(fd);
		return r;
	}
	dj->flags = flags;
	dj->blockfd = fd;
	dj->slots = xrealloc_array(NULL, n ? n : 1, sizeof(struct disk));
	dj->keep = calloc(n ? n : 1, sizeof(bool));
	dj->warnings = calloc(n ? n : 1, sizeof(char *));
	if (!dj->keep || !dj->warnings)
		err(EXIT_FAILURE, "cannot allocate memory");

	if (flags & SCAN_LINKS)
		diskdir = list_link_dirs(dt);
	if (diskdir) {
		job.diskdirfd = dirfd(diskdir);
		job.dirs = dt->dirs;
		job.ndirs = dt->ndirs;
	}
	job.per_dir = calloc(job.ndirs + 1, sizeof(*job.per_dir));
	if (!job.per_dir)
		err(EXIT_FAILURE, "cannot allocate memory");

	nworkers = parallel_workers(n);
	short_list_is_all = fstatfs(fd, &sfs) == 0 &&
			    (sfs.f_type == SYSFS_MAGIC || sfs.f_type == TMPFS_MAGIC);
	for (k = 0; k < nworkers; k++) {
		dj->ctx[k].short_list_is_all = short_list_is_all;
		dj->ctx[k].buf = malloc(ATTR_MAX);
		dj->ctx[k].dbuf = malloc(DIRENT_BUF);
		if (!dj->ctx[k].buf || !dj->ctx[k].dbuf)
			err(EXIT_FAILURE, "cannot allocate memory");
	}

	parallel_run(job.ndirs + (job.mounts ? 1 : 0) + n, nworkers,
		     scan_task, &job);

	/* in name order: warnings printed, kept disks packed */
	dt->disks = dj->slots;
	for (i = 0; i < n; i++) {
		char *line = dj->warnings[i], *nl;

		for (; line && (nl = strchr(line, '\n')); line = nl + 1) {
			warnx("%.*s", (int)(nl - line), line);
			dt->nwarnings++;
		}
		free(dj->warnings[i]);
		if (dj->keep[i])
			dt->disks[dt->ndisks++] = dj->slots[i];
		else
			free_disk(&dj->slots[i]);
	}
	for (k = 0; k < nworkers; k++) {
		dt->alias_attr_seen |= dj->ctx[k].alias_attr_seen;
		free(dj->ctx[k].buf);
		free(dj->ctx[k].dbuf);
	}
	free(dj->keep);
	free(dj->warnings);
	free(dj->names);
	if (diskdir)
		closedir(diskdir);
	close(fd);

	if (flags & (SCAN_LINKS | SCAN_MOUNTS))
		build_name_index(dt);
	if (flags & SCAN_LINKS)
		merge_links(dt, job.per_dir);
	free(job.per_dir);
	if (flags & SCAN_MOUNTS)
		merge_mounts(dt, &mt);
	return 0;
}

void disks_free(struct disk_table *dt)
{
	size_t i;

	for (i = 0; i < dt->ndisks; i++)
		free_disk(&dt->disks[i]);
	for (i = 0; i < dt->ndirs; i++)
		free(dt->dirs[i]);
	free(dt->dirs);
	free(dt->disks);
	free(dt->byname);
	memset(dt, 0, sizeof(*dt));
}

struct disk *disks_find(const struct disk_table *dt, const char *name)
{
	struct disk key = { .name = (char *)name };

	if (!dt->ndisks)
		return NULL;
	return bsearch(&key, dt->disks, dt->ndisks, sizeof(key), cmp_disk);
}

struct disk *disks_find_alias(const struct disk_table *dt, const char *alias,
			      const struct disk *skip)
{
	size_t i;

	for (i = 0; i < dt->ndisks; i++) {
		struct disk *d = &dt->disks[i];

		if (d != skip && d->alias && strcmp(d->alias, alias) == 0)
			return d;
	}
	return NULL;
}

int disk_read_alias(const char *name, char **alias)
{
	char path[DISK_NAME_MAX + 32], buf[ALIAS_MAX_LEN + 2];
	ssize_t n;

	*alias = NULL;
	snprintf(path, sizeof(path), "/sys/block/%s/alias", name);
	n = sysroot_read_attr(path, buf, sizeof(buf));
	if (n == -EFBIG)
		return -EILSEQ;
	if (n < 0)
		return (int)n;
	if (n == 0)
		return 0;
	if (!alias_attr_ok(buf, (size_t)n))
		return -EILSEQ;
	*alias = strdup(buf);
	if (!*alias)
		return -ENOMEM;
	return 1;
}

/* ---- DISK arguments ---- */

static bool is_disk(const char *name)
{
	char path[DISK_NAME_MAX + 16];

	if (!valid_kname(name))
		return false;
	snprintf(path, sizeof(path), "/sys/block/%s", name);
	return sysroot_exists(path);
}

/* The disk whose directory holds partition "name", or false. */
static bool find_partition(const char *name, char *disk)
{
	char path[DISK_NAME_MAX * 2 + 32];
	struct dirent *de;
	bool found = false;
	DIR *dir;

	if (!valid_kname(name))
		return false;
	dir = sysroot_opendir("/sys/block");
	if (!dir)
		return false;
	while (!found && (de = readdir(dir))) {
		size_t len = strlen(de->d_name);

		if (de->d_name[0] == '.' || strncmp(name, de->d_name, len) != 0)
			continue;
		snprintf(path, sizeof(path), "/sys/block/%s/%s/partition",
			 de->d_name, name);
		if (sysroot_exists(path)) {
			snprintf(disk, DISK_NAME_MAX, "%s", de->d_name);
			found = true;
		}
	}
	closedir(dir);
	return found;
}

/* A /dev/disk/by-* link named base, in the first directory that has it. */
static bool find_link(const char *base, char *target)
{
	char **dirs = NULL, path[PATH_MAX];
	size_t i, n = 0, cap = 0;
	struct dirent *de;
	bool found = false;
	DIR *dir;
	int fd;

	if (!valid_kname(base))
		return false;
	dir = sysroot_opendir("/dev/disk");
	if (!dir)
		return false;
	fd = dirfd(dir);
	while ((de = readdir(dir))) {
		if (strncmp(de->d_name, "by-", 3) != 0)
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 8;
			dirs = xrealloc_array(dirs, cap, sizeof(char *));
		}
		dirs[n++] = xstrdup(de->d_name);
	}
	if (n > 1)
		qsort(dirs, n, sizeof(char *), cmp_version);
	for (i = 0; i < n; i++) {
		if (!found) {
			snprintf(path, sizeof(path), "%s/%s", dirs[i], base);
			found = link_target_name_at(fd, path, target,
						    DISK_NAME_MAX) == 0;
		}
		free(dirs[i]);
	}
	free(dirs);
	closedir(dir);
	return found;
}

static enum disk_arg_status check_name(const char *kname, char *name,
				       char *part)
{
	if (is_disk(kname)) {
		snprintf(name, DISK_NAME_MAX, "%s", kname);
		return DISK_ARG_OK;
	}
	if (find_partition(kname, name)) {
		snprintf(part, DISK_NAME_MAX, "%s", kname);
		return DISK_ARG_PARTITION;
	}
	return DISK_ARG_UNKNOWN;
}

enum disk_arg_status disk_resolve(const char *arg, char *name, char *part)
{
	char target[DISK_NAME_MAX], path[PATH_MAX];
	enum disk_arg_status st;
	struct stat sb;

	name[0] = part[0] = '\0';
	if (!*arg || strlen(arg) >= PATH_MAX - 16)
		return DISK_ARG_UNKNOWN;

	if (!strchr(arg, '/')) {
		st = check_name(arg, name, part);
		if (st != DISK_ARG_UNKNOWN)
			return st;
		if (!find_link(arg, target))
			return DISK_ARG_UNKNOWN;
		st = check_name(target, name, part);
		return st == DISK_ARG_UNKNOWN ? DISK_ARG_BROKEN_LINK : st;
	}

	/* "by-id/wwn-..." is short for /dev/disk/by-id/wwn-... */
	if (strncmp(arg, "by-", 3) == 0)
		snprintf(path, sizeof(path), "/dev/disk/%s", arg);
	else if (arg[0] == '/')
		snprintf(path, sizeof(path), "%s", arg);
	else
		return DISK_ARG_UNKNOWN;

	if (fstatat(sysroot_fd(), path + 1, &sb, AT_SYMLINK_NOFOLLOW) == 0 &&
	    S_ISLNK(sb.st_mode)) {
		if (sysroot_link_target_name(path, target, sizeof(target)) != 0)
			return DISK_ARG_UNKNOWN;
		st = check_name(target, name, part);
		return st == DISK_ARG_UNKNOWN ? DISK_ARG_BROKEN_LINK : st;
	}
	/* /dev/sdb: a node, a fake tree's text file, or nothing at all */
	if (strncmp(path, "/dev/", 5) == 0 && !strchr(path + 5, '/'))
		return check_name(path + 5, name, part);
	return DISK_ARG_UNKNOWN;
}

const char *disk_arg_reason(int status, const char *arg, const char *disk,
			    const char *part, char *buf, size_t bufsz)
{
	switch (status) {
	case DISK_ARG_OK:
		return "";
	case DISK_ARG_BROKEN_LINK:
		return "the link points to no disk in /sys/block";
	case DISK_ARG_PARTITION:
		if (strcmp(arg, part) == 0)
			snprintf(buf, bufsz,
				 "it is a partition of %s; aliases name whole disks", disk);
		else
			snprintf(buf, bufsz,
				 "it is partition %s of %s; aliases name whole disks",
				 part, disk);
		return buf;
	default:
		return "no such disk";
	}
}

int disk_resolve_or_warn(const char *arg, char *name)
{
	char part[DISK_NAME_MAX], reason[DISK_NAME_MAX * 3];
	int st = disk_resolve(arg, name, part);

	if (st == DISK_ARG_OK)
		return 0;
	warnx("%s: %s", arg, disk_arg_reason(st, arg, name, part, reason,
					     sizeof(reason)));
	return -1;
}
