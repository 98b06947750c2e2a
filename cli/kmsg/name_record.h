/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_NAME_RECORD_H
#define DISKALIAS_NAME_RECORD_H

/*
 * The tool's name records: one journal entry a udev event of a whole
 * disk, written by "apply --udev" (cmd/udev_record.c), saying what the
 * disk's kernel name stood for then (diskalias(8), NAME RECORDS).  The
 * field names are the one contract between the writer and the readers.
 */

#define NAME_RECORD_IDENTIFIER	"diskalias"	/* SYSLOG_IDENTIFIER */
#define NAME_RECORD_PREFIX	"DISKALIAS_"	/* every field of its own */

#define NAME_RECORD_EVENT	"DISKALIAS_EVENT"	/* name_event_words[] */
#define NAME_RECORD_DISK	"DISKALIAS_DISK"	/* kernel name, "sdb" */
#define NAME_RECORD_MAJ_MIN	"DISKALIAS_MAJ_MIN"	/* "8:16" */
#define NAME_RECORD_DISKSEQ	"DISKALIAS_DISKSEQ"	/* "12" */
#define NAME_RECORD_KEY		"DISKALIAS_KEY"		/* set --persist's key */
#define NAME_RECORD_WWN		"DISKALIAS_WWN"
#define NAME_RECORD_SERIAL	"DISKALIAS_SERIAL"
#define NAME_RECORD_LINK	"DISKALIAS_LINK"	/* each by-id, by-path link */
#define NAME_RECORD_ALIAS	"DISKALIAS_ALIAS"
#define NAME_RECORD_ALIAS_FROM	"DISKALIAS_ALIAS_FROM"	/* "kernel", "config" */

enum name_event {
	NAME_EVENT_ADD,
	NAME_EVENT_CHANGE,
	NAME_EVENT_REMOVE,
	NAME_EVENT_ALIAS_SET,		/* the kernel's own change uevent */
	NAME_EVENT_ALIAS_RELEASED,	/* DISK_ALIAS_CHANGE=1 */
	NAME_EVENT_COUNT
};

/* DISKALIAS_EVENT's values, by enum name_event. */
extern const char *const name_event_words[NAME_EVENT_COUNT];

/* The fields that a record has at most once, after the prefix. */
enum name_field {
	NAME_FIELD_EVENT,
	NAME_FIELD_DISK,
	NAME_FIELD_MAJ_MIN,
	NAME_FIELD_DISKSEQ,
	NAME_FIELD_KEY,
	NAME_FIELD_WWN,
	NAME_FIELD_SERIAL,
	NAME_FIELD_ALIAS,
	NAME_FIELD_ALIAS_FROM,
	NAME_FIELD_COUNT
};

/* "EVENT", "DISK", ...: each name_field's name without the prefix. */
extern const char *const name_field_names[NAME_FIELD_COUNT];

#endif
