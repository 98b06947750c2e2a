// SPDX-License-Identifier: GPL-2.0-or-later
#include "write_all.h"

#include <errno.h>
#include <unistd.h>

int write_all(int fd, const void *p, size_t len)
{
	const char *b = p;

	while (len > 0) {
		ssize_t n = write(fd, b, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			return -EIO;
		b += n;
		len -= (size_t)n;
	}
	return 0;
}
