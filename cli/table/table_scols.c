// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The libsmartcols writer: raw and pairs output, and the reference the
 * plain writer is held to (table.h).
 */
#include <errno.h>
#include <libsmartcols.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/xalloc.h"
#include "table_cells.h"

/* The human table's lines without the blanks libsmartcols ends them with. */
static int put_trimmed(const char *buf, size_t len, FILE *out)
{
	const char *p = buf, *end = buf + len, *nl;

	for (; p < end; p = nl + 1) {
		size_t n;

		nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			nl = end;
		for (n = (size_t)(nl - p); n > 0 && p[n - 1] == ' '; n--)
			;
		if (fwrite(p, 1, n, out) != n ||
		    (nl < end && fputc('\n', out) == EOF))
			return -EIO;
	}
	return 0;
}

int table_print_scols(const struct table *t, FILE *out)
{
	struct libscols_table *tb;
	char *human = NULL;
	size_t i, j, human_len = 0;
	FILE *stream = out;
	int rc;

	/* libsmartcols fails these calls only when out of memory */
	tb = scols_new_table();
	if (!tb)
		xalloc_failed();
	if (t->format == TABLE_HUMAN) {
		stream = open_memstream(&human, &human_len);
		if (!stream)
			xalloc_failed();
	}
	scols_table_set_stream(tb, stream);
	/* the terminal is out's, whatever stdout is */
	scols_table_set_termforce(tb, isatty(fileno(out)) ?
				  SCOLS_TERMFORCE_ALWAYS : SCOLS_TERMFORCE_NEVER);
	scols_table_enable_raw(tb, t->format == TABLE_RAW);
	scols_table_enable_export(tb, t->format == TABLE_PAIRS);
	scols_table_enable_noheadings(tb, t->noheadings);

	for (j = 0; j < t->ncols; j++) {
		int flags = t->cols[j].flags;

		if (t->format != TABLE_HUMAN)
			flags &= ~SCOLS_FL_TRUNC;
		if (!scols_table_new_column(tb, t->cols[j].name,
					    t->cols[j].whint, flags))
			xalloc_failed();
	}
	for (i = 0; i < t->nlines; i++) {
		const char **cells = &t->cells[i * t->ncols];
		struct libscols_line *ln = scols_table_new_line(tb, NULL);

		if (!ln)
			xalloc_failed();
		for (j = 0; j < t->ncols; j++)
			if (cells[j] && scols_line_set_data(ln, j, cells[j]) != 0)
				xalloc_failed();
	}
	rc = scols_print_table(tb);
	scols_unref_table(tb);
	if (stream != out) {
		if (fclose(stream) != 0)
			xalloc_failed();
		if (rc == 0)
			rc = put_trimmed(human, human_len, out);
		free(human);
	}
	return rc;
}
