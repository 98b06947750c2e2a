// SPDX-License-Identifier: GPL-2.0-or-later
#include "journal.h"

#include <stdint.h>
#include <string.h>

#include "lib/span.h"

static bool is_key_byte(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* A decimal number filling s[0..len); false when it does not. */
static bool number(const char *s, size_t len, uint64_t *v)
{
	*v = 0;
	if (!len || len > 19)
		return false;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		*v = *v * 10 + (uint64_t)(s[i] - '0');
	}
	return true;
}

struct times {
	uint64_t source, mono;
	bool has_source, has_mono;
};

/* A field saying who wrote the record: twice is a forgery's sign. */
static void writer_field(struct journal_writer *w, struct journal_span *f,
			 struct journal_span s)
{
	w->repeated |= f->p != NULL;
	*f = s;
}

/* DISKALIAS_<name> of a name record. */
static void name_field(struct journal_name_fields *nf, const char *name,
		       size_t len, struct journal_span s)
{
	if (span_is(name, len, "LINK")) {
		if (nf->nlinks < JOURNAL_DEVLINKS_MAX)
			nf->links[nf->nlinks++] = s;
		return;
	}
	for (size_t i = 0; i < NAME_FIELD_COUNT; i++) {
		if (span_is(name, len, name_field_names[i])) {
			nf->repeated |= nf->fields[i].p != NULL;
			nf->fields[i] = s;
			return;
		}
	}
}

/* One field of a record: what diskalias log keeps of it. */
static void take(const char *key, size_t klen, const char *val, size_t vlen,
		 struct log_record *rec, struct journal_fields *jf,
		 struct times *t)
{
	struct journal_span s = { val, vlen };
	uint64_t v;

	if (!klen)
		return;
	switch (key[0]) {
	case 'M':
		if (span_is(key, klen, "MESSAGE")) {
			rec->text = val;
			rec->text_len = vlen;
		}
		break;
	case 'P':
		if (span_is(key, klen, "PRIORITY") && number(val, vlen, &v) && v <= 7)
			rec->level = (int)v;
		break;
	case 'S':
		if (span_is(key, klen, "SYSLOG_FACILITY") && number(val, vlen, &v) &&
		    v <= 127)
			rec->facility = (int)v;
		else if (span_is(key, klen, "SYSLOG_IDENTIFIER"))
			writer_field(&jf->writer, &jf->writer.identifier, s);
		break;
	case 'D':
		if (klen > sizeof(NAME_RECORD_PREFIX) - 1 &&
		    memcmp(key, NAME_RECORD_PREFIX, sizeof(NAME_RECORD_PREFIX) - 1) == 0)
			name_field(&jf->name, key + sizeof(NAME_RECORD_PREFIX) - 1,
				   klen - (sizeof(NAME_RECORD_PREFIX) - 1), s);
		break;
	case '_':
		if (span_is(key, klen, "_BOOT_ID")) {
			jf->boot_id = s;
		} else if (span_is(key, klen, "_TRANSPORT")) {
			jf->writer.repeated |= jf->transport.p != NULL;
			jf->transport = s;
		} else if (span_is(key, klen, "_UID")) {
			writer_field(&jf->writer, &jf->writer.uid, s);
		} else if (span_is(key, klen, "_COMM")) {
			writer_field(&jf->writer, &jf->writer.comm, s);
		} else if (span_is(key, klen, "_EXE")) {
			writer_field(&jf->writer, &jf->writer.exe, s);
		} else if (span_is(key, klen, "_KERNEL_SUBSYSTEM")) {
			jf->subsystem = s;
		} else if (span_is(key, klen, "_KERNEL_DEVICE")) {
			jf->device = s;
		} else if (span_is(key, klen, "_UDEV_SYSNAME")) {
			jf->sysname = s;
		} else if (span_is(key, klen, "_UDEV_DEVLINK")) {
			if (jf->ndevlinks < JOURNAL_DEVLINKS_MAX)
				jf->devlinks[jf->ndevlinks++] = s;
		} else if (span_is(key, klen, "_SOURCE_MONOTONIC_TIMESTAMP")) {
			t->has_source = number(val, vlen, &t->source);
		} else if (span_is(key, klen, "__MONOTONIC_TIMESTAMP")) {
			t->has_mono = number(val, vlen, &t->mono);
		}
		break;
	}
}

