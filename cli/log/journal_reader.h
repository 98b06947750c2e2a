/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_JOURNAL_READER_H
#define DISKALIAS_JOURNAL_READER_H

/*
 * The kernel's records in a systemd journal, read through sd-journal
 * (libsystemd) rather than through "journalctl -o export |".
 *
 * Only _TRANSPORT=kernel (and, when asked, one boot's _BOOT_ID) is matched
 * in the journal, and when asked, as a second match of its own, the
 * tool's name records by the fields journald vouches for; never any
 * other record.  Which records are about a disk is decided by the caller
 * from the text: the block layer's "I/O error, dev sdb, ..." records carry
 * no DEVICE field and sd's are tagged with the SCSI address, so a match on
 * a disk's own fields would drop them.
 *
 * Each record is given as journal.h's parser gives an export record (the
 * same fields, the same rules for the time), so the two inputs cannot
 * disagree about what a record says.
 */

#include <stdbool.h>
#include <stddef.h>

#include "kmsg/journal.h"
#include "kmsg/kmsg.h"

struct journal_reader;

/* What to open: one directory's files, or a system's journal. */
struct journal_source {
	const char *dir;	/* journal files in dir (as journalctl -D), or NULL */
	/* else the journal of the system (/var/log/journal, /run/log/journal)
	 * whose paths this opens as sysroot_open() does: an fd, or -1 */
	int (*open_in_root)(const char *abs_path, int flags);
	const char *boot;	/* NULL: every boot; a 32-digit _BOOT_ID; or an
				 * offset as journalctl -b takes it: 0 or -N from
				 * the latest boot, N from the first (1) */
	bool name_records;	/* the tool's name records too (a second match:
				 * journal_is_name_record() says which count) */
};

/* Whether boot is a _BOOT_ID or an offset that journal_source takes. */
bool journal_boot_valid(const char *boot);

/*
 * Open the journal and select its kernel records.  0, or -errno: -ENOENT
 * (no journal file there), -EINVAL (boot is neither an ID nor an offset),
 * -ESRCH (the journal has no such boot), another errno from sd-journal.
 */
int journal_reader_open(struct journal_reader **jr, const struct journal_source *src);

/*
 * The next kernel record (or name record, when asked: journal_is_kernel()
 * tells them apart): 1 and the record, 0 after the last one, -errno
 * when the journal cannot be read.  rec and jf point into the reader,
 * valid until the next call.
 */
int journal_reader_next(struct journal_reader *jr, struct log_record *rec,
			struct journal_fields *jf);

/* The _BOOT_ID of the boot selected (NUL-terminated), or "" for all. */
const char *journal_reader_boot(const struct journal_reader *jr);

void journal_reader_close(struct journal_reader *jr);

#endif
