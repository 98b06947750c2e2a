/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_JOURNAL_H
#define DISKALIAS_JOURNAL_H

/*
 * Journal records as journalctl writes them with -o export (fields as
 * "KEY=value" lines, or "KEY", a 64-bit little-endian length and the
 * bytes; a blank line ends a record) and -o json (one object a line;
 * a value is a string, an array of byte values when it is not UTF-8, or
 * an array of those when the field repeats).  Pure functions on byte
 * ranges, as kmsg.h's, so a fuzzer can feed them anything.
 *
 * Of the fields, "diskalias log" uses MESSAGE, PRIORITY, the monotonic
 * time (_SOURCE_MONOTONIC_TIMESTAMP, else __MONOTONIC_TIMESTAMP), who
 * wrote the record (_TRANSPORT, which journald sets: only "kernel" is the
 * kernel's), and the record's own evidence: _BOOT_ID, _KERNEL_SUBSYSTEM,
 * _KERNEL_DEVICE (b8:16, +scsi:.., +block:sdb), _UDEV_SYSNAME (sdb) and
 * every _UDEV_DEVLINK (/dev/disk/by-id/wwn-...), as udev knew them when
 * the record was logged.
 */

#include <stdbool.h>
#include <stddef.h>

#include "kmsg.h"

#define JOURNAL_DEVLINKS_MAX	32	/* more are not kept */

struct journal_span {
	const char *p;
	size_t len;
};

struct journal_fields {
	struct journal_span transport;	/* _TRANSPORT: "kernel", "syslog", ... */
	struct journal_span subsystem;	/* _KERNEL_SUBSYSTEM */
	struct journal_span boot_id;
	struct journal_span device;	/* _KERNEL_DEVICE */
	struct journal_span sysname;	/* _UDEV_SYSNAME */
	struct journal_span devlinks[JOURNAL_DEVLINKS_MAX];
	size_t ndevlinks;
};

/*
 * Length of the export record at buf: its fields and the blank line after
 * them.  0 when it may go on past len and more input is needed (at_eof
 * false).  Blank lines before a record belong to it.
 */
size_t journal_export_record_len(const char *buf, size_t len, bool at_eof);

/*
 * Parse an export record (its fields) or a JSON line.  The record's text
 * is MESSAGE, raw bytes.  A JSON value is unescaped into scratch, which
 * must hold len bytes; every span points into buf or scratch.  0, or -1
 * when malformed (no MESSAGE is not malformed: the text is empty).
 */
int journal_export_parse(const char *buf, size_t len, struct log_record *rec,
			 struct journal_fields *jf);
int journal_json_parse(const char *line, size_t len, struct log_record *rec,
		       struct journal_fields *jf, char *scratch);

/* Whether the record came from the kernel (_TRANSPORT=kernel): the only
 * records "diskalias log" reads; any user can log any text through
 * syslog or journald's own socket. */
bool journal_is_kernel(const struct journal_fields *jf);

/* Whether buf[0..len) starts as a journal export or a JSON journal. */
bool journal_export_detect(const char *buf, size_t len);
bool journal_json_detect(const char *buf, size_t len);

#endif