bool journal_is_kernel(const struct journal_fields *jf)
{
	return span_is(jf->transport.p, jf->transport.len, "kernel");
}

static void begin(struct log_record *rec, struct journal_fields *jf)
{
	memset(rec, 0, sizeof(*rec));
	memset(jf, 0, sizeof(*jf));
	rec->level = rec->facility = -1;
	rec->text = "";
}

static void end(struct log_record *rec, const struct times *t)
{
	/* the kernel's own time when the record came from the kernel */
	if (t->has_source || t->has_mono) {
		rec->has_time = true;
		rec->usec = t->has_source ? t->source : t->mono;
	}
}

/*
 * The field at buf[pos..len): key, value and the position after it; 0
 * when it is a blank line, -1 when malformed, -2 when cut by len.
 */
static int export_field(const char *buf, size_t len, size_t *pos,
			const char **key, size_t *klen,
			const char **val, size_t *vlen)
{
	size_t i = *pos, k;
	const char *nl = memchr(buf + i, '\n', len - i);
	uint64_t n = 0;

	if (i < len && buf[i] == '\n') {
		*pos = i + 1;
		return 0;
	}
	for (k = i; k < len && is_key_byte(buf[k]); k++)
		;
	if (k == i)
		return k < len ? -1 : -2;
	if (k == len)
		return -2;
	*key = buf + i;
	*klen = k - i;
	if (buf[k] == '=') {
		if (!nl)
			return -2;
		*val = buf + k + 1;
		*vlen = (size_t)(nl - buf) - k - 1;
		*pos = (size_t)(nl - buf) + 1;
		return 1;
	}
	if (buf[k] != '\n')
		return -1;
	/* a binary field: KEY\n, 64-bit little-endian length, data, \n */
	if (len - k - 1 < 8)
		return -2;
	for (int b = 7; b >= 0; b--)
		n = n << 8 | (unsigned char)buf[k + 1 + b];
	if (n > len - k - 9)
		return -2;
	if (n == len - k - 9)
		return -2;	/* the ending newline is not there yet */
	*val = buf + k + 9;
	*vlen = (size_t)n;
	if (buf[k + 9 + n] != '\n')
		return -1;
	*pos = k + 9 + (size_t)n + 1;
	return 1;
}

size_t journal_export_record_len(const char *buf, size_t len, bool at_eof)
{
	size_t pos = 0;
	bool fields = false;
	const char *key, *val;
	size_t klen, vlen;

	while (pos < len) {
		int r = export_field(buf, len, &pos, &key, &klen, &val, &vlen);

		if (r == 0 && fields)
			return pos;
		if (r == -2)
			return at_eof ? len : 0;
		if (r == -1) {
			/* not a field: the line alone, for the caller to refuse */
			const char *nl = memchr(buf + pos, '\n', len - pos);

			if (fields)
				return pos;
			if (!nl)
				return at_eof ? len : 0;
			return (size_t)(nl - buf) + 1;
		}
		fields |= r == 1;
	}
	return at_eof ? len : 0;
}

int journal_export_parse(const char *buf, size_t len, struct log_record *rec,
			 struct journal_fields *jf)
{
	struct times t = { 0 };
	size_t pos = 0;
	bool any = false;
	const char *key, *val;
	size_t klen, vlen;

	begin(rec, jf);
	while (pos < len) {
		int r = export_field(buf, len, &pos, &key, &klen, &val, &vlen);

		if (r < 0)
			return -1;
		if (r == 1) {
			take(key, klen, val, vlen, rec, jf, &t);
			any = true;
		}
	}
	if (!any)
		return -1;
	end(rec, &t);
	return 0;
}

