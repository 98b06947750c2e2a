// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Table output: building a table, and choosing its writer: libsmartcols
 * for raw and pairs (table_scols.c), and for a human table a writer of
 * its own with libsmartcols' layout (table_plain.c, see table.h), cut
 * here to fit a narrow terminal.
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
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <wchar.h>
#include <wctype.h>

#include "lib/parallel.h"
#include "lib/xalloc.h"
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
		t->cap = t->cap ? t->cap * 2 : 256;
		t->cells = xreallocarray(t->cells, t->cap,
					 t->ncols * sizeof(*t->cells));
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

/*
 * The bytes of the character at p and (in *w) the columns it prints in,
 * as table_encode() shows it.
 */
static size_t char_at(const unsigned char *p, bool list, mbstate_t *st,
		      size_t *w)
{
	unsigned char c = *p;
	size_t len = 1;
	wchar_t wc;

	if (list && (c == TABLE_LIST_SEP || c == ',')) {
		*w = c == ',' ? 4 : 1;
	} else if (is_plain_ascii(p)) {
		*w = 1;
	} else if ((c == '\\' && p[1] == 'x') || iscntrl(c)) {
		*w = 4;
	} else {
		len = mbrtowc(&wc, (const char *)p, MB_CUR_MAX, st);
		if (len == 0)
			return 0;
		if (len == (size_t)-1 || len == (size_t)-2) {
			len = 1;
			*w = isprint(c) ? 1 : 4;
		} else {
			*w = iswprint(wc) ? (size_t)wcwidth(wc) : 4 * len;
		}
	}
	return len;
}

/*
 * s's longest prefix that prints in at most head columns (its bytes, in
 * *head_len) and, after it, the longest suffix that prints in at most
 * tail columns (where it starts).  total: s's width.
 */
static size_t ends_fitting(const char *s, size_t total, size_t head,
			   size_t tail, bool list, size_t *head_len)
{
	const unsigned char *start = (const unsigned char *)s, *p = start;
	size_t before = 0, w, len;
	bool in_head = true;
	mbstate_t st;

	memset(&st, 0, sizeof(st));
	*head_len = 0;
	while (*p) {
		mbstate_t next = st;

		len = char_at(p, list, &next, &w);
		if (len == 0)
			break;
		if (in_head && before + w > head)
			in_head = false;
		if (!in_head && total - before <= tail)
			break;
		if (in_head)
			*head_len = (size_t)(p + len - start);
		st = next;
		before += w;
		p += len;
	}
	return (size_t)(p - start);
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
 * Widths for a table too wide for the terminal: the kept columns (all
 * of them when keep is false) as wide as their cells, the others
 * sharing the rest, a narrow one first getting all it needs (water
 * filling), none narrower than its heading.  Returns the table's width.
 */
static size_t fit_widths(const struct table *t, size_t *w, size_t termw,
			 bool keep)
{
	size_t avail, nfree = 0, used = t->ncols - 1, total = t->ncols - 1;
	bool *done = xcalloc(t->ncols, sizeof(bool));

	for (size_t j = 0; j < t->ncols; j++) {
		if (keep && t->cols[j].keep) {
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
			size_t head = table_encode(t->cols[j].name, NULL, false);

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
				/* the first ones take what the division leaves */
				w[j] = share + (avail % nfree ? 1 : 0);
				avail -= w[j];
				nfree--;
				done[j] = true;
			}
		}
		break;
	}
	free(done);
	for (size_t j = 0; j < t->ncols; j++)
		total += w[j];
	return total;
}

/*
 * c cut to fit w columns, in *owned, or c itself: a heading keeps its
 * start and ends with mark; a cell keeps its start and its end, with mark
 * between them, since the end is what tells apart names that share a
 * start (wwn-0x5000c500a1b2c3d4, by-path links).
 */
static const char *cut(const char *c, size_t w, bool list, bool middle,
		       const char *mark, char **owned)
{
	size_t total, room, tail, head_len, tail_at;

	if (!c || (total = table_encode(c, NULL, list)) <= w)
		return c;
	room = w > 1 ? w - 1 : 0;
	tail = middle ? room - room / 2 : 0;
	tail_at = ends_fitting(c, total, room - tail, tail, list, &head_len);
	*owned = xasprintf("%.*s%s%s", (int)head_len, c, mark,
			   tail ? c + tail_at : "");
	return *owned;
}

/*
 * On a terminal: the plain writer's layout when it fits, else narrower
 * columns whose cut cells (and headings) hold a mark where they are cut.
 */
static int print_fitted(const struct table *t, FILE *out)
{
	const char *mark = MB_CUR_MAX > 1 ? "\u2026" : "~";
	size_t termw = terminal_width(out), total, ncells = t->nlines * t->ncols;
	size_t *w = xcalloc(2 * t->ncols, sizeof(size_t)), *natural = w + t->ncols;
	struct table_column *cols = xcalloc(t->ncols, sizeof(*cols));
	const char **cells = xcalloc(ncells + 1, sizeof(*cells));
	char **owned = xcalloc(ncells + t->ncols + 1, sizeof(*owned));
	struct table fitted = *t;
	int rc;

	/* the plain writer's widths (table_print_plain_widths()) */
	total = t->ncols - 1;
	for (size_t j = 0; j < t->ncols; j++) {
		size_t head = table_encode(t->cols[j].name, NULL, false);
		double whint = t->cols[j].whint;

		if (head == 0)
			head = 1;
		w[j] = 0;
		for (size_t i = 0; i < t->nlines; i++) {
			const char *c = t->cells[i * t->ncols + j];
			size_t cw = c ? table_encode(c, NULL, t->cols[j].list) : 0;

			if (cw > w[j])
				w[j] = cw;
		}
		if (w[j] < head)
			w[j] = head;
		else if (whint >= 1 && w[j] < (size_t)whint && head < (size_t)whint)
			w[j] = (size_t)whint;
		total += w[j];
	}
	if (total <= termw) {
		rc = table_print_plain(t, out);
		goto done;
	}
	/* the identity columns are cut only when the others cannot make room */
	memcpy(natural, w, t->ncols * sizeof(*w));
	if (fit_widths(t, w, termw, true) > termw) {
		memcpy(w, natural, t->ncols * sizeof(*w));
		fit_widths(t, w, termw, false);
	}
	fitted.cols = cols;
	fitted.cells = cells;
	for (size_t j = 0; j < t->ncols; j++) {
		cols[j] = t->cols[j];
		cols[j].name = cut(t->cols[j].name, w[j], false, false, mark,
				   &owned[ncells + j]);
	}
	for (size_t k = 0; k < ncells; k++) {
		size_t j = k % t->ncols;

		cells[k] = cut(t->cells[k], w[j], t->cols[j].list, true, mark,
			       &owned[k]);
	}
	rc = table_print_plain_widths(&fitted, out, w);
done:
	for (size_t k = 0; k < ncells + t->ncols; k++)
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
