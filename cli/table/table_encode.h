/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_TABLE_ENCODE_H
#define DISKALIAS_TABLE_ENCODE_H

/* How libsmartcols shows a cell, for both writers (private to table*.c). */

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "table_cells.h"

/* *p prints as it is (p[1] is read only when *p is a backslash) */
static inline bool is_plain_ascii(const unsigned char *p)
{
	return *p >= 0x20 && *p < 0x7f && !(*p == '\\' && p[1] == 'x');
}

/*
 * libsmartcols' view of s: its width in columns and, when dst is not
 * NULL, the text it prints (at most 4 * strlen(s) + 1 bytes, with NUL).
 * A list cell (table.h) shows TABLE_LIST_SEP as "," and "," as \x2c.
 */
size_t table_encode(const char *s, char *dst, bool list);

/*
 * The plain writer with the column widths given (cells wider than their
 * column are the caller's to cut), or libsmartcols' widths when widths
 * is NULL.
 */
int table_print_plain_widths(const struct table *t, FILE *out,
			     const size_t *widths);

#endif
