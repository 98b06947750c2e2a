// SPDX-License-Identifier: GPL-2.0-or-later
#include "disk_arg.h"

#include <dirent.h>
#include <err.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "kmsg/kmsg.h"
#include "lib/sysroot.h"
#include "links.h"

static bool is_disk(const char *name)
{
	char path[DISK_NAME_MAX + 16];

	if (!disk_name_ok(name))
		return false;
	snprintf(path, sizeof(path), "/sys/block/%s", name);
	return sysroot_exists(path);
}

/* The first disk in /sys/block that match(disk, name) accepts, or false. */
static bool find_disk(const char *name, char *disk,
		      bool (*match)(const char *dname, const char *name))
{
	struct dirent *de;
	bool found = false;
	DIR *dir;

	if (!disk_name_ok(name))
		return false;
	dir = sysroot_opendir("/sys/block");
	if (!dir)
		return false;
	while (!found && (de = readdir(dir))) {
		if (de->d_name[0] == '.' || !match(de->d_name, name))
			continue;
		snprintf(disk, DISK_NAME_MAX, "%s", de->d_name);
		found = true;
	}
	closedir(dir);
	return found;
}

/* Disk "dname" holds partition "name". */
static bool holds_partition(const char *dname, const char *name)
{
	char path[DISK_NAME_MAX * 2 + 32];

	if (strncmp(name, dname, strlen(dname)) != 0)
		return false;
	snprintf(path, sizeof(path), "/sys/block/%s/%s/partition", dname, name);
	return sysroot_exists(path);
}

/*
 * Disk "dname" is the device-mapper disk (dm-N) whose dm/name is "name"
 * ("vg-lv", as in /dev/mapper/vg-lv), from sysfs: /dev/mapper may hold
 * nodes, not links.
 */
static bool has_dm_name(const char *dname, const char *name)
{
	char path[DISK_NAME_MAX * 2 + 32], buf[DISK_NAME_MAX + 2];

	if (strncmp(dname, "dm-", 3) != 0)
		return false;
	snprintf(path, sizeof(path), "/sys/block/%s/dm/name", dname);
	if (sysroot_read_attr(path, buf, sizeof(buf)) <= 0)
		return false;
	buf[strcspn(buf, "\n")] = '\0';
	return strcmp(buf, name) == 0;
}

static enum disk_arg_status check_name(const char *kname, char *name,
				       char *part)
{
	char head[DISK_NAME_MAX];

	/* a path's head is the disk, as list shows it (the log's mapping) */
	if (log_nvme_head(kname, strlen(kname), head, sizeof(head)) &&
	    is_disk(kname) && is_disk(head)) {
		snprintf(name, DISK_NAME_MAX, "%s", head);
		snprintf(part, DISK_NAME_MAX, "%s", kname);
		return DISK_ARG_NVME_PATH;
	}
	if (is_disk(kname)) {
		snprintf(name, DISK_NAME_MAX, "%s", kname);
		return DISK_ARG_OK;
	}
	if (find_disk(kname, name, holds_partition)) {
		snprintf(part, DISK_NAME_MAX, "%s", kname);
		return DISK_ARG_PARTITION;
	}
	return DISK_ARG_UNKNOWN;
}

/*
 * A bare name: a kernel name, else the hardware links of that name (two
 * that point at different devices are refused: a name alone must not
 * choose between them), else a device-mapper name.  Links in other
 * directories are not looked at: anyone who can write a filesystem
 * label would choose the disk.
 */
static enum disk_arg_status resolve_bare(const char *arg, char *name,
					 char *part)
{
	char targets[LINK_KEY_NDIRS][DISK_NAME_MAX];
	enum disk_arg_status st;
	const char *target = NULL;

	st = check_name(arg, name, part);
	if (st != DISK_ARG_UNKNOWN)
		return st;
	if (link_find(arg, targets) == 0) {
		if (find_disk(arg, name, has_dm_name))
			return DISK_ARG_OK;
		if (link_find_content(arg, part, DISK_NAME_MAX))
			return DISK_ARG_CONTENT_NAME;
		return DISK_ARG_UNKNOWN;
	}
	for (size_t i = 0; i < LINK_KEY_NDIRS; i++) {
		if (!targets[i][0])
			continue;
		if (target && strcmp(target, targets[i]) != 0) {
			snprintf(name, DISK_NAME_MAX, "%s", targets[0]);
			snprintf(part, DISK_NAME_MAX, "%s", targets[1]);
			return DISK_ARG_AMBIGUOUS;
		}
		target = targets[i];
	}
	st = check_name(target, name, part);
	return st == DISK_ARG_UNKNOWN ? DISK_ARG_BROKEN_LINK : st;
}

enum disk_arg_status disk_resolve(const char *arg, char *name, char *part)
{
	char target[DISK_NAME_MAX], path[PATH_MAX];
	enum disk_arg_status st;
	struct stat sb;

	name[0] = part[0] = '\0';
	if (!*arg || strlen(arg) >= PATH_MAX - 16)
		return DISK_ARG_UNKNOWN;

	if (!strchr(arg, '/'))
		return resolve_bare(arg, name, part);

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
	/* /dev/mapper/vg-lv: a node where udev made no link */
	if (strncmp(path, "/dev/mapper/", 12) == 0 && !strchr(path + 12, '/'))
		return find_disk(path + 12, name, has_dm_name) ? DISK_ARG_OK : DISK_ARG_UNKNOWN;
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
	case DISK_ARG_AMBIGUOUS:
		snprintf(buf, bufsz,
			 "links of that name point at different devices: /dev/disk/%s/%s at %s, /dev/disk/%s/%s at %s; give the directory too",
			 link_key_dirs[0], arg, disk, link_key_dirs[1], arg, part);
		return buf;
	case DISK_ARG_NVME_PATH:
		snprintf(buf, bufsz,
			 "it is a path to NVMe multipath disk %s, which holds the alias; give %s",
			 disk, disk);
		return buf;
	case DISK_ARG_CONTENT_NAME:
		snprintf(buf, bufsz,
			 "no such disk; a name in /dev/disk/%s is what a disk holds, not a disk, and is taken only with its directory (%s/%s)",
			 part, part, arg);
		return buf;
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
