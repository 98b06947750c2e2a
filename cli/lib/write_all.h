/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_WRITE_ALL_H
#define DISKALIAS_WRITE_ALL_H

#include <stddef.h>

/* write(2) p[0..len) to fd whole, again after EINTR: 0, or -errno
 * (-EIO for a write of nothing). */
int write_all(int fd, const void *p, size_t len);

#endif
