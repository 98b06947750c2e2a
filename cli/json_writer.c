// SPDX-License-Identifier: GPL-2.0-or-later
#include "json_writer.h"

#include <inttypes.h>
#include <string.h>

void json_init(struct json_writer *js, FILE *out)
{
	memset(js, 0, sizeof(*js));
	js->out = out;
	js->first[0] = true;
}

static void indent(struct json_writer *js)
{
	for (int i = 0; i < js->depth; i++)
		fputs("   ", js->out);
}

/* Length of the valid UTF-8 sequence at s (avail bytes there), or 0. */
static size_t utf8_len(const unsigned char *s, size_t avail)
{
	size_t n, i;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	if (n > avail)
		return 0;
	for (i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	/* overlong forms, surrogates and values past U+10FFFF */
	if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0) ||
	    (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90))
		return 0;
	return n;
}

static void put_string(FILE *out, const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	const unsigned char *end = s + len;

	fputc('"', out);
	while (s < end) {
		size_t n = 0;

		/* a run of plain printable ASCII goes out in one write */
		while (s + n < end && s[n] >= 0x20 && s[n] < 0x7f && s[n] != '"' && s[n] != '\\')
			n++;
		if (n) {
			fwrite(s, 1, n, out);
			s += n;
			continue;
		}
		/* "\\x" always starts an escape: a backslash before 'x' is one */
		if (*s == '\\' && s + 1 < end && s[1] == 'x') {
			fputs("\\\\x5c", out);
			s++;
			continue;
		}
		if (*s == '"' || *s == '\\') {
			fputc('\\', out);
			fputc(*s++, out);
			continue;
		}
		if (*s < 0x20 || *s == 0x7f) {
			fprintf(out, "\\u%04x", *s++);
			continue;
		}
		n = utf8_len(s, (size_t)(end - s));
		if (n == 0) {
			/* not UTF-8: the text \xNN, never the character U+00NN */
			fprintf(out, "\\\\x%02x", *s++);
			continue;
		}
		if (n == 2 && s[0] == 0xc2 && s[1] < 0xa0) {
			/* a C1 control (U+0080..U+009F): escaped, never raw */
			fprintf(out, "\\u%04x", s[1]);
			s += 2;
			continue;
		}
		fwrite(s, 1, n, out);
		s += n;
	}
	fputc('"', out);
}

/* Separator, newline and indent before a member, then its key. */
static void member(struct json_writer *js, const char *key)
{
	bool in = js->compact || (js->depth > 0 && js->inline_[js->depth]);

	if (!js->first[js->depth])
		fputs(in ? ", " : ",", js->out);
	js->first[js->depth] = false;
	if (!in && js->depth > 0) {
		fputc('\n', js->out);
		indent(js);
	}
	if (key) {
		put_string(js->out, key, strlen(key));
		fputs(": ", js->out);
	}
}

static void open_level(struct json_writer *js, const char *key, char c,
		       bool inline_)
{
	member(js, key);
	fputc(c, js->out);
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
		fputc('\n', js->out);
		indent(js);
	}
	fputc(c, js->out);
}

void json_object_begin(struct json_writer *js, const char *key)
{
	open_level(js, key, '{', false);
}

void json_object_end(struct json_writer *js)
{
	close_level(js, '}');
}

void json_array_begin(struct json_writer *js, const char *key, bool inline_)
{
	open_level(js, key, '[', inline_);
}

void json_array_end(struct json_writer *js)
{
	close_level(js, ']');
}

void json_string(struct json_writer *js, const char *key, const char *value)
{
	if (!value) {
		json_null(js, key);
		return;
	}
	json_string_len(js, key, value, strlen(value));
}

void json_string_len(struct json_writer *js, const char *key,
		     const char *value, size_t len)
{
	member(js, key);
	put_string(js->out, value, len);
}

void json_u64(struct json_writer *js, const char *key, uint64_t value)
{
	member(js, key);
	fprintf(js->out, "%" PRIu64, value);
}

void json_bool(struct json_writer *js, const char *key, bool value)
{
	member(js, key);
	fputs(value ? "true" : "false", js->out);
}

void json_null(struct json_writer *js, const char *key)
{
	member(js, key);
	fputs("null", js->out);
}

void json_raw(struct json_writer *js, const char *key, const char *value)
{
	member(js, key);
	fputs(value, js->out);
}

void json_finish(struct json_writer *js)
{
	fputc('\n', js->out);
}
