// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diskalias log's output: the record as read with "[alias persistent]"
 * after the first name of each disk (plain), or one JSON object a record
 * that says where each half of a note came from.  The end of a record's
 * road: it prints what the annotating pass settled, and changes nothing.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/byte_runs.h"
#include "lib/json_writer.h"
#include "lib/utf8.h"
#include "lib/xalloc.h"
#include "log.h"

static const char *source_name(enum log_source s)
{
	static const char *const names[] = { NULL, "log", "journal", "system" };

	return names[s];
}

/*
 * How many bytes at s[i] a terminal would act on, 0 for none: C0
 * controls but the tab and the newline (which only a malformed record,
 * shown as read, can hold; a journal message's newline is escaped), DEL,
 * a UTF-8 C1 control (U+0080..U+009F, "\xc2\x9b" is CSI), and a byte
 * that is not UTF-8 (a lone 0x9b is CSI to an 8-bit terminal).  *skip is
 * the length of a safe UTF-8 character there.
 */
static size_t unsafe_at(const unsigned char *s, size_t len, size_t i, bool nl,
			size_t *skip)
{
	unsigned char c = s[i];
	size_t n;

	*skip = 1;
	if (c < 0x20)
		return c != '\t' && (nl || c != '\n');
	if (c < 0x7f)
		return 0;
	if (c == 0x7f)
		return 1;
	n = utf8_len(s + i, len - i);
	if (n == 0)
		return 1;
	if (n == 2 && c == 0xc2 && s[i + 1] <= 0x9f)
		return 2;
	*skip = n;
	return 0;
}

/*
 * What goes out, plain lines and -J records alike, is gathered in one
 * writer, o->js (json_emit()): one stdio call for many records rather
 * than a few for each.  Written out by log_output_flush(), which the verb
 * calls at the end, an error's too, and the reader's sink before a wait.
 */

/* o's writer, made for its first record */
static struct json_writer *writer(struct log_output *o)
{
	if (!o->js) {
		o->js = xmalloc(sizeof(*o->js));
		json_init(o->js, o->out);
		o->js->compact = true;
	}
	return o->js;
}

static inline void out_bytes(struct log_output *o, const void *s, size_t n)
{
	json_emit(o->js, s, n);
}

static inline void out_byte(struct log_output *o, char c)
{
	json_emit(o->js, &c, 1);
}

/* Write s[0..len), each unsafe byte as \xNN as dmesg(1) shows them. */
static void put_esc(struct log_output *o, const char *s, size_t len, bool nl)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, run = 0, skip, n;

	for (;;) {
		/* printable ASCII: the common case */
		i += byte_run(u + i, len - i, false);
		if (i == len)
			break;
		n = unsafe_at(u, len, i, nl, &skip);
		if (!n) {
			i += skip;
			continue;
		}
		if (i > run)
			out_bytes(o, s + run, i - run);
		/* a C1 control is both of its bytes */
		for (size_t k = i; k < i + n; k++) {
			char esc[4] = { '\\', 'x', hex[u[k] >> 4], hex[u[k] & 15] };

			out_bytes(o, esc, 4);
		}
		i += n;
		run = i;
	}
	if (len > run)
		out_bytes(o, s + run, len - run);
}

void log_put(struct log_output *o, const char *s, size_t len)
{
	put_esc(o, s, len, false);
}

/* Whether alias (may be NULL) is the NAME of the record's " (alias NAME)". */
static bool is_text_alias(const struct log_rec *r, const char *alias)
{
	return r->text_alias_len && alias &&
	       strncmp(alias, r->text_alias, r->text_alias_len) == 0 &&
	       alias[r->text_alias_len] == '\0';
}

/*
 * "[name note]", "[note]", or nothing when there is no note.  The alias
 * is left out when the record ends with the kernel's own " (alias NAME)"
 * for it.
 */
