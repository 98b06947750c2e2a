// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The scan: every disk of /sys/block read by a pool of workers
 * (disk_read.c), together with the /dev/disk links (links.c) and the
 * mount table (mounts.c), then matched up by kernel name.
 */
#include "disks.h"

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/magic.h>
#include <sys/statfs.h>
#include <unistd.h>

#include "disk_read.h"
#include "links.h"
#include "mounts.h"
#include "parallel.h"
#include "sysroot.h"
#include "xalloc.h"

/* What a name of dt->byname stands for. */
struct disk_ref {
	int disk;
	int part;		/* -1 for the disk itself */
};

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
int disk_name_cmp(const char *a, const char *b)
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
	return disk_name_cmp(*(char *const *)a, *(char *const *)b);
}

static int cmp_disk(const void *a, const void *b)
{
	return disk_name_cmp(((const struct disk *)a)->name,
			     ((const struct disk *)b)->name);
}

bool disk_name_ok(const char *s)
{
	return *s && strlen(s) < DISK_NAME_MAX && !strchr(s, '/') &&
	       strcmp(s, ".") != 0 && strcmp(s, "..") != 0;
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
		if (de->d_name[0] == '.' || !disk_name_ok(de->d_name))
			continue;
		if (*n == cap) {
			cap = cap ? cap * 2 : 64;
			*names = xreallocarray(*names, cap, sizeof(char *));
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
	struct disk *d = &job->slots[i];

	sc->warnings = &job->warnings[i];
	memset(d, 0, sizeof(*d));
	d->name = job->names[i];
	job->keep[i] = disk_read(sc, d, job->flags);
}

/* The name map's key: the name of a disk or partition of refs[]. */
static const char *ref_name(const void *ctx, uint32_t r, size_t *len)
{
	const struct disk_table *dt = ctx;
	const struct disk *d = &dt->disks[dt->refs[r].disk];
	const char *name = dt->refs[r].part < 0 ? d->name :
			   d->parts[dt->refs[r].part].name;

	*len = strlen(name);
	return name;
}

/* Disks and partitions by kernel name, for the links' and mounts' targets. */
static void build_name_index(struct disk_table *dt)
{
	const struct strmap_keys k = { ref_name, dt };
	size_t i, j, n = 0;

	for (i = 0; i < dt->ndisks; i++)
		n += 1 + dt->disks[i].nparts;
	dt->refs = xcalloc(n, sizeof(*dt->refs));
	strmap_reserve(&dt->byname, n);
	n = 0;
	for (i = 0; i < dt->ndisks; i++) {
		struct disk *d = &dt->disks[i];

		for (j = 0; j <= d->nparts; j++) {
			const char *name = j ? d->parts[j - 1].name : d->name;

			if (strmap_put(&dt->byname, &k, name, strlen(name),
				       (uint32_t)n) != n)
				continue;	/* first of a name wins */
			dt->refs[n++] = (struct disk_ref){ (int)i, (int)j - 1 };
		}
	}
}

struct disk *disks_find_name(const struct disk_table *dt, const char *name,
			     int *part)
{
	const struct strmap_keys k = { ref_name, dt };
	uint32_t r = strmap_get_str(&dt->byname, &k, name);

	if (r == STRMAP_NONE)
		return NULL;
	*part = dt->refs[r].part;
	return &dt->disks[dt->refs[r].disk];
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
		link_dir_read(job->diskdirfd, job->dirs[i], &job->per_dir[i],
			      job->disks.ctx[worker].dbuf);
		return;
	}
	i -= job->ndirs;
	if (job->mounts) {
		if (i == 0) {
			mount_table_read(job->mounts);
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
	if (flags & (SCAN_LINKS | SCAN_PART_SIZE))
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
	dj->slots = xreallocarray(NULL, n, sizeof(struct disk));
	dj->keep = xcalloc(n, sizeof(bool));
	dj->warnings = xcalloc(n, sizeof(char *));

	if (flags & SCAN_LINKS)
		diskdir = link_dirs_open(&dt->dirs, &dt->ndirs);
	if (diskdir) {
		job.diskdirfd = dirfd(diskdir);
		job.dirs = dt->dirs;
		job.ndirs = dt->ndirs;
	}
	job.per_dir = xcalloc(job.ndirs + 1, sizeof(*job.per_dir));

	nworkers = parallel_workers(n);
	short_list_is_all = fstatfs(fd, &sfs) == 0 &&
			    (sfs.f_type == SYSFS_MAGIC || sfs.f_type == TMPFS_MAGIC);
	for (k = 0; k < nworkers; k++) {
		dj->ctx[k].short_list_is_all = short_list_is_all;
		dj->ctx[k].buf = xmalloc(ATTR_MAX);
		dj->ctx[k].dbuf = xmalloc(DIRENT_BUF);
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
			disk_free(&dj->slots[i]);
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
		links_merge(dt, job.per_dir);
	free(job.per_dir);
	if (flags & SCAN_MOUNTS)
		mounts_merge(dt, &mt);
	return 0;
}

void disks_free(struct disk_table *dt)
{
	size_t i;

	for (i = 0; i < dt->ndisks; i++)
		disk_free(&dt->disks[i]);
	for (i = 0; i < dt->ndirs; i++)
		free(dt->dirs[i]);
	free(dt->dirs);
	free(dt->disks);
	strmap_free(&dt->byname);
	free(dt->refs);
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
