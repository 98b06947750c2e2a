// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Table output: libsmartcols, and for a human table that goes to no
 * terminal a writer of its own with libsmartcols' layout (table_plain.c,
 * see table.h).
 *
 * The layout libsmartcols (2.38) gives a table when it has no terminal
 * width to fit: a column is as wide as its widest cell or its heading
 * (headings count even with --noheadings), a column with a width hint of
 * one or more is at least that wide unless its cells are all narrower
 * than its heading, cells are separated by one space, right-aligned
 * columns are padded on the left, and the last column is not padded on
 * the right.  Control characters, bytes that are not characters in the
 * locale, unprintable characters and a backslash before an "x" are shown
 * as \xNN, which counts four columns.
 */
#include <ctype.h>
#include <errno.h>
#include <libsmartcols.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <wchar.h>
#include <wctype.h>

#include "parallel.h"
#include "table.h"
#include "table_encode.h"

void table_init(struct table *t, const struct table_column *cols,
		size_t ncols, enum table_format format, bool noheadings)
{
	*t = (struct table){ .cols = cols, .ncols = ncols, .format = format,
			     .noheadings = noheadings };
}

const char **table_new_line(struct table *t)
{
	const char **line;

	if (t->nlines == t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 256;
		const char **cells;

		if (cap > SIZE_MAX / sizeof(*cells) / (t->ncols ? t->ncols : 1))
			return NULL;
		cells = realloc(t->cells, cap * t->ncols * sizeof(*cells));
		if (!cells)
			return NULL;
		t->cells = cells;
		t->cap = cap;
	}
	line = &t->cells[t->nlines++ * t->ncols];
	memset(line, 0, t->ncols * sizeof(*line));
	return line;
}

void table_free(struct table *t)
{
	free(t->cells);
	t->cells = NULL;
	t->nlines = t->cap = 0;
}

/* ---- libsmartcols ---- */

int table_print_scols(const struct table *t, FILE *out)
{
	struct libscols_table *tb;
	size_t i, j;
	int rc = -ENOMEM;

	tb = scols_new_table();
	if (!tb)
		return -ENOMEM;
	scols_table_set_stream(tb, out);
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
			goto done;
	}
	for (i = 0; i < t->nlines; i++) {
		const char **cells = &t->cells[i * t->ncols];
		struct libscols_line *ln = scols_table_new_line(tb, NULL);

		if (!ln)
			goto done;
		for (j = 0; j < t->ncols; j++)
			if (cells[j] && scols_line_set_data(ln, j, cells[j]) != 0)
				goto done;
	}
	rc = scols_print_table(tb);
done:
	scols_unref_table(tb);
	return rc;
}

/* The bytes of s's longest prefix that prints in at most max columns. */
static size_t prefix_fitting(const char *s, size_t max)
{
	const unsigned char *p = (const unsigned char *)s;
	mbstate_t st;
	size_t width = 0;

	memset(&st, 0, sizeof(st));
	while (*p) {
		unsigned char c = *p;
		size_t len = 1, w;
		wchar_t wc;

		if (is_plain_ascii(p)) {
			w = 1;
		} else if ((c == '\\' && p[1] == 'x') || iscntrl(c)) {
			w = 4;
		} else {
			len = mbrtowc(&wc, (const char *)p, MB_CUR_MAX, &st);
			if (len == 0)
				break;
			if (len == (size_t)-1 || len == (size_t)-2) {
				len = 1;
				w = isprint(c) ? 1 : 4;
			} else {
				w = iswprint(wc) ? (size_t)wcwidth(wc) : 4 * len;
			}
		}
		if (width + w > max)
			break;
		width += w;
		p += len;
	}
	return (size_t)(p - (const unsigned char *)s);
}

