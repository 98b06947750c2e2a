/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_JSON_WRITER_H
#define DISKALIAS_JSON_WRITER_H

/*
 * A small streaming JSON writer, formatted like lsblk -J (three-space
 * indent, arrays of scalars on one line).  libsmartcols cannot nest an
 * object inside a row, which "links" in list -J needs (diskalias(8)).
 * Keys are NULL inside arrays.  Strings are written as UTF-8 and lose
 * nothing: a byte that is not UTF-8 becomes the four characters \xNN
 * (never U+00NN, another character), a backslash before an 'x' becomes
 * \x5c, so "\x" always starts an escape; controls, C1 ones included,
 * are \u00NN escapes.
 */

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define JSON_MAX_DEPTH 16

/* Bytes gathered before one write to out (and at json_finish()). */
#define JSON_BUF_SIZE 4096

struct json_writer {
	FILE *out;
	size_t len;		/* bytes in buf */
	char buf[JSON_BUF_SIZE];
	int depth;
	bool first[JSON_MAX_DEPTH];
	bool inline_[JSON_MAX_DEPTH];
	bool compact;		/* everything on one line (JSON lines) */
};

void json_init(struct json_writer *js, FILE *out);

/*
 * A key is escaped as a string value is.  The *_k forms take the key's
 * length as well: JSON_KEY_CHECK for a key that is checked as it is
 * written (what the forms without _k pass), or a length, for a key that
 * is one of the program's own words and needs no escape: JSON_LIT("boot")
 * gives a string literal and its length (anything but a literal does not
 * compile), for the members a hot path writes for every record.
 */
#define JSON_KEY_CHECK SIZE_MAX
#define JSON_LIT(lit) ("" lit ""), (sizeof("" lit "") - 1)

void json_object_begin_k(struct json_writer *js, const char *key,
			 size_t key_len);
void json_object_end(struct json_writer *js);
void json_array_begin_k(struct json_writer *js, const char *key,
			size_t key_len, bool inline_);
void json_array_end(struct json_writer *js);
void json_string_len_k(struct json_writer *js, const char *key,
		       size_t key_len, const char *value, size_t len);
void json_u64_k(struct json_writer *js, const char *key, size_t key_len,
		uint64_t value);
void json_bool_k(struct json_writer *js, const char *key, size_t key_len,
		 bool value);
void json_raw_k(struct json_writer *js, const char *key, size_t key_len,
		const char *value);

static inline void json_object_begin(struct json_writer *js, const char *key)
{
	json_object_begin_k(js, key, JSON_KEY_CHECK);
}

/* inline: all members on one line (for arrays of strings) */
static inline void json_array_begin(struct json_writer *js, const char *key,
				    bool inline_)
{
	json_array_begin_k(js, key, JSON_KEY_CHECK, inline_);
}

/* value[0..len), NUL bytes included (as \u0000) */
static inline void json_string_len(struct json_writer *js, const char *key,
				   const char *value, size_t len)
{
	json_string_len_k(js, key, JSON_KEY_CHECK, value, len);
}

static inline void json_u64(struct json_writer *js, const char *key,
			    uint64_t value)
{
	json_u64_k(js, key, JSON_KEY_CHECK, value);
}

static inline void json_bool(struct json_writer *js, const char *key,
			     bool value)
{
	json_bool_k(js, key, JSON_KEY_CHECK, value);
}

/* A value written as given, such as a preformatted number "5.140900". */
static inline void json_raw(struct json_writer *js, const char *key,
			    const char *value)
{
	json_raw_k(js, key, JSON_KEY_CHECK, value);
}

static inline void json_null_k(struct json_writer *js, const char *key,
			       size_t key_len)
{
	json_raw_k(js, key, key_len, "null");
}

static inline void json_null(struct json_writer *js, const char *key)
{
	json_null_k(js, key, JSON_KEY_CHECK);
}

/* value NULL: null */
static inline void json_string_k(struct json_writer *js, const char *key,
				 size_t key_len, const char *value)
{
	if (value)
		json_string_len_k(js, key, key_len, value, strlen(value));
	else
		json_null_k(js, key, key_len);
}

static inline void json_string(struct json_writer *js, const char *key,
			       const char *value)
{
	json_string_k(js, key, JSON_KEY_CHECK, value);
}
/*
 * The writer gathers its output and writes it to out when it has
 * JSON_BUF_SIZE bytes and here: json_flush() writes what is gathered,
 * json_finish() the final newline after the outermost object, then that.
 */
void json_flush(struct json_writer *js);
void json_finish(struct json_writer *js);

/*
 * Add s[0..n) to what goes out, as it is: the writer's own pieces, and
 * the text of an output that shares its buffer (log's plain lines).  One
 * stdio call a buffer, not a piece.
 */
void json_emit_full(struct json_writer *js, const void *s, size_t n);

static inline void json_emit(struct json_writer *js, const void *s, size_t n)
{
	if (n > sizeof(js->buf) - js->len) {
		json_emit_full(js, s, n);
		return;
	}
	memcpy(js->buf + js->len, s, n);
	js->len += n;
}
/*
 * JSON lines, one value a line, gathered across lines: json_next() starts
 * the next value, json_line_end() ends its line without writing, and the
 * caller calls json_flush() before it waits or ends.
 */
void json_next(struct json_writer *js);
void json_line_end(struct json_writer *js);

#endif
