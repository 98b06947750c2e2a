// SPDX-License-Identifier: GPL-2.0-or-later
#include "links.h"

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "disk_attr.h"
#include "lib/sysroot.h"
#include "lib/xalloc.h"

static int cmp_version(const void *a, const void *b)
{
	return strverscmp(*(char *const *)a, *(char *const *)b);
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

DIR *link_dirs_open(char ***dirs, size_t *ndirs)
{
	struct dirent *de;
	size_t cap = 0;
	DIR *dir;

	*dirs = NULL;
	*ndirs = 0;
	dir = sysroot_opendir("/dev/disk");
	if (!dir)
		return NULL;
	while ((de = readdir(dir))) {
		if (strncmp(de->d_name, "by-", 3) != 0)
			continue;
		if (de->d_type != DT_DIR && de->d_type != DT_UNKNOWN)
			continue;
		XGROW(*dirs, *ndirs, cap, 8);
		(*dirs)[(*ndirs)++] = xstrdup(de->d_name);
	}
	if (*ndirs > 1)
		qsort(*dirs, *ndirs, sizeof(char *), cmp_version);
	return dir;
}

/* Takes over name. */
static void add_link(struct disk *d, char *dir, char *name, int part)
{
	XGROW(d->links, d->nlinks, d->links_cap, 4);
	d->links[d->nlinks++] = (struct disk_link){ dir, name, part };
}

void link_dir_read(int diskdirfd, const char *name,
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
			XGROW(out->recs, out->n, out->cap, 64);
			/* one allocation: "name\0target\0" */
			ln = strlen(de->d_name) + 1;
			lt = strlen(target) + 1;
			p = xmalloc(ln + lt);
			memcpy(p, de->d_name, ln);
			memcpy(p + ln, target, lt);
			out->recs[out->n++] = (struct link_rec){ p, p + ln };
		}
	}
	if (n < 0)
		out->error = errno;
	close(fd);
}

void links_merge(struct disk_table *dt, struct link_dir *per_dir)
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
			int part;
			struct disk *d = disks_find_name(dt, out->recs[i].target,
							 &part);

			if (d)
				add_link(d, dt->dirs[k], out->recs[i].name, part);
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

/* ---- what a link names ---- */

const char *const link_key_dirs[LINK_KEY_NDIRS] = { "by-id", "by-path" };

static bool has_prefix(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

bool link_key_dir(const char *dir, size_t len)
{
	for (size_t i = 0; i < LINK_KEY_NDIRS; i++)
		if (strlen(link_key_dirs[i]) == len &&
		    memcmp(dir, link_key_dirs[i], len) == 0)
			return true;
	return false;
}

enum link_kind link_kind(const char *dir, const char *name)
{
	/* udev's lvm2, mdadm and dm rules: names read from the disk's contents */
	static const char *const content_ids[] = {
		"lvm-pv-uuid-", "md-uuid-", "dm-uuid-", "dm-name-",
	};

	if (!link_key_dir(dir, strlen(dir)))
		return LINK_CONTENT;
	if (strcmp(dir, "by-id") == 0)
		for (size_t i = 0; i < sizeof(content_ids) / sizeof(*content_ids); i++)
			if (has_prefix(name, content_ids[i]))
				return LINK_CONTENT_ID;
	return LINK_HARDWARE;
}

size_t link_find(const char *base, char targets[LINK_KEY_NDIRS][DISK_NAME_MAX])
{
	char path[PATH_MAX];
	size_t n = 0;

	for (size_t i = 0; i < LINK_KEY_NDIRS; i++) {
		targets[i][0] = '\0';
		if (!disk_name_ok(base) || link_kind(link_key_dirs[i], base) != LINK_HARDWARE ||
		    (size_t)snprintf(path, sizeof(path), "/dev/disk/%s/%s",
				     link_key_dirs[i], base) >= sizeof(path))
			continue;
		if (sysroot_link_target_name(path, targets[i], DISK_NAME_MAX) == 0)
			n++;
		else
			targets[i][0] = '\0';
	}
	return n;
}

bool link_find_content(const char *base, char *dir, size_t dirsz)
{
	char **dirs, target[DISK_NAME_MAX], path[PATH_MAX];
	bool found = false;
	size_t i, n;
	DIR *dd;

	if (!disk_name_ok(base))
		return false;
	dd = link_dirs_open(&dirs, &n);
	if (!dd)
		return false;
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dirs[i], base);
		if (!found && link_kind(dirs[i], base) != LINK_HARDWARE &&
		    link_target_name_at(dirfd(dd), path, target, sizeof(target)) == 0) {
			snprintf(dir, dirsz, "%s", dirs[i]);
			found = true;
		}
		free(dirs[i]);
	}
	free(dirs);
	closedir(dd);
	return found;
}

