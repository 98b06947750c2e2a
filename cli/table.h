/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_TABLE_H
#define DISKALIAS_TABLE_H

/*
 * A table of text cells printed the way libsmartcols prints it.  On a
 * terminal, and for --raw and --pairs, libsmartcols does the printing (it
 * fits the table to the screen).  A human table going to a pipe or a file
 * has no screen to fit: every column is as wide as its widest cell, and
 * for that layout table_print() has a writer of its own that makes the
 * same bytes without libsmartcols' per-character work, which is what
 * "diskalias list" of ten thousand disks spends most of its time on.
 * tests/unit/table_test.c holds the two writers to the same output.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum table_format {
	TABLE_HUMAN,
	TABLE_RAW,
	TABLE_PAIRS,
};

struct table_column {
	const char *name;
	double whint;		/* as for scols_table_new_column() */
	int flags;		/* SCOLS_FL_* */
	bool keep;		/* identity: never cut to fit a terminal */
};

struct table {
	const struct table_column *cols;
	size_t ncols;
	enum table_format format;
	bool noheadings;

	/* nlines * ncols cells; NULL is an empty cell.  Not copied. */
	const char **cells;
	size_t nlines;
	size_t cap;		/* private */
};

void table_init(struct table *t, const struct table_column *cols,
		size_t ncols, enum table_format format, bool noheadings);
/* A new line of ncols empty cells, to fill in before printing. */
const char **table_new_line(struct table *t);
void table_free(struct table *t);

/*
 * Print with the writer that suits out.  On a terminal narrower than the
 * table, the columns without "keep" share what the others leave, and a
 * cell cut to fit ends with a mark ("~", or U+2026 in a UTF-8 locale):
 * nothing is cut silently, and no column wraps into slivers.  Returns 0
 * or -errno.
 */
int table_print(const struct table *t, FILE *out);

/* Either writer, whatever out is (for the tests). */
int table_print_scols(const struct table *t, FILE *out);
int table_print_plain(const struct table *t, FILE *out);

#endif
