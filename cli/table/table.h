/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_TABLE_H
#define DISKALIAS_TABLE_H

/*
 * A table of text cells printed the way libsmartcols prints it.  For
 * --raw and --pairs libsmartcols does the printing.  A human table is
 * one line a row in libsmartcols' layout for output that is not a
 * terminal (every column as wide as its widest cell), printed by a
 * writer of its own that makes the same bytes without libsmartcols'
 * per-character work, which is what "diskalias list" of ten thousand
 * disks spends most of its time on; tests/unit/table_test.c holds the
 * two writers to the same output.  On a terminal narrower than that
 * layout the same writer prints narrower columns whose cut cells end
 * with a mark (table_print()), so a row still takes one line.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "table_cells.h"

void table_init(struct table *t, const struct table_column *cols,
		size_t ncols, enum table_format format, bool noheadings);
/* A new line of ncols empty cells, to fill in before printing. */
const char **table_new_line(struct table *t);
void table_free(struct table *t);

/*
 * Print with the writer that suits out.  On a terminal narrower than the
 * table, the columns without "keep" share what the others leave (and
 * when that is not enough, every column shares the width), and a cell
 * cut to fit ends with a mark ("~", or U+2026 in a UTF-8 locale):
 * nothing is cut silently, and a row never takes a second line.
 * Returns 0 or the -errno of a failed write; out of memory, the tool
 * exits, as everywhere (xalloc.h).
 */
int table_print(const struct table *t, FILE *out);

#endif
