// SPDX-License-Identifier: GPL-2.0-or-later
#include "mounts.h"

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <libmount.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "lib/strmap.h"
#include "lib/sysroot.h"
#include "lib/xalloc.h"

struct devno_index {
	dev_t devno;
	int disk;
	int part;
};

static int cmp_devno_index(const void *a, const void *b)
{
	dev_t x = ((const struct devno_index *)a)->devno;
	dev_t y = ((const struct devno_index *)b)->devno;

	return x < y ? -1 : x > y;
}

/* One allocation for a record: "target\0name\0". */
static struct mount_rec *add_rec(struct mount_table *mt, const char *target,
				 const char *name, dev_t devno, bool by_name)
{
	size_t lt = strlen(target) + 1, ln = strlen(name) + 1;
	struct mount_rec *rec;

	XGROW(mt->recs, mt->n, mt->cap, 64);
	rec = &mt->recs[mt->n++];
	rec->devno = devno;
	rec->by_name = by_name;
	rec->target = xmalloc(lt + ln);
	memcpy(rec->target, target, lt);
	memcpy(rec->target + lt, name, ln);
	rec->name = rec->target + lt;
	return rec;
}

/*
 * "/dev/sdc1" -> "sdc1" (a node, or absent from a captured tree); a link
 * (/dev/mapper/vg-lv, /dev/disk/by-id/...) by the name it points to.
 */
static bool source_dev_name(const char *path, char *name, size_t namesz)
{
	if (sysroot_link_target_name(path, name, namesz) == 0)
		return true;
	if (strncmp(path, "/dev/", 5) == 0 && path[5] && !strchr(path + 5, '/'))
		return (size_t)snprintf(name, namesz, "%s", path + 5) < namesz;
	return false;
}

/*
 * A filesystem over several devices whose source lists them all, as
 * bcachefs has it: "/dev/sdc1:/dev/sdc2".  Each listed device gets the
 * mount point (the device number, often an anonymous 0:N, names at most
 * one of them).  A source that is itself a path (a by-path link holds
 * colons) is one device.  Returns false when source is not such a list.
 * Only bcachefs: the kernel checks its devices, while a FUSE mount's
 * source is any string the user who mounts it chooses.
 */
static bool add_multi_device(struct mount_table *mt, const char *fstype,
			     const char *source, const char *target)
{
	char piece[PATH_MAX], name[DISK_NAME_MAX];
	const char *p, *colon;
	size_t first = mt->n;

	if (!fstype || strcmp(fstype, "bcachefs") != 0 || !source ||
	    strncmp(source, "/dev/", 5) != 0 || !strchr(source, ':') ||
	    sysroot_exists(source))
		return false;
	for (p = source; *p; p = *colon ? colon + 1 : colon) {
		size_t len;

		colon = strchrnul(p, ':');
		len = (size_t)(colon - p);
		if (len == 0 || len >= sizeof(piece) || *p != '/')
			goto not_a_list;
		memcpy(piece, p, len);
		piece[len] = '\0';
		if (source_dev_name(piece, name, sizeof(name)))
			add_rec(mt, target, name, 0, true);
	}
	return true;

not_a_list:
	while (mt->n > first)
		free(mt->recs[--mt->n].target);
	return false;
}

/* Takes over target. */
static void add_mount(struct disk *d, char *target, int part)
{
	XGROW(d->mounts, d->nmounts, d->mounts_cap, 2);
	d->mounts[d->nmounts++] = (struct disk_mount){ target, part, false };
}

static const char *mount_target_key(const void *ctx, uint32_t i, size_t *len)
{
	const char *t = ((const struct disk *)ctx)->mounts[i].target;

	*len = strlen(t);
	return t;
}

/*
 * Mark the mounts of d at a target an earlier one has (a filesystem over
 * two partitions, a bind mount): one hash a mount, as a disk can have
 * tens of thousands of them.
 */
static void mark_repeats(struct disk *d)
{
	const struct strmap_keys k = { mount_target_key, d };
	struct strmap seen = { 0 };

	if (d->nmounts < 2 || d->nmounts >= STRMAP_NONE)
		return;
	strmap_reserve(&seen, d->nmounts);
	for (size_t i = 0; i < d->nmounts; i++)
		d->mounts[i].repeat = strmap_put(&seen, &k, d->mounts[i].target,
						 strlen(d->mounts[i].target),
						 (uint32_t)i) != i;
	strmap_free(&seen);
}

void mount_table_read(struct mount_table *mt)
{
	char path[64], name[DISK_NAME_MAX];
	struct libmnt_table *tb;
	struct libmnt_iter *itr;
	struct libmnt_fs *fs;
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
		xalloc_failed();
	while (mnt_table_next_fs(tb, itr, &fs) == 0) {
		dev_t devno = mnt_fs_get_devno(fs);
		const char *target = mnt_fs_get_target(fs);

		if (!target ||
		    add_multi_device(mt, mnt_fs_get_fstype(fs),
				     mnt_fs_get_source(fs), target))
			continue;
		/* major 0: proc, tmpfs, overlay... never a disk */
		if (!major(devno))
			continue;
		name[0] = '\0';
		/* the kernel's map: /sys/dev/block/8:17 -> ../../block/sdb/sdb1 */
		if (!mt->by_dev_files) {
			snprintf(path, sizeof(path), "sys/dev/block/%u:%u",
				 major(devno), minor(devno));
			if (link_target_name_at(sysroot_fd(), path, name,
						sizeof(name)) != 0)
				continue;
		}
		add_rec(mt, target, name, devno, false);
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
	for (i = 0; i < dt->ndisks; i++)
		*n += 1 + dt->disks[i].nparts;
	idx = xreallocarray(NULL, *n, sizeof(*idx));
	*n = 0;
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

void mounts_merge(struct disk_table *dt, struct mount_table *mt)
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

		if (idx && !rec->by_name) {
			struct devno_index key = { .devno = rec->devno }, *hit;

			hit = n ? bsearch(&key, idx, n, sizeof(key),
					  cmp_devno_index) : NULL;
			if (hit) {
				disk = hit->disk;
				part = hit->part;
			}
		} else {
			const struct disk *d = disks_find_name(dt, rec->name, &part);

			if (d)
				disk = (int)(d - dt->disks);
		}
		if (disk >= 0)
			add_mount(&dt->disks[disk], rec->target, part);
		else
			free(rec->target);
	}
	free(mt->recs);
	free(idx);
	for (i = 0; i < dt->ndisks; i++)
		mark_repeats(&dt->disks[i]);
}
