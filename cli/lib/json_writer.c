// SPDX-License-Identifier: GPL-2.0-or-later
#include "json_writer.h"

#include <inttypes.h>
#include <string.h>

#include "byte_runs.h"
#include "utf8.h"

void json_init(struct json_writer *js, FILE *out)
{
	/* not the buffer: a writer a record must not clear 4 KiB */
	js->out = out;
	js->len = 0;
	js->depth = 0;
	js->compact = false;
	memset(js->first, 0, sizeof(js->first));
	memset(js->inline_, 0, sizeof(js->inline_));
	js->first[0] = true;
}

void json_flush(struct json_writer *js)
{
	fwrite_unlocked(js->buf, 1, js->len, js->out);
	js->len = 0;
}

/* json_emit() when s[0..n) does not fit: what is gathered goes out first */
void json_emit_full(struct json_writer *js, const void *s, size_t n)
{
	json_flush(js);
	if (n >= sizeof(js->buf)) {
		fwrite_unlocked(s, 1, n, js->out);
		return;
	}
	memcpy(js->buf, s, n);
	js->len = n;
}

static inline void emit_byte(struct json_writer *js, char c)
{
	if (js->len == sizeof(js->buf))
		json_flush(js);
	js->buf[js->len++] = c;
}

#define EMIT_LIT(js, lit) json_emit(js, lit, sizeof(lit) - 1)

static void indent(struct json_writer *js)
{
	for (int i = 0; i < js->depth; i++)
		EMIT_LIT(js, "   ");
}

static void put_hex_escape(struct json_writer *js, const char *head,
			   unsigned int c)
{
	static const char hex[] = "0123456789abcdef";
	char buf[8];
	size_t n = strlen(head);

	memcpy(buf, head, n);
	buf[n++] = hex[(c >> 4) & 15];
	buf[n++] = hex[c & 15];
	json_emit(js, buf, n);
}

static void put_string(struct json_writer *js, const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	const unsigned char *end = s + len;

	emit_byte(js, '"');
	while (s < end) {
		/* a run of plain printable ASCII goes out in one write */
		size_t n = byte_run(s, (size_t)(end - s), true);

		if (n) {
			json_emit(js, s, n);
			s += n;
			continue;
		}
		/* "\\x" always starts an escape: a backslash before 'x' is one */
		if (*s == '\\' && s + 1 < end && s[1] == 'x') {
			EMIT_LIT(js, "\\\\x5c");
			s++;
			continue;
		}
		if (*s == '"' || *s == '\\') {
			emit_byte(js, '\\');
			emit_byte(js, (char)*s++);
			continue;
		}
		if (*s < 0x20 || *s == 0x7f) {
			put_hex_escape(js, "\\u00", *s++);
			continue;
		}
		n = utf8_len(s, (size_t)(end - s));
		if (n == 0) {
			/* not UTF-8: the text \xNN, never the character U+00NN */
			put_hex_escape(js, "\\\\x", *s++);
			continue;
		}
		if (n == 2 && s[0] == 0xc2 && s[1] < 0xa0) {
			/* a C1 control (U+0080..U+009F): escaped, never raw */
			put_hex_escape(js, "\\u00", s[1]);
			s += 2;
			continue;
		}
		json_emit(js, s, n);
		s += n;
	}
	emit_byte(js, '"');
}

/*
 * A member's key and ": ".  A key of known length (a literal: the
 * program's own word) goes out as it is; another is checked in one pass
 * that finds its end, and escaped only if it must be.
 */
static void put_key(struct json_writer *js, const char *key, size_t key_len)
{
	if (key_len == JSON_KEY_CHECK) {
		size_t n = 0;

		/* byte_run()'s rule, a byte at a time: the NUL ends it */
		while (byte_runs_ok1((unsigned char)key[n], true))
			n++;
		if (key[n] != '\0') {
			put_string(js, key, strlen(key));
			EMIT_LIT(js, ": ");
			return;
		}
		key_len = n;
	}
	emit_byte(js, '"');
	json_emit(js, key, key_len);
	EMIT_LIT(js, "\": ");
}

