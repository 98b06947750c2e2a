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
#include "lib/parallel.h"
#include "lib/sysroot.h"
#include "lib/xalloc.h"
#include "links.h"
#include "mounts.h"
#include "udev_db.h"

static int cmp_kname_p(const void *a, const void *b)
{
	return disk_name_cmp(*(char *const *)a, *(char *const *)b);
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
		XGROW(*names, *n, cap, 64);
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
	int fd, r, k, nworkers, udev_dfd = -1;
	size_t i, n;

	memset(dt, 0, sizeof(*dt));
	if (flags & SCAN_LINKS)
		flags &= ~SCAN_KEY_LINKS;
	if (flags & (SCAN_LINKS | SCAN_KEY_LINKS | SCAN_PART_SIZE))
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

	if (flags & (SCAN_LINKS | SCAN_KEY_LINKS))
		diskdir = link_dirs_open(&dt->dirs, &dt->ndirs);
	if (flags & SCAN_KEY_LINKS) {
		/* the directories of content and boot links are not read */
		size_t kept = 0;

		for (i = 0; i < dt->ndirs; i++) {
			if (link_key_dir(dt->dirs[i], strlen(dt->dirs[i])))
				dt->dirs[kept++] = dt->dirs[i];
			else
				free(dt->dirs[i]);
		}
		dt->ndirs = kept;
	}
	if (diskdir) {
		job.diskdirfd = dirfd(diskdir);
		job.dirs = dt->dirs;
		job.ndirs = dt->ndirs;
	}
	job.per_dir = xcalloc(job.ndirs + 1, sizeof(*job.per_dir));

	/* model, serial and WWN as lsblk shows them, where udev has them */
	if (flags & SCAN_INFO)
		udev_dfd = sysroot_open(UDEV_DATA_DIR, O_RDONLY | O_DIRECTORY);
	nworkers = parallel_workers(n);
	short_list_is_all = fstatfs(fd, &sfs) == 0 &&
			    (sfs.f_type == SYSFS_MAGIC || sfs.f_type == TMPFS_MAGIC);
	for (k = 0; k < nworkers; k++) {
		dj->ctx[k].short_list_is_all = short_list_is_all;
		dj->ctx[k].udev_dfd = udev_dfd;
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
	if (udev_dfd >= 0)
		close(udev_dfd);

	if (flags & SCAN_PARTS)
		disk_table_index_names(dt);
	if (flags & (SCAN_LINKS | SCAN_KEY_LINKS))
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
