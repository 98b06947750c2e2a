/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_APPLY_H
#define DISKALIAS_APPLY_H

#include <stdbool.h>

/*
 * diskalias apply --udev DISK (cmd_apply_udev.c): the config's alias for
 * the one disk of a udev event.  path: the config, below the sysroot
 * when in_sysroot.  Returns an exit status.
 */
int apply_udev(const char *path, bool in_sysroot, const char *arg);

#endif
