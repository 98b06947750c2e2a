/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_CONFIG_WRITE_H
#define DISKALIAS_CONFIG_WRITE_H

#include <stddef.h>

/*
 * Take the config's lock (flock on CONF_LOCK_PATH below the sysroot),
 * waiting for other writers; held until the process exits.  Returns 0
 * or -errno.
 */
int conf_lock(void);

/*
 * Replace the config at CONF_PATH with text[0..len) atomically: a temp
 * file in /etc, fsync, rename, fsync of /etc.  mode for a new file.
 * Returns 0 or -errno; on failure the old file is untouched.  Once the
 * rename is done it returns 0: a failing fsync of /etc is only warned.
 * Call it holding conf_lock(): it removes temp files dead writers left.
 */
int conf_write_atomic(const char *text, size_t len);

/* The reason a write of the config failed, in words ("/etc is read-only"). */
const char *conf_write_strerror(int e);

#endif
