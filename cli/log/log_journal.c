// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diskalias log --journal: the kernel's records of a journal read through
 * sd-journal (journal_reader.h), annotated as an export of them would be.
 * Only the transport and the boot are matched in the journal; the records
 * about a disk are picked here from their text (--disk), as for --input.
 */
#include <errno.h>

#include "journal_reader.h"
#include "lib/sysroot.h"
#include "log.h"

int log_read_journal(struct logger *lg, const char *dir, const char *boot,
		     const char *name)
{
	struct log_sink sink = log_annotating_sink(lg);
	struct journal_source src = { .dir = dir, .open_in_root = sysroot_open,
				      .boot = boot };
	struct journal_reader *jr;
	struct log_record rec;
	struct journal_fields jf;
	int r;

	r = journal_reader_open(&jr, &src);
	if (r == -ENOENT)
		return log_input_failx(&lg->in, -r, "%s: no journal file that "
				       "can be read%s", name,
				       dir ? "" : ", nor in /run/log/journal");
	if (r == -ESRCH)
		return log_input_failx(&lg->in, -r, "%s: the journal has no "
				       "boot %s", name, boot);
	if (r < 0)
		return log_input_fail(&lg->in, -r, "%s: cannot open the journal",
				      name);
	lg->in.format = LOG_FORMAT_EXPORT;
	while (!log_stop && (r = journal_reader_next(jr, &rec, &jf)) != 0) {
		if (r == -EBADMSG)
			continue;	/* no field the log reads: nothing to show */
		if (r < 0)
			break;
		sink.record(sink.pass, &rec, &jf, rec.text, rec.text_len);
	}
	journal_reader_close(jr);
	if (r < 0 && r != -EBADMSG)	/* (-EBADMSG: the last one, skipped) */
		return log_input_fail(&lg->in, -r, "%s: cannot read the journal",
				      name);
	return 0;
}