/*
 * n bytes from s to d: a key's few bytes as two copies of a fixed size
 * that may overlap, with no call to memcpy() (whose set-up costs more
 * than a key of four to sixteen bytes).
 */
static inline void copy_short(char *d, const char *s, size_t n)
{
	if (n >= 8 && n <= 16) {
		memcpy(d, s, 8);
		memcpy(d + n - 8, s + n - 8, 8);
	} else if (n >= 4 && n < 8) {
		memcpy(d, s, 4);
		memcpy(d + n - 4, s + n - 4, 4);
	} else {
		memcpy(d, s, n);
	}
}

/* Separator, newline and indent before a member, then its key. */
static void member(struct json_writer *js, const char *key, size_t key_len)
{
	bool in = js->compact || (js->depth > 0 && js->inline_[js->depth]);

	/* on one line, a key of known length, room for ", \"KEY\": ": at once */
	if (in && key && key_len < sizeof(js->buf) &&
	    key_len + 6 <= sizeof(js->buf) - js->len) {
		char *p = js->buf + js->len;

		if (!js->first[js->depth]) {
			*p++ = ',';
			*p++ = ' ';
		}
		js->first[js->depth] = false;
		*p++ = '"';
		copy_short(p, key, key_len);
		p += key_len;
		memcpy(p, "\": ", 3);
		js->len = (size_t)(p + 3 - js->buf);
		return;
	}
	if (!js->first[js->depth]) {
		if (in)
			EMIT_LIT(js, ", ");
		else
			emit_byte(js, ',');
	}
	js->first[js->depth] = false;
	if (!in && js->depth > 0) {
		emit_byte(js, '\n');
		indent(js);
	}
	if (key)
		put_key(js, key, key_len);
}

static void open_level(struct json_writer *js, const char *key,
		       size_t key_len, char c, bool inline_)
{
	member(js, key, key_len);
	emit_byte(js, c);
	if (js->depth + 1 < JSON_MAX_DEPTH)
		js->depth++;
	js->first[js->depth] = true;
	js->inline_[js->depth] = inline_;
}

static void close_level(struct json_writer *js, char c)
{
	bool in = js->compact || js->inline_[js->depth];
	bool empty = js->first[js->depth];

	js->depth--;
	if (!in && !empty) {
		emit_byte(js, '\n');
		indent(js);
	}
	emit_byte(js, c);
}

void json_object_begin_k(struct json_writer *js, const char *key,
			 size_t key_len)
{
	open_level(js, key, key_len, '{', false);
}

void json_object_end(struct json_writer *js)
{
	close_level(js, '}');
}

void json_array_begin_k(struct json_writer *js, const char *key,
			size_t key_len, bool inline_)
{
	open_level(js, key, key_len, '[', inline_);
}

void json_array_end(struct json_writer *js)
{
	close_level(js, ']');
}

void json_string_len_k(struct json_writer *js, const char *key,
		       size_t key_len, const char *value, size_t len)
{
	member(js, key, key_len);
	put_string(js, value, len);
}

void json_u64_k(struct json_writer *js, const char *key, size_t key_len,
		uint64_t value)
{
	char buf[24], *p = buf + sizeof(buf);

	member(js, key, key_len);
	do
		*--p = (char)('0' + value % 10);
	while ((value /= 10));
	json_emit(js, p, (size_t)(buf + sizeof(buf) - p));
}

void json_bool_k(struct json_writer *js, const char *key, size_t key_len,
		 bool value)
{
	member(js, key, key_len);
	if (value)
		EMIT_LIT(js, "true");
	else
		EMIT_LIT(js, "false");
}

void json_raw_k(struct json_writer *js, const char *key, size_t key_len,
		const char *value)
{
	member(js, key, key_len);
	json_emit(js, value, strlen(value));
}

void json_finish(struct json_writer *js)
{
	json_line_end(js);
	json_flush(js);
}

void json_next(struct json_writer *js)
{
	js->depth = 0;
	js->first[0] = true;
}

void json_line_end(struct json_writer *js)
{
	emit_byte(js, '\n');
}
