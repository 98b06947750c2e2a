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
void json_object_begin(struct json_writer *js, const char *key);
void json_object_end(struct json_writer *js);
/* inline: all members on one line (for arrays of strings) */
void json_array_begin(struct json_writer *js, const char *key, bool inline_);
void json_array_end(struct json_writer *js);
void json_string(struct json_writer *js, const char *key, const char *value);
/* value[0..len), NUL bytes included (as \u0000) */
void json_string_len(struct json_writer *js, const char *key,
		     const char *value, size_t len);
void json_u64(struct json_writer *js, const char *key, uint64_t value);
void json_bool(struct json_writer *js, const char *key, bool value);
void json_null(struct json_writer *js, const char *key);
/* A value written as given, such as a preformatted number "5.140900". */
void json_raw(struct json_writer *js, const char *key, const char *value);
/*
 * The writer gathers its output and writes it to out when it has
 * JSON_BUF_SIZE bytes and here: json_flush() writes what is gathered,
 * json_finish() the final newline after the outermost object, then that.
 */
void json_flush(struct json_writer *js);
void json_finish(struct json_writer *js);
/*
 * JSON lines, one value a line, gathered across lines: json_next() starts
 * the next value, json_line_end() ends its line without writing, and the
 * caller calls json_flush() before it waits or ends.
 */
void json_next(struct json_writer *js);
void json_line_end(struct json_writer *js);

#endif
