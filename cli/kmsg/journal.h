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
 * the record was logged; and for the tool's own name records
 * (name_record.h) their DISKALIAS_* fields and who wrote them (_UID,
 * SYSLOG_IDENTIFIER, _COMM, _EXE).
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kmsg.h"
#include "name_record.h"

#define JOURNAL_DEVLINKS_MAX	32	/* more are not kept */

struct journal_span {
	const char *p;
	size_t len;
};

/* Who wrote a record, as journald saw it (the trust rule, name_record.h). */
struct journal_writer {
	struct journal_span uid;	/* _UID */
	struct journal_span identifier;	/* SYSLOG_IDENTIFIER */
	struct journal_span comm, exe;	/* _COMM, _EXE */
	bool repeated;			/* one of these or _TRANSPORT twice */
};

/* The fields of a name record (name_record.h): DISKALIAS_*. */
struct journal_name_fields {
	struct journal_span fields[NAME_FIELD_COUNT];
	struct journal_span links[JOURNAL_DEVLINKS_MAX];
	size_t nlinks;
	bool repeated;			/* a field other than LINK twice */
};

struct journal_fields {
	struct journal_span transport;	/* _TRANSPORT: "kernel", "syslog", ... */
	struct journal_span subsystem;	/* _KERNEL_SUBSYSTEM */
	struct journal_span boot_id;
	struct journal_span device;	/* _KERNEL_DEVICE */
	struct journal_span sysname;	/* _UDEV_SYSNAME */
	struct journal_span devlinks[JOURNAL_DEVLINKS_MAX];
	size_t ndevlinks;
	struct journal_writer writer;
	struct journal_name_fields name;
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

/*
 * Whether the record is one of the tool's name records that counts as
 * evidence (name_record.c; diskalias(8), NAME RECORDS): journald's own
 * fields, which no client can set, show the tool run by root sent it
 * (_TRANSPORT=journal, _UID=0, SYSLOG_IDENTIFIER=diskalias, and _COMM
 * and _EXE naming diskalias where journald could read them), each once.
 * A user's "logger -t diskalias", "systemd-cat -t diskalias" or
 * sd_journal_send() with the same fields proves nothing.
 */
bool journal_is_name_record(const struct journal_fields *jf);

/* A name record's fields, parsed (spans into the record). */
struct name_record {
	enum name_event event;
	struct journal_span disk;	/* kernel name */
	unsigned int major, minor;
	bool has_devno;
	uint64_t diskseq;
	bool has_diskseq;
	struct journal_span key, wwn, serial;	/* p NULL when absent */
	struct journal_span alias;		/* a valid alias, or p NULL */
	enum { NAME_ALIAS_UNSAID, NAME_ALIAS_KERNEL, NAME_ALIAS_CONFIG } alias_from;
	const struct journal_span *links;	/* DISKALIAS_LINK, in order */
	size_t nlinks;
	struct journal_span boot_id;
};

/*
 * The name record of jf (trusted or not: ask journal_is_name_record()),
 * into *nr.  0, or -1 when it is none or malformed: no or an unknown
 * event, no kernel name or one no kernel gives, a field other than LINK
 * twice, a number or an alias that does not parse.  Fields it does not
 * know are left for later versions.
 */
int journal_name_record(const struct journal_fields *jf, struct name_record *nr);

/* Whether buf[0..len) starts as a journal export or a JSON journal. */
bool journal_export_detect(const char *buf, size_t len);
bool journal_json_detect(const char *buf, size_t len);

#endif
