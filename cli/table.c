// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Table output: libsmartcols, and for a human table that goes to no
 * terminal a writer of its own with libsmartcols' layout (see table.h).
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

/* ---- the plain writer ---- */

struct outbuf {
	FILE *out;
	char buf[1 << 16];
	size_t len;
	bool failed;
};

static void ob_flush(struct outbuf *o)
{
	if (o->len && fwrite(o->buf, 1, o->len, o->out) != o->len)
		o->failed = true;
	o->len = 0;
}

static void ob_put(struct outbuf *o, const char *s, size_t n)
{
	if (o->len + n > sizeof(o->buf)) {
		ob_flush(o);
		if (n > sizeof(o->buf)) {
			if (fwrite(s, 1, n, o->out) != n)
				o->failed = true;
			return;
		}
	}
	memcpy(o->buf + o->len, s, n);
	o->len += n;
}

static void ob_spaces(struct outbuf *o, size_t n)
{
	while (n) {
		size_t k;

		if (o->len == sizeof(o->buf))
			ob_flush(o);
		k = sizeof(o->buf) - o->len;
		if (k > n)
			k = n;
		memset(o->buf + o->len, ' ', k);
		o->len += k;
		n -= k;
	}
}

/* *p prints as it is (p[1] is read only when *p is a backslash) */
static bool is_plain_ascii(const unsigned char *p)
{
	return *p >= 0x20 && *p < 0x7f && !(*p == '\\' && p[1] == 'x');
}

static char *put_hex(char *d, unsigned char c)
{
	static const char hex[] = "0123456789abcdef";

	*d++ = '\\';
	*d++ = 'x';
	*d++ = hex[c >> 4];
	*d++ = hex[c & 0xf];
	return d;
}

/*
 * libsmartcols' view of s: its width in columns and, when dst is not
 * NULL, the text it prints (at most 4 * strlen(s) + 1 bytes, with NUL).
 */
static size_t safe_encode(const char *s, char *dst)
{
	const unsigned char *p = (const unsigned char *)s;
	mbstate_t st;
	size_t width = 0;
	char *d = dst;

	memset(&st, 0, sizeof(st));
	while (*p) {
		unsigned char c = *p;
		wchar_t wc;
		size_t len;

		if (is_plain_ascii(p)) {
			if (d)
				*d++ = (char)c;
			width++;
			p++;
			continue;
		}
		if ((c == '\\' && p[1] == 'x') || iscntrl(c)) {
			if (d)
				d = put_hex(d, c);
			width += 4;
			p++;
			continue;
		}
		len = mbrtowc(&wc, (const char *)p, MB_CUR_MAX, &st);
		if (len == 0)
			break;
		if (len == (size_t)-1 || len == (size_t)-2) {
			len = 1;
			if (isprint(c)) {
				if (d)
					*d++ = (char)c;
				width++;
			} else {
				if (d)
					d = put_hex(d, c);
				width += 4;
			}
		} else if (!iswprint(wc)) {
			for (size_t i = 0; i < len; i++)
				if (d)
					d = put_hex(d, p[i]);
			width += 4 * len;
		} else {
			if (d) {
				memcpy(d, p, len);
				d += len;
			}
			width += (size_t)wcwidth(wc);
		}
		p += len;
	}
	if (d)
		*d = '\0';
	return width;
}

/* measure() of a cell: its width, with CELL_PLAIN or'ed in */
#define CELL_PLAIN 0x80000000u
#define CELL_WIDTH_MAX 0x7fffffffu

struct plain_ctx {
	const struct table *t;
	size_t *widths;		/* of the columns */
	uint32_t *cellw;	/* of the cells, from the first pass */
	char *enc;		/* scratch for encoded cells */
	size_t enc_size;
	struct outbuf *o;
};

/* A cell's width, and CELL_PLAIN when it prints as it is. */
static uint32_t measure(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	bool plain;
	size_t w;

	while (is_plain_ascii(p))
		p++;
	plain = *p == '\0';
	w = plain ? (size_t)(p - (const unsigned char *)s) :
		    safe_encode(s, NULL);
	if (w > CELL_WIDTH_MAX)
		w = CELL_WIDTH_MAX;
	return (uint32_t)w | (plain ? CELL_PLAIN : 0);
}

/*
 * Print one line: cell j is cells[j] (NULL when empty) of measure()
 * cw[j], or measured here when cw is NULL (the heading).  Blanks are
 * gathered and written at once, before the next text or at the line's
 * end (libsmartcols pads empty cells that end a line too, all but the
 * last column's).
 */
