// SPDX-License-Identifier: GPL-2.0-or-later
#include "mounts.h"

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <libmount.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "sysroot.h"
#include "xalloc.h"

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

/* Takes over target. */
static void add_mount(struct disk *d, char *target, int part)
{
	XGROW(d->mounts, d->nmounts, d->mounts_cap, 2);
	d->mounts[d->nmounts++] = (struct disk_mount){ target, part };
}

void mount_table_read(struct mount_table *mt)
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
		xalloc_failed();
	while (mnt_table_next_fs(tb, itr, &fs) == 0) {
		dev_t devno = mnt_fs_get_devno(fs);
		const char *target = mnt_fs_get_target(fs);
		struct mount_rec *rec;

		/* major 0: proc, tmpfs, overlay... never a disk */
		if (!major(devno) || !target)
			continue;
		XGROW(mt->recs, mt->n, mt->cap, 64);
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
		rec->target = xmalloc(lt + ln);
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

		if (idx) {
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
}