static void put_note(struct log_output *o, const struct log_boot *b,
		     const struct log_rec *r, const struct rec_disk *rd,
		     bool with_name)
{
	const struct ev_disk *e = &b->ev.disks[rd->ev];
	const struct note *n = &rd->note;
	const char *alias = is_text_alias(r, n->alias) ? NULL : n->alias;

	if (!with_name && !alias && !n->persistent)
		return;
	out_byte(o, '[');
	if (with_name) {
		log_put(o, e->name, e->name_len);
		if (alias || n->persistent)
			out_byte(o, ' ');
	}
	if (alias)
		log_put(o, alias, strlen(alias));
	if (alias && n->persistent)
		out_byte(o, ' ');
	if (n->persistent)
		log_put(o, n->persistent, strlen(n->persistent));
	out_byte(o, ']');
}

/*
 * The text with a note where the annotating pass put one (a SCSI address
 * gets the disk's name too).  The " (alias NAME)" of a patched kernel
 * stays where it is, at the end.
 */
static void put_annotated(struct log_output *o, const struct log_boot *b,
			  const struct log_rec *r, bool nl)
{
	const struct log_record *rec = r->rec;
	size_t pos = 0;

	if (r->meta_unnamed) {
		const struct ev_disk *e = &b->ev.disks[r->meta];

		/* tied by DEVICE= alone: say which disk, as dev_printk would */
		log_put(o, e->name, e->name_len);
		put_note(o, b, r, &r->disks[0], false);
		log_put(o, ": ", 2);
	}
	for (size_t i = 0; i < r->nhits; i++) {
		const struct hit *h = &r->hits[i];
		size_t end = h->start + h->len;

		if (!h->note_here)
			continue;
		put_esc(o, rec->text + pos, end - pos, nl);
		put_note(o, b, r, &r->disks[h->disk], h->kind == LOG_TOKEN_SCSI);
		pos = end;
	}
	put_esc(o, rec->text + pos, rec->text_len - pos, nl);
}

/* the two digits of 0..99, in turn */
static const char digit_pairs[] =
	"00010203040506070809101112131415161718192021222324252627282930313233"
	"34353637383940414243444546474849505152535455565758596061626364656667"
	"6869707172737475767778798081828384858687888990919293949596979899";

/*
 * "%lu.%06lu" of usec, written to end at end, two digits a step: printf's
 * cost a record saved
 */
static const char *format_time(char *end, uint64_t usec)
{
	char *p = end;
	uint64_t sec = usec / 1000000, frac = usec % 1000000;

	*--p = '\0';
	for (int i = 0; i < 3; i++, frac /= 100) {
		p -= 2;
		memcpy(p, digit_pairs + 2 * (frac % 100), 2);
	}
	*--p = '.';
	while (sec >= 100) {
		p -= 2;
		memcpy(p, digit_pairs + 2 * (sec % 100), 2);
		sec /= 100;
	}
	if (sec >= 10) {
		p -= 2;
		memcpy(p, digit_pairs + 2 * sec, 2);
	} else {
		*--p = (char)('0' + sec);
	}
	return p;
}

/* dmesg's "[%5lu.%06lu] ", without printf's cost on every record */
static void put_time(struct log_output *o, uint64_t usec)
{
	char buf[40];
	const char *t = format_time(buf + sizeof(buf), usec);
	size_t len = (size_t)(buf + sizeof(buf) - 1 - t);

	out_byte(o, '[');
	/* the seconds padded to five columns: ".NNNNNN" is seven bytes */
	for (size_t w = len - 7; w < 5; w++)
		out_byte(o, ' ');
	log_put(o, t, len);
	log_put(o, "] ", 2);
}

/* Whether the plain line has a note to put in. */
static bool has_note(const struct log_rec *r)
{
	if (r->meta_unnamed)
		return true;
	for (size_t i = 0; i < r->nhits; i++)
		if (r->hits[i].note_here)
			return true;
	return false;
}

