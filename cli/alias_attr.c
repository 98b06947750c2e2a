// SPDX-License-Identifier: GPL-2.0-or-later
#include "alias_attr.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alias_rules.h"
#include "disks.h"
#include "sysroot.h"
#include "xalloc.h"

int alias_attr_read(const char *name, char **alias)
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
	*alias = xstrdup(buf);
	return 1;
}

int alias_attr_write(const char *name, const char *alias,
		     enum alias_write_step *step)
{
	enum alias_write_step dummy;
	char path[DISK_NAME_MAX + 32];
	size_t len = strlen(alias);
	ssize_t n;
	int fd, e;

	if (!step)
		step = &dummy;
	*step = ALIAS_AT_OPEN;
	snprintf(path, sizeof(path), "/sys/block/%s/alias", name);
	fd = sysroot_open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return errno;
	*step = ALIAS_AT_TYPE;
	e = -check_regular(fd);
	if (e) {
		close(fd);
		return e;
	}
	*step = ALIAS_AT_WRITE;
	n = write(fd, alias, len);
	e = n < 0 ? errno : 0;
	if (close(fd) != 0 && !e)
		e = errno;
	if (!e && (size_t)n != len)
		e = EIO;
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
	case ENOTREG:
		return "/sys/block/<disk>/alias is not a regular file";
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
