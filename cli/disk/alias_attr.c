// SPDX-License-Identifier: GPL-2.0-or-later
#include "alias_attr.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alias/alias_rules.h"
#include "disks.h"
#include "lib/sysroot.h"
#include "lib/xalloc.h"

/*
 * The disk's directory in /sys/block, in which "alias" is opened as list
 * opens it (sysroot_openat()): a link from there that leads out of the
 * disk's directory is EXDEV, told as one, not read or written where it
 * leads (inside the sysroot, that is anywhere).
 */
static int open_disk_dir(const char *name)
{
	char path[DISK_NAME_MAX + 16];

	snprintf(path, sizeof(path), "/sys/block/%s", name);
	return sysroot_open(path, O_PATH | O_DIRECTORY);
}

int alias_attr_read(const char *name, char **alias)
{
	char buf[ALIAS_MAX_LEN + 2];
	ssize_t n;
	int dfd;

	*alias = NULL;
	dfd = open_disk_dir(name);
	if (dfd < 0)
		return -errno;
	n = read_attr(dfd, "alias", buf, sizeof(buf));
	close(dfd);
	if (n == -EFBIG)
		return -EILSEQ;
	if (n < 0)
		return (int)n;
	if (n == 0)
		return 0;
	if (!alias_attr_ok(buf, (size_t)n))
		return -EILSEQ;
	*alias = xstrdup(buf);
	return 1;
}

int alias_attr_write(const char *name, const char *alias,
		     enum alias_write_step *step)
{
	enum alias_write_step dummy;
	size_t len = strlen(alias);
	ssize_t n;
	int fd, dfd, e;

	if (!step)
		step = &dummy;
	*step = ALIAS_AT_OPEN;
	dfd = open_disk_dir(name);
	if (dfd < 0)
		return -errno;
	fd = sysroot_openat(dfd, "alias", O_WRONLY | O_NOCTTY | O_NONBLOCK);
	e = -errno;
	close(dfd);
	if (fd < 0)
		return e;
	*step = ALIAS_AT_TYPE;
	e = check_regular(fd);
	if (e) {
		close(fd);
		return e;
	}
	*step = ALIAS_AT_WRITE;
	n = write(fd, alias, len);
	e = n < 0 ? -errno : 0;
	if (close(fd) != 0 && !e)
		e = -errno;
	if (!e && (size_t)n != len)
		e = -EIO;
	return e;
}

const char *alias_attr_reason(int e)
{
	switch (e) {
	case EINVAL:
		return "the kernel says it is not a valid alias";
	case EBUSY:
		return "the disk already has another alias, " ALIAS_STAYS;
	case EEXIST:
		return "another disk has it, or it is the kernel name of a disk or partition";
	case ENOENT:
		return ALIAS_NO_ATTRIBUTE;
	case ENODEV:
		return "the disk is being added or deleted";
	case EBADFD:
		return "/sys/block/<disk>/alias is not a regular file";
	case EXDEV:
		return "/sys/block/<disk>/alias is a link that leads out of the sysroot";
	case EACCES:
	case EPERM:
		return ALIAS_NEEDS_ROOT;
	default:
		return NULL;
	}
}

const char *alias_attr_strerror(int e)
{
	const char *reason = alias_attr_reason(e);

	return reason ? reason : strerror(e);
}
