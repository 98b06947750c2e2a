// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The plain table writer (cli/table/table.c) must print, for output that is not
 * a terminal, the very bytes libsmartcols prints.  Both writers print the
 * same tables -- chosen edge cases and many random ones, in the C and the
 * C.UTF-8 locale -- and the outputs are compared; a list column, which
 * libsmartcols cannot show, is compared with the text it must give.
 */
#include <locale.h>
#include <libsmartcols.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "table/table.h"

static const char *const pieces[] = {
	"", "sda", "data0", "931.5G", "8G", "QEMU HARDDISK", "/mnt/d 1",
	"by-id/wwn-0x5000c500a1b2c3d4", "x", "\t", "a\\xb", "\\x", "\\",
	"donn\xc3\xa9" "es", "\xe6\x97\xa5\xe6\x9c\xac", "e\xcc\x81",
	"\xe2\x80\x8b", "\xff", "\xff" "abc", "ab\xe2\x82", "\xc2\x85",
	"\x7f", "\x1b[1m", " lead", "trail ", "\xef\xbf\xbd", "a,b",
};
#define NPIECES (sizeof(pieces) / sizeof(pieces[0]))

static unsigned long long rng = 0x9e3779b97f4a7c15ULL;

static unsigned int rnd(unsigned int n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned int)(rng % n);
}

static char *print_with(int (*fn)(const struct table *, FILE *),
			const struct table *t, int *rc)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f) {
		perror("open_memstream");
		exit(2);
	}
	*rc = fn(t, f);
	fclose(f);
	return buf;
}

static int failures, checks;

static void compare(const struct table *t, const char *what)
{
	int rc1, rc2;
	char *a = print_with(table_print_scols, t, &rc1);
	char *b = print_with(table_print_plain, t, &rc2);

	checks++;
	if (rc1 != 0 || rc2 != 0 || strcmp(a, b) != 0) {
		failures++;
		fprintf(stderr, "FAIL %s (locale %s, %zu lines, rc %d/%d)\n"
			"--- libsmartcols\n%s--- plain\n%s---\n", what,
			setlocale(LC_CTYPE, NULL), t->nlines, rc1, rc2, a, b);
	}
	free(a);
	free(b);
}

static const double whints[] = { 0.1, 0.3, 1, 5, 6, 12 };
static const int flagsets[] = {
	0, SCOLS_FL_RIGHT, SCOLS_FL_TRUNC, SCOLS_FL_NOEXTREMES,
	SCOLS_FL_RIGHT | SCOLS_FL_TRUNC, SCOLS_FL_WRAP,
};
static const char *const names[] = { "NAME", "A", "SIZE", "MOUNTPOINTS", "RM", "LONG-HEADING" };

static void random_tables(int n)
{
	struct table_column cols[6];
	char cellbuf[64][6][64];

	for (int k = 0; k < n; k++) {
		struct table t;
		size_t ncols = 1 + rnd(6), nlines = rnd(40);

		for (size_t j = 0; j < ncols; j++)
			cols[j] = (struct table_column){
				names[rnd(6)], whints[rnd(6)], flagsets[rnd(6)], false, false };
		table_init(&t, cols, ncols, TABLE_HUMAN, rnd(4) == 0);
		for (size_t i = 0; i < nlines; i++) {
			const char **ln = table_new_line(&t);

			for (size_t j = 0; j < ncols; j++) {
				char *c = cellbuf[i][j];

				if (rnd(4) == 0)
					continue;	/* empty (NULL) cell */
				c[0] = '\0';
				for (unsigned int m = 1 + rnd(3); m; m--)
					strncat(c, pieces[rnd(NPIECES)], 20);
				ln[j] = c;
			}
		}
		compare(&t, "random table");
		table_free(&t);
	}
}

