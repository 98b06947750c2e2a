// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the plain table writer (cli/table/table.c): the input
 * makes a table -- its first byte the shape, the rest cells split at
 * 0x1e, lines at 0x1f -- which libsmartcols and the plain writer must
 * print to the same bytes, in the C.UTF-8 locale (C when it is missing).
 *
 *   tests/run-fuzz 60 table_fuzz
 */
#include <locale.h>
#include <stdbool.h>
#include <libsmartcols.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "table/table.h"

static const struct table_column all_cols[] = {
	{ "NAME", 0.1, SCOLS_FL_NOEXTREMES, false, false },
	{ "SIZE", 5, SCOLS_FL_RIGHT, false, false },
	{ "MODEL", 0.1, SCOLS_FL_TRUNC, false, false },
	{ "RM", 1, SCOLS_FL_RIGHT, false, false },
	{ "LINKS", 0.3, SCOLS_FL_WRAP, false, false },
};

static char *print_with(int (*fn)(const struct table *, FILE *),
			const struct table *t)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f || fn(t, f) != 0)
		abort();
	fclose(f);
	return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int locale_set;
	struct table_column cols[5];
	size_t ncols, j = 0;
	struct table t;
	const char **ln;
	char *text, *end, *start, *p, *x, *y;

	if (!locale_set) {
		if (!setlocale(LC_ALL, "C.UTF-8"))
			setlocale(LC_ALL, "C");
		locale_set = 1;
	}
	if (size < 1 || size > 4096)
		return 0;
	/* shape: how many columns and which, headings or not */
	ncols = 1 + data[0] % 5;
	for (size_t k = 0; k < ncols; k++)
		cols[k] = all_cols[(data[0] / 5 + k) % 5];
	table_init(&t, cols, ncols, TABLE_HUMAN, data[0] & 0x80);

	text = malloc(size);
	if (!text)
		abort();
	memcpy(text, data + 1, size - 1);
	end = text + size - 1;
	*end = '\0';
	ln = table_new_line(&t);
	/* a cell ends at 0x1e, 0x1f (and its line with it) or a NUL */
	for (start = p = text;; p++) {
		bool eol;

		if (p < end && *p != '\x1e' && *p != '\x1f' && *p != '\0')
			continue;
		eol = p < end && *p == '\x1f';
		*p = '\0';
		if (!ln)
			abort();
		if (j < ncols)
			ln[j++] = start;
		if (p == end)
			break;
		start = p + 1;
		if (eol) {
			ln = table_new_line(&t);
			j = 0;
		}
	}

	x = print_with(table_print_scols, &t);
	y = print_with(table_print_plain, &t);
	if (strcmp(x, y) != 0) {
		fprintf(stderr, "--- libsmartcols\n%s--- plain\n%s---\n", x, y);
		abort();
	}
	free(x);
	free(y);
	free(text);
	table_free(&t);
	return 0;
}