static size_t terminal_width(FILE *out)
{
	struct winsize ws;
	const char *env = getenv("COLUMNS");

	if (ioctl(fileno(out), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	if (env && atoi(env) > 0)
		return (size_t)atoi(env);
	return 80;
}

/*
 * Widths for a table too wide for the terminal: the kept columns as
 * wide as their cells, the others sharing the rest, a narrow one first
 * getting all it needs (water filling), none narrower than its heading.
 */
static void fit_widths(const struct table *t, size_t *w, size_t termw)
{
	size_t avail, nfree = 0, used = t->ncols - 1;
	bool *done = calloc(t->ncols, sizeof(bool));

	if (!done)
		return;
	for (size_t j = 0; j < t->ncols; j++) {
		if (t->cols[j].keep) {
			used += w[j];
			done[j] = true;
		} else {
			nfree++;
		}
	}
	avail = termw > used ? termw - used : 0;
	while (nfree) {
		size_t share = avail / nfree, before = nfree;

		for (size_t j = 0; j < t->ncols; j++) {
			if (!done[j] && w[j] <= share) {
				avail -= w[j];
				done[j] = true;
				nfree--;
			}
		}
		if (nfree != before)
			continue;
		/* all want more than a share: a heading wider than it first */
		for (size_t j = 0; j < t->ncols; j++) {
			size_t head = table_encode(t->cols[j].name, NULL);

			if (!done[j] && head > share) {
				w[j] = head;
				avail = avail > head ? avail - head : 0;
				done[j] = true;
				nfree--;
			}
		}
		if (nfree != before)
			continue;
		for (size_t j = 0; j < t->ncols; j++) {
			if (!done[j]) {
				w[j] = share;
				done[j] = true;
			}
		}
		break;
	}
	free(done);
}

/* A terminal narrower than the table: cut what may be cut, and mark it. */
static int print_fitted(const struct table *t, FILE *out)
{
	const char *mark = MB_CUR_MAX > 1 ? "\u2026" : "~";
	size_t termw = terminal_width(out), total, ncells = t->nlines * t->ncols;
	size_t *w = calloc(t->ncols, sizeof(size_t));
	struct table_column *cols = calloc(t->ncols, sizeof(*cols));
	const char **cells = calloc(ncells + 1, sizeof(*cells));
	char **owned = calloc(ncells + 1, sizeof(*owned));
	struct table fitted = *t;
	int rc = -ENOMEM;

	if (!w || !cols || !cells || !owned)
		goto done;
	total = t->ncols - 1;
	for (size_t j = 0; j < t->ncols; j++) {
		w[j] = table_encode(t->cols[j].name, NULL);
		for (size_t i = 0; i < t->nlines; i++) {
			const char *c = t->cells[i * t->ncols + j];
			size_t cw = c ? table_encode(c, NULL) : 0;

			if (cw > w[j])
				w[j] = cw;
		}
		total += w[j];
	}
	if (total <= termw) {
		rc = table_print_scols(t, out);
		goto done;
	}
	fit_widths(t, w, termw);
	for (size_t j = 0; j < t->ncols; j++) {
		cols[j] = t->cols[j];
		/* the widths are ours now: libsmartcols shall not change them */
		cols[j].flags &= ~(SCOLS_FL_TRUNC | SCOLS_FL_WRAP | SCOLS_FL_NOEXTREMES);
		cols[j].whint = (double)w[j];
	}
	for (size_t k = 0; k < ncells; k++) {
		const char *c = t->cells[k];
		size_t j = k % t->ncols, keep;

		cells[k] = c;
		if (!c || t->cols[j].keep || table_encode(c, NULL) <= w[j])
			continue;
		keep = prefix_fitting(c, w[j] > 1 ? w[j] - 1 : 0);
		if (asprintf(&owned[k], "%.*s%s", (int)keep, c, mark) < 0) {
			owned[k] = NULL;
			goto done;
		}
		cells[k] = owned[k];
	}
	fitted.cols = cols;
	fitted.cells = cells;
	rc = table_print_scols(&fitted, out);
done:
	for (size_t k = 0; owned && k < ncells; k++)
		free(owned[k]);
	free(owned);
	free(cells);
	free(cols);
	free(w);
	return rc;
}

int table_print(const struct table *t, FILE *out)
{
	if (t->format == TABLE_HUMAN && !isatty(fileno(out)))
		return table_print_plain(t, out);
	if (t->format == TABLE_HUMAN)
		return print_fitted(t, out);
	return table_print_scols(t, out);
}