bool journal_export_detect(const char *buf, size_t len)
{
	size_t pos = 0;
	const char *key, *val;
	size_t klen, vlen;

	/* the first record's fields, up to a MESSAGE or a cursor */
	for (int n = 0; n < 64 && pos < len; n++) {
		if (export_field(buf, len, &pos, &key, &klen, &val, &vlen) != 1)
			return false;
		if (span_is(key, klen, "MESSAGE") || span_is(key, klen, "__CURSOR"))
			return true;
	}
	return false;
}

/* ---- JSON ---- */

struct json_in {
	const char *s;
	size_t len, i;
	char *out;	/* scratch, written in order */
};

static void ws(struct json_in *j)
{
	while (j->i < j->len && (j->s[j->i] == ' ' || j->s[j->i] == '\t' ||
				 j->s[j->i] == '\r' || j->s[j->i] == '\n'))
		j->i++;
}

/* After an array's element: 1 at a ',' (another follows), 0 at its ']'
 * (the array ends), -1 at anything else; either bracket is taken. */
static int array_next(struct json_in *j)
{
	ws(j);
	if (j->i < j->len && (j->s[j->i] == ',' || j->s[j->i] == ']'))
		return j->s[j->i++] == ',';
	return -1;
}

static int hex4(const char *s)
{
	int v = 0;

	for (int k = 0; k < 4; k++) {
		char c = s[k];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v |= c - 'A' + 10;
		else
			return -1;
	}
	return v;
}

static char *put_utf8(char *o, uint32_t c)
{
	if (c < 0x80) {
		*o++ = (char)c;
	} else if (c < 0x800) {
		*o++ = (char)(0xc0 | c >> 6);
		*o++ = (char)(0x80 | (c & 0x3f));
	} else if (c < 0x10000) {
		*o++ = (char)(0xe0 | c >> 12);
		*o++ = (char)(0x80 | ((c >> 6) & 0x3f));
		*o++ = (char)(0x80 | (c & 0x3f));
	} else {
		*o++ = (char)(0xf0 | c >> 18);
		*o++ = (char)(0x80 | ((c >> 12) & 0x3f));
		*o++ = (char)(0x80 | ((c >> 6) & 0x3f));
		*o++ = (char)(0x80 | (c & 0x3f));
	}
	return o;
}

/* A string at j->i into the scratch: false when malformed. */
static bool json_string_in(struct json_in *j, struct journal_span *sp)
{
	char *o = j->out;

	if (j->i >= j->len || j->s[j->i] != '"')
		return false;
	j->i++;
	sp->p = o;
	while (j->i < j->len) {
		char c = j->s[j->i++];
		int u, lo;

		if (c == '"') {
			sp->len = (size_t)(o - sp->p);
			j->out = o;
			return true;
		}
		if ((unsigned char)c < 0x20)
			return false;
		if (c != '\\') {
			*o++ = c;
			continue;
		}
		if (j->i >= j->len)
			return false;
		c = j->s[j->i++];
		switch (c) {
		case '"': case '\\': case '/':
			*o++ = c;
			break;
		case 'b': *o++ = '\b'; break;
		case 'f': *o++ = '\f'; break;
		case 'n': *o++ = '\n'; break;
		case 'r': *o++ = '\r'; break;
		case 't': *o++ = '\t'; break;
		case 'u':
			if (j->len - j->i < 4 || (u = hex4(j->s + j->i)) < 0)
				return false;
			j->i += 4;
			if (u >= 0xd800 && u < 0xdc00 && j->len - j->i >= 6 &&
			    j->s[j->i] == '\\' && j->s[j->i + 1] == 'u' &&
			    (lo = hex4(j->s + j->i + 2)) >= 0xdc00 && lo < 0xe000) {
				j->i += 6;
				o = put_utf8(o, 0x10000 + (((uint32_t)u - 0xd800) << 10) +
						((uint32_t)lo - 0xdc00));
			} else {
				/* a lone surrogate: U+FFFD, 3 bytes for 6 */
				o = put_utf8(o, u >= 0xd800 && u < 0xe000 ? 0xfffd : (uint32_t)u);
			}
			break;
		default:
			return false;
		}
	}
	return false;
}