void log_print_plain(struct log_output *o, const struct log_boot *b,
		     const struct log_rec *r, enum log_format format)
{
	const struct log_record *rec = r->rec;

	writer(o);
	if (format == LOG_FORMAT_DMESG && !has_note(r)) {
		/* most lines: as read, the prefix (ASCII) and the text
		 * one piece */
		put_esc(o, rec->prefix, rec->prefix_len + rec->text_len, false);
		out_byte(o, '\n');
		return;
	}
	if (format == LOG_FORMAT_DMESG)
		log_put(o, rec->prefix, rec->prefix_len);
	else if (rec->has_time)
		put_time(o, rec->usec);
	put_annotated(o, b, r, log_format_is_journal(format));
	out_byte(o, '\n');
}

void log_print_raw(struct log_output *o, const char *raw, size_t len,
		   bool piece)
{
	writer(o);
	log_put(o, raw, len);
	if (!piece && (!len || raw[len - 1] != '\n'))
		out_byte(o, '\n');	/* cut at EOF */
}

/* text[0..len) with kmsg escapes turned back into bytes, NUL ones too. */
static const char *json_text(struct log_output *o, const char *text,
			     size_t *len, bool unescape)
{
	if (!unescape)
		return text;
	if (*len + 1 > o->buf_cap) {
		o->buf_cap = *len + 1;
		o->buf = xreallocarray(o->buf, o->buf_cap, 1);
	}
	*len = kmsg_unescape(text, *len, o->buf);
	return o->buf;
}

static void json_disk(const struct log_boot *b, struct json_writer *js,
		      const struct rec_disk *rd)
{
	const struct note *n = &rd->note;

	json_object_begin(js, NULL);
	json_string_k(js, JSON_LIT("name"), b->ev.disks[rd->ev].name);
	json_string_k(js, JSON_LIT("alias"), n->alias);
	json_string_k(js, JSON_LIT("alias_source"),
		      source_name(n->alias_src));
	json_string_k(js, JSON_LIT("persistent"), n->persistent);
	json_string_k(js, JSON_LIT("persistent_source"),
		      source_name(n->persistent_src));
	json_object_end(js);
}

void log_print_json(struct log_output *o, const struct log_boot *b,
		    const struct log_rec *r, enum log_format format,
		    const char *raw, size_t raw_len, bool malformed)
{
	const struct log_record *rec = r->rec;
	struct json_writer *js = writer(o);
	char num[48];

	json_next(js);
	json_object_begin(js, NULL);
	if (rec->has_time) {
		json_raw_k(js, JSON_LIT("time"),
			   format_time(num + sizeof(num), rec->usec));
	} else {
		json_null_k(js, JSON_LIT("time"));
	}
	json_u64_k(js, JSON_LIT("boot"), b->boot_no ? b->boot_no : 1);
	json_bool_k(js, JSON_LIT("running_boot"), b->current);
	json_string_k(js, JSON_LIT("level"), log_level_name(rec->level));
	if (malformed) {
		json_string_len_k(js, JSON_LIT("text"), raw, raw_len);
	} else {
		size_t len = rec->text_len;
		const char *text = json_text(o, rec->text, &len,
					     format == LOG_FORMAT_KMSG);

		/* every byte, a NUL one too (\u0000): lossless as text is */
		json_string_len_k(js, JSON_LIT("text"), text, len);
	}
	if (r->text_alias_len) {
		char alias[ALIAS_MAX_LEN + 1];

		memcpy(alias, r->text_alias, r->text_alias_len);
		alias[r->text_alias_len] = '\0';
		json_string_k(js, JSON_LIT("text_alias"), alias);
	} else {
		json_null_k(js, JSON_LIT("text_alias"));
	}
	json_array_begin_k(js, JSON_LIT("disks"), true);
	for (size_t i = 0; i < r->ndisks; i++)
		json_disk(b, js, &r->disks[i]);
	json_array_end(js);
	if (malformed)
		json_bool_k(js, JSON_LIT("malformed"), true);
	json_object_end(js);
	json_line_end(js);
}

int log_output_flush(struct log_output *o)
{
	if (o->js)
		json_flush(o->js);
	return fflush(o->out);
}

void log_output_free(struct log_output *o)
{
	free(o->js);
	o->js = NULL;
}
