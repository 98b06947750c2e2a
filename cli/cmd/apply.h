/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_APPLY_H
#define DISKALIAS_APPLY_H

#include <stdbool.h>

/*
 * diskalias apply --udev DISK (cmd_apply_udev.c): the config's alias for
 * the one disk of a udev event.  path: the config, below the sysroot
 * when in_sysroot.  Run by udev, it writes the disk's name record: to
 * the journal, or appended to record_export (not NULL) as journal export
 * text.  Returns an exit status.
 */
int apply_udev(const char *path, bool in_sysroot, const char *arg,
	       const char *record_export);

#endif