/* Enough lines for the widths to be measured by several workers. */
static void big_table(void)
{
	static const struct table_column cols[] = {
		{ "NAME", 0.1, SCOLS_FL_NOEXTREMES, false, false },
		{ "SIZE", 5, SCOLS_FL_RIGHT, false, false },
		{ "LINKS", 0.3, 0, false, false },
	};
	struct table t;

	table_init(&t, cols, 3, TABLE_HUMAN, false);
	for (size_t i = 0; i < 5000; i++) {
		const char **ln = table_new_line(&t);

		for (size_t j = 0; j < 3; j++)
			if (rnd(3))
				ln[j] = pieces[rnd(NPIECES)];
	}
	/* the widest cells of the padded columns in the last lines */
	table_new_line(&t)[0] = "nvme10n1p12-a-name-longer-than-any-piece";
	table_new_line(&t)[1] = "18446744073709551615-bytes-in-all";
	compare(&t, "5002 lines");
	table_free(&t);
}

static void fixed_tables(void)
{
	static const struct table_column cols[] = {
		{ "NAME", 0.1, SCOLS_FL_NOEXTREMES, false, false },
		{ "SIZE", 5, SCOLS_FL_RIGHT, false, false },
		{ "MODEL", 0.1, SCOLS_FL_TRUNC, false, false },
		{ "RM", 1, SCOLS_FL_RIGHT, false, false },
	};
	struct table t;
	const char **ln;

	/* no lines: nothing at all, heading included */
	table_init(&t, cols, 4, TABLE_HUMAN, false);
	compare(&t, "empty table");
	table_free(&t);

	/* each piece alone in each column, then all cells empty */
	for (size_t j = 0; j < 4; j++) {
		table_init(&t, cols, 4, TABLE_HUMAN, false);
		for (size_t p = 0; p < NPIECES; p++)
			table_new_line(&t)[j] = pieces[p];
		compare(&t, "one piece a line");
		table_free(&t);
	}
	table_init(&t, cols, 4, TABLE_HUMAN, true);
	table_new_line(&t);
	compare(&t, "empty cells, no headings");
	table_free(&t);

	/* a right column narrower than its hint and its heading */
	table_init(&t, cols + 1, 1, TABLE_HUMAN, false);
	ln = table_new_line(&t);
	ln[0] = "0B";
	compare(&t, "narrow right column");
	table_free(&t);
}

/*
 * A list column, which libsmartcols has no cell for: its items on the
 * row's one line, apart by commas, a comma inside an item as \x2c and
 * counted as four columns in the layout.
 */
static void list_column(void)
{
	static const struct table_column cols[] = {
		{ "NAME", 0.1, 0, true, false },
		{ "MOUNTPOINTS", 0.1, 0, false, true },
		{ "SIZE", 5, SCOLS_FL_RIGHT, true, false },
	};
	static const char expect[] =
		"NAME MOUNTPOINTS           SIZE\n"
		"sda  /,/home                 8G\n"
		"sdb  /mnt/a\\x2cb,/srv\\x0a  100G\n"
		"sdc                          1G\n";
	struct table t;
	const char **ln;
	char *out;
	int rc;

	table_init(&t, cols, 3, TABLE_HUMAN, false);
	ln = table_new_line(&t);
	ln[0] = "sda", ln[1] = "/\x1f/home", ln[2] = "8G";
	ln = table_new_line(&t);
	ln[0] = "sdb", ln[1] = "/mnt/a,b\x1f/srv\n", ln[2] = "100G";
	ln = table_new_line(&t);
	ln[0] = "sdc", ln[2] = "1G";
	out = print_with(table_print_plain, &t, &rc);
	checks++;
	if (rc != 0 || strcmp(out, expect) != 0) {
		failures++;
		fprintf(stderr, "FAIL list column (locale %s, rc %d)\n--- expected\n"
			"%s--- plain\n%s---\n", setlocale(LC_CTYPE, NULL), rc,
			expect, out);
	}
	free(out);
	table_free(&t);
}

int main(void)
{
	static const char *const locales[] = { "C", "C.UTF-8" };

	for (size_t l = 0; l < 2; l++) {
		if (!setlocale(LC_ALL, locales[l])) {
			fprintf(stderr, "locale %s is missing\n", locales[l]);
			return 2;
		}
		fixed_tables();
		list_column();
		random_tables(3000);
		big_table();
	}
	printf("%d of %d tables differ\n", failures, checks);
	return failures ? 1 : 0;
}
