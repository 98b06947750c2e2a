/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_UDEV_RECORD_H
#define DISKALIAS_UDEV_RECORD_H

/*
 * The name record "apply --udev" writes for the disk of a udev event
 * (kmsg/name_record.h; diskalias(8), NAME RECORDS): everything in it
 * comes from the event's properties (on remove, what udev's database
 * kept, sysfs being gone) but the alias of an add or change, read from
 * the kernel after apply, so that writing it reads no other disk.
 */

#include <stdbool.h>

#include "kmsg/name_record.h"

/*
 * The event of the environment udev gives a rule's program (ACTION,
 * DISK_ALIAS_CHANGE, ALIAS), into *ev; false when there is none to
 * record (no ACTION: not run by udev; or another action).
 */
bool udev_record_event(enum name_event *ev);

/*
 * Write the record of event ev for disk "name": to the journal, or as
 * journal export text appended to export_path when it is not NULL.
 * config_alias: the alias apply gave the disk from the config (what it
 * printed as DISKALIAS_ALIAS), or NULL.  Under --sysroot without
 * export_path nothing is written: the sysroot has no journal to reach.
 * A failure is a warning; a system without journald is none.
 */
void udev_record_write(enum name_event ev, const char *name,
		       const char *config_alias, const char *export_path);

#endif
