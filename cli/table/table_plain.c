// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The plain table writer: a human table going to no terminal, in
 * libsmartcols' layout (table.c says which), without its per-character
 * work.
 */
#include <ctype.h>
#include <errno.h>
#include <libsmartcols.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>
#include <wctype.h>

#include "lib/parallel.h"
#include "lib/xalloc.h"
#include "table_cells.h"
#include "table_encode.h"

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

static char *put_hex(char *d, unsigned char c)
{
	static const char hex[] = "0123456789abcdef";

	*d++ = '\\';
	*d++ = 'x';
	*d++ = hex[c >> 4];
	*d++ = hex[c & 0xf];
	return d;
}

size_t table_encode(const char *s, char *dst, bool list)
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

		if (list && (c == TABLE_LIST_SEP || c == ',')) {
			if (c == ',' && d)
				d = put_hex(d, c);
			else if (d)
				*d++ = ',';
			width += c == ',' ? 4 : 1;
			p++;
			continue;
		}
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
static uint32_t measure(const char *s, bool list)
{
	const unsigned char *p = (const unsigned char *)s;
	bool plain;
	size_t w;

	while (is_plain_ascii(p) && !(list && *p == ','))
		p++;
	plain = *p == '\0';
	w = plain ? (size_t)(p - (const unsigned char *)s) :
		    table_encode(s, NULL, list);
	if (w > CELL_WIDTH_MAX)
		w = CELL_WIDTH_MAX;
	return (uint32_t)w | (plain ? CELL_PLAIN : 0);
}

/*
 * Print one line: cell j is cells[j] (NULL when empty) of measure()
 * cw[j], or measured here when cw is NULL (the heading).  Blanks are
 * gathered and written at once before the next text, a cell's own
 * trailing blanks too, so that no line ends in one (table_print_scols()
 * takes them off libsmartcols' lines).
 */
static void put_line(struct plain_ctx *c, const char *const *cells,
		     const uint32_t *cw)
{
	size_t pad = 0, ncols = c->t->ncols;

	for (size_t j = 0; j < ncols; j++) {
		const char *s = cells[j], *data;
		bool is_last = j + 1 == ncols;
		size_t width = c->widths[j], len, n, trail;
		uint32_t m;

		m = !s || !*s ? 0 : cw && cw[j] ? cw[j] :
		    measure(s, cw && c->t->cols[j].list);
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
				c->enc = xreallocarray(c->enc, need, 1);
				c->enc_size = need;
			}
			table_encode(s, c->enc, cw && c->t->cols[j].list);
			data = c->enc;
			n = strlen(data);
		}
		if ((c->t->cols[j].flags & SCOLS_FL_RIGHT) && len < width) {
			pad += width - len;
			len = width;
		}
		for (trail = 0; n > 0 && data[n - 1] == ' '; n--)
			trail++;
		/* a cell of blanks alone is more padding: it may end the line */
		if (n > 0) {
			ob_spaces(c->o, pad);
			ob_put(c->o, data, n);
			pad = 0;
		}
		pad += trail + (is_last ? 0 : (len < width ? width - len : 0) + 1);
	}
	ob_put(c->o, "\n", 1);
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
		mj->cellw[k] = measure(s, t->cols[j].list);
		if ((mj->cellw[k] & CELL_WIDTH_MAX) > max[j])
			max[j] = mj->cellw[k] & CELL_WIDTH_MAX;
	}
}

int table_print_plain(const struct table *t, FILE *out)
{
	return table_print_plain_widths(t, out, NULL);
}

int table_print_plain_widths(const struct table *t, FILE *out,
			     const size_t *widths)
{
	struct plain_ctx c = { .t = t };
	struct measure_job mj;
	size_t i, j, nchunks;
	int rc = 0;

	if (t->format != TABLE_HUMAN)
		return table_print_scols(t, out);
	if (!t->nlines || !t->ncols)
		return 0;	/* libsmartcols prints nothing either */

	c.widths = xcalloc(t->ncols, sizeof(*c.widths));
	c.cellw = xcalloc(t->nlines * t->ncols, sizeof(*c.cellw));
	c.o = xmalloc(sizeof(*c.o));
	c.o->out = out;
	c.o->len = 0;
	c.o->failed = false;

	/* the cells' widths, a chunk of lines a task */
	nchunks = (t->nlines + MEASURE_CHUNK - 1) / MEASURE_CHUNK;
	mj = (struct measure_job){ t, c.cellw,
				   xcalloc(nchunks * t->ncols, sizeof(size_t)) };
	parallel_run(nchunks, parallel_workers(t->nlines), measure_chunk, &mj);

	for (j = 0; j < t->ncols; j++) {
		const struct table_column *tc = &t->cols[j];
		size_t head = table_encode(tc->name, NULL, false), w = 0;

		if (widths) {
			c.widths[j] = widths[j];
			continue;
		}
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
		const char **heads = xcalloc(t->ncols, sizeof(*heads));

		for (j = 0; j < t->ncols; j++)
			heads[j] = t->cols[j].name;
		put_line(&c, heads, NULL);
		free(heads);
	}
	for (i = 0; i < t->nlines; i++)
		put_line(&c, &t->cells[i * t->ncols], &c.cellw[i * t->ncols]);
	ob_flush(c.o);
	if (c.o->failed)
		rc = -EIO;
	free(c.enc);
	free(c.cellw);
	free(c.widths);
	free(c.o);
	return rc;
}

