/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_TABLE_CELLS_H
#define DISKALIAS_TABLE_CELLS_H

/*
 * A table of text cells, and the two writers that print one alike:
 * libsmartcols (table_scols.c) and the plain writer (table_plain.c).
 * table.h builds a table and chooses between them.
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
	bool keep;		/* identity: cut to fit a terminal only when
				   the other columns cannot make room */
	bool list;		/* items apart by TABLE_LIST_SEP (human only) */
};

/*
 * Between the items of a list cell.  A human table shows it as ",", and
 * a "," inside an item as \x2c, as it shows a control character, so the
 * items of one line can be told apart (libsmartcols has no such cell:
 * its writer shows the separator as \x1f).
 */
#define TABLE_LIST_SEP '\x1f'

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

/*
 * Either writer, whatever out is (table_print() chooses; the tests call
 * them both).  The plain writer prints a human table itself and leaves
 * raw and pairs output to libsmartcols.  Returns 0 or the -errno of a
 * failed write.
 */
int table_print_scols(const struct table *t, FILE *out);
int table_print_plain(const struct table *t, FILE *out);

#endif