static int put_line(struct plain_ctx *c, const char *const *cells,
		    const uint32_t *cw)
{
	size_t pad = 0, ncols = c->t->ncols;

	for (size_t j = 0; j < ncols; j++) {
		const char *s = cells[j], *data;
		bool is_last = j + 1 == ncols;
		size_t width = c->widths[j], len, n;
		uint32_t m;

		m = !s || !*s ? 0 : cw && cw[j] ? cw[j] : measure(s);
		if (!(m & CELL_WIDTH_MAX)) {
			/* empty, or nothing visible */
			if (!is_last)
				pad += width + 1;
			continue;
		}
		len = m & CELL_WIDTH_MAX;
		if (m & CELL_PLAIN) {
			data = s;
			n = len;
		} else {
			size_t need = 4 * strlen(s) + 1;

			if (need > c->enc_size) {
				char *p = realloc(c->enc, need);

				if (!p)
					return -ENOMEM;
				c->enc = p;
				c->enc_size = need;
			}
			safe_encode(s, c->enc);
			data = c->enc;
			n = strlen(data);
		}
		if ((c->t->cols[j].flags & SCOLS_FL_RIGHT) && len < width) {
			pad += width - len;
			len = width;
		}
		ob_spaces(c->o, pad);
		ob_put(c->o, data, n);
		pad = is_last ? 0 : (len < width ? width - len : 0) + 1;
	}
	ob_spaces(c->o, pad);
	ob_put(c->o, "\n", 1);
	return 0;
}

/* Lines a measuring task takes. */
#define MEASURE_CHUNK 1024

struct measure_job {
	const struct table *t;
	uint32_t *cellw;	/* measure() of every cell */
	size_t *chunkmax;	/* a chunk's widest cell a column */
};

static void measure_chunk(void *arg, size_t chunk, int worker)
{
	struct measure_job *mj = arg;
	const struct table *t = mj->t;
	size_t *max = &mj->chunkmax[chunk * t->ncols];
	size_t end = (chunk + 1) * MEASURE_CHUNK;

	(void)worker;
	if (end > t->nlines)
		end = t->nlines;
	for (size_t k = chunk * MEASURE_CHUNK * t->ncols; k < end * t->ncols; k++) {
		const char *s = t->cells[k];
		size_t j = k % t->ncols;

		if (!s || !*s)
			continue;
		mj->cellw[k] = measure(s);
		if ((mj->cellw[k] & CELL_WIDTH_MAX) > max[j])
			max[j] = mj->cellw[k] & CELL_WIDTH_MAX;
	}
}

int table_print_plain(const struct table *t, FILE *out)
{
	struct plain_ctx c = { .t = t };
	struct measure_job mj;
	size_t i, j, nchunks;
	int rc = 0;

	if (t->format != TABLE_HUMAN)
		return table_print_scols(t, out);
	if (!t->nlines || !t->ncols)
		return 0;	/* libsmartcols prints nothing either */

	c.widths = calloc(t->ncols, sizeof(*c.widths));
	c.cellw = calloc(t->nlines * t->ncols, sizeof(*c.cellw));
	c.o = malloc(sizeof(*c.o));
	if (!c.widths || !c.cellw || !c.o) {
		rc = -ENOMEM;
		goto done;
	}
	c.o->out = out;
	c.o->len = 0;
	c.o->failed = false;

	/* the cells' widths, a chunk of lines a task */
	nchunks = (t->nlines + MEASURE_CHUNK - 1) / MEASURE_CHUNK;
	mj = (struct measure_job){ t, c.cellw,
				   calloc(nchunks * t->ncols, sizeof(size_t)) };
	if (!mj.chunkmax) {
		rc = -ENOMEM;
		goto done;
	}
	parallel_run(nchunks, parallel_workers(t->nlines), measure_chunk, &mj);

	for (j = 0; j < t->ncols; j++) {
		const struct table_column *tc = &t->cols[j];
		size_t head = safe_encode(tc->name, NULL), w = 0;

		if (head == 0)
			head = 1;
		for (i = 0; i < nchunks; i++)
			if (mj.chunkmax[i * t->ncols + j] > w)
				w = mj.chunkmax[i * t->ncols + j];
		if (w < head)
			w = head;
		else if (tc->whint >= 1 && w < (size_t)tc->whint &&
			 head < (size_t)tc->whint)
			w = (size_t)tc->whint;
		c.widths[j] = w;
	}
	free(mj.chunkmax);

	if (!t->noheadings) {
		const char **heads = calloc(t->ncols, sizeof(*heads));

		if (!heads) {
			rc = -ENOMEM;
			goto done;
		}
		for (j = 0; j < t->ncols; j++)
			heads[j] = t->cols[j].name;
		rc = put_line(&c, heads, NULL);
		free(heads);
	}
	for (i = 0; i < t->nlines && rc == 0; i++)
		rc = put_line(&c, &t->cells[i * t->ncols],
			      &c.cellw[i * t->ncols]);
	ob_flush(c.o);
	if (rc == 0 && c.o->failed)
		rc = -EIO;
done:
	free(c.enc);
	free(c.cellw);
	free(c.widths);
	free(c.o);
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
			size_t head = safe_encode(t->cols[j].name, NULL);

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
		w[j] = safe_encode(t->cols[j].name, NULL);
		for (size_t i = 0; i < t->nlines; i++) {
			const char *c = t->cells[i * t->ncols + j];
			size_t cw = c ? safe_encode(c, NULL) : 0;

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
		if (!c || t->cols[j].keep || safe_encode(c, NULL) <= w[j])
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
