// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One attribute of a disk's /sys/block/<disk> directory, read for the
 * scan, and the warnings a worker keeps about what it could not read.
 */
#include "disk_attr.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "disk_table.h"
#include "lib/sysroot.h"
#include "lib/xalloc.h"

void disk_attr_warn_file(struct scan_ctx *sc, const char *path,
			 const char *reason)
{
	char *line;
	size_t len;

	/* kept per disk and printed in order once the workers are done */
	line = xasprintf("%s: %s\n", path, reason);
	len = *sc->warnings ? strlen(*sc->warnings) : 0;
	*sc->warnings = xreallocarray(*sc->warnings, len + strlen(line) + 1, 1);
	strcpy(*sc->warnings + len, line);
	free(line);
}

void disk_attr_warn(struct scan_ctx *sc, const char *disk, const char *attr,
		    const char *reason)
{
	char *path = xasprintf("/sys/block/%s%s%s", disk, *attr ? "/" : "",
			       attr);

	disk_attr_warn_file(sc, path, reason);
	free(path);
}

/*
 * "device/model" from the root: "device" links up out of the disk's
 * directory ("../../../0:0:0:0"), which a lookup confined to dfd refuses.
 */
ssize_t disk_attr_read(int dfd, const char *disk, const char *attr, char *buf,
		       bool bytes)
{
	char path[DISK_NAME_MAX + 64];

	if (strncmp(attr, "device/", 7) == 0 &&
	    (size_t)snprintf(path, sizeof(path), "sys/block/%s/%s", disk, attr) < sizeof(path))
		return bytes ? read_attr_bytes(sysroot_fd(), path, buf, ATTR_MAX)
			     : read_attr(sysroot_fd(), path, buf, ATTR_MAX);
	return bytes ? read_attr_bytes(dfd, attr, buf, ATTR_MAX)
		     : read_attr(dfd, attr, buf, ATTR_MAX);
}

void disk_attr_warn_read_error(struct scan_ctx *sc, const char *disk,
			       const char *attr, ssize_t n)
{
	if (n == -EFBIG)
		disk_attr_warn(sc, disk, attr, "unexpectedly long");
	else if (n == -EILSEQ)
		disk_attr_warn(sc, disk, attr, "contains a NUL byte");
	else
		disk_attr_warn(sc, disk, attr, attr_strerror((int)-n));
}

char *disk_attr_dup_trimmed(const char *s)
{
	const char *e;

	while (*s == ' ' || *s == '\t' || *s == '\n')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n'))
		e--;
	if (e == s)
		return NULL;
	return xstrndup(s, (size_t)(e - s));
}
