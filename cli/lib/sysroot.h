/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_SYSROOT_H
#define DISKALIAS_SYSROOT_H

#include <dirent.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/*
 * Every path the tool reads or writes goes through these helpers, so that
 * --sysroot DIR points the whole program at a fake tree.  Paths passed in
 * are absolute as on a live system ("/sys/block"); they are opened relative
 * to a directory descriptor of the sysroot, which also keeps lookups cheap.
 */

/* Select the root ("/" when dir is NULL).  Returns 0 or -errno. */
int sysroot_init(const char *dir);
void sysroot_fini(void);

/* The prefix as given ("" for the real root); for messages and libmount. */
const char *sysroot_prefix(void);

/* Descriptor of the root directory, for openat()-style helpers. */
int sysroot_fd(void);

/* Malloc'd "<sysroot><abs_path>"; for libraries that want a file name. */
char *sysroot_path(const char *abs_path);

/*
 * open abs_path (starting with '/') below the sysroot.  With --sysroot
 * every symlink on the way, absolute or "../..", is resolved inside it
 * (openat2() RESOLVE_IN_ROOT): a link in the tree never makes the tool
 * read or write outside it.
 */
int sysroot_open(const char *abs_path, int flags);

/* sysroot_open() with a mode for O_CREAT. */
int sysroot_open_mode(const char *abs_path, int flags, mode_t mode);

/*
 * openat() of name below dirfd, a directory of the sysroot: with
 * --sysroot it may not leave dirfd (-EXDEV), or the root when dirfd is
 * sysroot_fd().
 */
int sysroot_openat(int dirfd, const char *name, int flags);

/* Does abs_path exist below the sysroot (links followed inside it)? */
bool sysroot_exists(const char *abs_path);

/* The directory abs_path below the sysroot as a DIR stream, or NULL. */
DIR *sysroot_opendir(const char *abs_path);

/*
 * Read a small sysfs-style attribute "name" below dirfd into buf (NUL
 * terminated), dropping one trailing newline.  Returns the length, or
 * -errno (-ENOENT when absent, -EISDIR for a directory, -EBADFD for
 * anything else that is not a regular file, a FIFO say, which is opened
 * without blocking and never read; -EFBIG when it does not fit, -EILSEQ
 * when it holds a NUL byte).
 */
ssize_t read_attr(int dirfd, const char *name, char *buf, size_t bufsz);

/*
 * 0 when fd is a regular file; -EISDIR, -EBADFD for anything else that
 * is not one (a FIFO, a device, a socket: no errno says "not a regular
 * file", and systemd's stat_verify_regular() answers so too) or -errno.
 */
int check_regular(int fd);

/* strerror() that says what EBADFD and EXDEV mean here (positive errno). */
const char *attr_strerror(int err);

/*
 * read_attr() of a file that the listing of dirfd (getdents(2)'s d_type)
 * showed as a regular file: no fstat(2) to check it again (a system
 * call a file, which lists of 10k disks notice).  A file swapped for a FIFO
 * or a device since the listing is still opened without blocking, and
 * read no further than bufsz.
 */
ssize_t read_listed_attr(int dirfd, const char *name, char *buf, size_t bufsz);

/* read_attr() of a binary attribute (a VPD page): the bytes as they are. */
ssize_t read_attr_bytes(int dirfd, const char *name, char *buf, size_t bufsz);

/* Like read_attr() for an absolute path below the sysroot. */
ssize_t sysroot_read_attr(const char *abs_path, char *buf, size_t bufsz);

/*
 * Read the symlink abs_path below the sysroot and return (in buf) the last
 * component of its target: udev links point at "../../sdb".  Only the
 * link text is used, so a fake tree never leads into the real /dev.
 * Returns 0 or -errno (-EINVAL when abs_path is not a symlink).
 */
int sysroot_link_target_name(const char *abs_path, char *buf, size_t bufsz);

/* Same for a link named "name" in directory dirfd. */
int link_target_name_at(int dirfd, const char *name, char *buf, size_t bufsz);

#endif