/* A scalar other than a string: skipped (numbers, true, false, null). */
static bool json_skip_scalar(struct json_in *j)
{
	size_t start = j->i;

	while (j->i < j->len && j->s[j->i] != ',' && j->s[j->i] != '}' &&
	       j->s[j->i] != ']' && j->s[j->i] != ' ')
		j->i++;
	return j->i > start;
}

/* An array of byte values [104, 105] into the scratch. */
static bool json_bytes(struct json_in *j, struct journal_span *sp)
{
	char *o = j->out;

	sp->p = o;
	j->i++;		/* '[' */
	for (;;) {
		uint64_t v = 0;
		size_t start;
		int r;

		ws(j);
		if (j->i < j->len && j->s[j->i] == ']' && o == sp->p) {
			j->i++;
			break;
		}
		start = j->i;
		while (j->i < j->len && j->s[j->i] >= '0' && j->s[j->i] <= '9' &&
		       j->i - start < 4)
			v = v * 10 + (uint64_t)(j->s[j->i++] - '0');
		if (j->i == start || v > 255)
			return false;
		*o++ = (char)v;
		r = array_next(j);
		if (r < 0)
			return false;
		if (r == 0)
			break;
	}
	sp->len = (size_t)(o - sp->p);
	j->out = o;
	return true;
}

/* One value, or each of a repeated field's: take() each string. */
static bool json_value(struct json_in *j, const struct journal_span *key,
		       struct log_record *rec, struct journal_fields *jf,
		       struct times *t, int depth)
{
	struct journal_span v;
	size_t save;

	ws(j);
	if (j->i >= j->len)
		return false;
	if (j->s[j->i] == '"') {
		if (!json_string_in(j, &v))
			return false;
		take(key->p, key->len, v.p, v.len, rec, jf, t);
		return true;
	}
	if (j->s[j->i] != '[')
		return j->s[j->i] != '{' && json_skip_scalar(j);
	/* [byte, ...] is one binary value; ["a", "b"] or [[..], [..]] repeat */
	save = j->i;
	j->i++;
	ws(j);
	if (j->i < j->len && ((j->s[j->i] >= '0' && j->s[j->i] <= '9') ||
			      j->s[j->i] == ']')) {
		j->i = save;
		if (!json_bytes(j, &v))
			return false;
		take(key->p, key->len, v.p, v.len, rec, jf, t);
		return true;
	}
	if (depth > 0)
		return false;
	for (;;) {
		int r;

		if (!json_value(j, key, rec, jf, t, depth + 1))
			return false;
		r = array_next(j);
		if (r <= 0)
			return r == 0;
	}
}

int journal_json_parse(const char *line, size_t len, struct log_record *rec,
		       struct journal_fields *jf, char *scratch)
{
	struct json_in j = { line, len, 0, scratch };
	struct times t = { 0 };

	begin(rec, jf);
	ws(&j);
	if (j.i >= len || line[j.i++] != '{')
		return -1;
	ws(&j);
	if (j.i < len && line[j.i] == '}') {
		j.i++;
	} else {
		for (;;) {
			struct journal_span key;

			ws(&j);
			if (!json_string_in(&j, &key))
				return -1;
			ws(&j);
			if (j.i >= len || line[j.i++] != ':')
				return -1;
			if (!json_value(&j, &key, rec, jf, &t, 0))
				return -1;
			ws(&j);
			if (j.i < len && line[j.i] == ',') {
				j.i++;
				continue;
			}
			if (j.i < len && line[j.i] == '}') {
				j.i++;
				break;
			}
			return -1;
		}
	}
	ws(&j);
	if (j.i != len)
		return -1;
	end(rec, &t);
	return 0;
}

bool journal_json_detect(const char *buf, size_t len)
{
	const char *nl = memchr(buf, '\n', len);
	size_t l = nl ? (size_t)(nl - buf) : len;

	if (!l || buf[0] != '{')
		return false;
	return memmem(buf, l, "\"__CURSOR\"", 10) || memmem(buf, l, "\"MESSAGE\"", 9);
}