static bool other_disk(const struct disk *d, const char *self)
{
	return !self || strcmp(d->name, self) != 0;
}

bool link_names_device(const struct disk_table *dt, const char *name,
		       const char *self, char *buf, size_t bufsz)
{
	char path[PATH_MAX], target[DISK_NAME_MAX];
	const struct disk *d;
	int part;

	for (size_t i = 0; i < dt->ndisks; i++) {
		d = &dt->disks[i];
		if (!other_disk(d, self))
			continue;
		if (d->dm_name && strcmp(d->dm_name, name) == 0) {
			snprintf(buf, bufsz, "/dev/mapper/%s is device-mapper disk %s",
				 name, d->name);
			return true;
		}
		for (size_t k = 0; k < d->nlinks; k++) {
			const struct disk_link *l = &d->links[k];

			if (strcmp(l->name, name) != 0 ||
			    link_kind(l->dir, l->name) != LINK_HARDWARE)
				continue;
			snprintf(buf, bufsz, "/dev/disk/%s/%s is a link to %s",
				 l->dir, l->name,
				 l->part < 0 ? d->name : d->parts[l->part].name);
			return true;
		}
	}
	/* mdadm's names: udev's /dev/md/NAME, from the array's metadata */
	if (!disk_name_ok(name) ||
	    (size_t)snprintf(path, sizeof(path), "/dev/md/%s", name) >= sizeof(path) ||
	    sysroot_link_target_name(path, target, sizeof(target)) != 0)
		return false;
	d = disks_find_name(dt, target, &part);
	if (!d || !other_disk(d, self))
		return false;
	snprintf(buf, bufsz, "%s is md array %s", path, target);
	return true;
}

/* ---- the most stable link ---- */

/* "-part3" at the end: a partition's link, never a disk's key */
static bool is_part_name(const char *name)
{
	const char *p = strstr(name, "-part");
	const char *last = NULL;

	while (p) {
		last = p;
		p = strstr(p + 1, "-part");
	}
	if (!last || !last[5])
		return false;
	for (p = last + 5; *p; p++)
		if (*p < '0' || *p > '9')
			return false;
	return true;
}

/* Lower is more stable; -1: not a persistent name of the disk. */
static int stable_rank(const struct disk_link *l, enum link_kind kind)
{
	static const char *const transports[] = {
		"scsi-", "nvme-", "virtio-", "ata-",
	};
	size_t len = strlen(l->name);

	if (l->part != -1 || is_part_name(l->name) || kind == LINK_CONTENT)
		return -1;
	if (kind == LINK_CONTENT_ID)
		return 30;	/* a clone of the disk has it too */
	if (strcmp(l->dir, "by-id") == 0) {
		if (has_prefix(l->name, "wwn-"))
			return 0;
		/* duplicates udev keeps for compatibility */
		if (has_prefix(l->name, "nvme-eui.") ||
		    has_prefix(l->name, "nvme-nguid.") ||
		    (len > 2 && strcmp(l->name + len - 2, "_1") == 0))
			return 10;
		for (size_t i = 0; i < sizeof(transports) / sizeof(*transports); i++)
			if (has_prefix(l->name, transports[i]))
				return 1 + (int)i;
		return 9;
	}
	return 20;	/* by-path */
}

bool link_stable_name(const struct disk *d, char *buf, size_t bufsz,
		      enum link_kind *kind)
{
	const struct disk_link *best = NULL;
	enum link_kind best_kind = LINK_CONTENT;
	int best_rank = INT_MAX;

	/* links are sorted by directory and name: the first of a rank wins */
	for (size_t i = 0; i < d->nlinks; i++) {
		enum link_kind k = link_kind(d->links[i].dir, d->links[i].name);
		int r = stable_rank(&d->links[i], k);

		if (r >= 0 && r < best_rank) {
			best = &d->links[i];
			best_rank = r;
			best_kind = k;
		}
	}
	if (kind)
		*kind = best_kind;
	if (!best)
		return false;
	return (size_t)snprintf(buf, bufsz, "/dev/disk/%s/%s", best->dir,
				best->name) < bufsz;
}
