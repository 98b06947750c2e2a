// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diskalias log's output: the record as read with "[alias persistent]"
 * after the first name of each disk (plain), or one JSON object a record
 * that says where each half of a note came from.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "json_writer.h"
#include "log.h"
#include "xalloc.h"

static bool is_journal(const struct logger *lg)
{
	return lg->format == LOG_FORMAT_EXPORT || lg->format == LOG_FORMAT_JSON;
}

/*
 * Bytes a terminal would act on: C0 controls but the tab and the newline
 * (which only a malformed record, shown as read, can hold; a journal
 * message's newline is escaped), DEL, and the first byte of a UTF-8 C1
 * control (U+0080..U+009F, "\xc2\x9b" is CSI).
 */
static bool unsafe_at(const unsigned char *s, size_t len, size_t i, bool nl)
{
	unsigned char c = s[i];

	if (c < 0x20)
		return c != '\t' && (nl || c != '\n');
	if (c == 0x7f)
		return true;
	return c == 0xc2 && i + 1 < len && s[i + 1] >= 0x80 && s[i + 1] <= 0x9f;
}

/* Write s[0..len), each unsafe byte as \xNN as dmesg(1) shows them. */
static void put_esc(struct logger *lg, const char *s, size_t len, bool nl)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *u = (const unsigned char *)s;
	size_t run = 0;

	for (size_t i = 0; i < len; i++) {
		if (!unsafe_at(u, len, i, nl))
			continue;
		if (i > run)
			fwrite_unlocked(s + run, 1, i - run, lg->out);
		/* a C1 control is both of its bytes */
		for (size_t k = i; k <= i + (u[i] == 0xc2); k++) {
			char esc[4] = { '\\', 'x', hex[u[k] >> 4], hex[u[k] & 15] };

			fwrite_unlocked(esc, 1, 4, lg->out);
		}
		i += u[i] == 0xc2;
		run = i + 1;
	}
	if (len > run)
		fwrite_unlocked(s + run, 1, len - run, lg->out);
}

void log_put(struct logger *lg, const char *s, size_t len)
{
	put_esc(lg, s, len, false);
}

static void put_text(struct logger *lg, const char *s, size_t len)
{
	put_esc(lg, s, len, is_journal(lg));
}

/* Whether alias (may be NULL) is the NAME of the record's " (alias NAME)". */
static bool is_text_alias(const struct logger *lg, const char *alias)
{
	return lg->text_alias_len && alias &&
	       strncmp(alias, lg->text_alias, lg->text_alias_len) == 0 &&
	       alias[lg->text_alias_len] == '\0';
}

/*
 * "[name note]", "[note]", or nothing when there is no note.  The alias
 * is left out when the record ends with the kernel's own " (alias NAME)"
 * for it.
 */
static void put_note(struct logger *lg, uint32_t k, bool with_name)
{
	const struct ev_disk *e = &lg->ev.disks[k];
	struct note n;
	const char *alias;

	log_note(lg, k, &n);
	alias = is_text_alias(lg, n.alias) ? NULL : n.alias;
	if (!with_name && !alias && !n.persistent)
		return;
	fputc_unlocked('[', lg->out);
	if (with_name) {
		log_put(lg, e->name, e->name_len);
		if (alias || n.persistent)
			fputc_unlocked(' ', lg->out);
	}
	if (alias)
		log_put(lg, alias, strlen(alias));
	if (alias && n.persistent)
		fputc_unlocked(' ', lg->out);
	if (n.persistent)
		log_put(lg, n.persistent, strlen(n.persistent));
	fputc_unlocked(']', lg->out);
}

/*
 * The text with a note after the first name of each disk; a SCSI address
 * gets one (with the disk's name) only when no name of the disk follows.
 * The " (alias NAME)" of a patched kernel stays where it is, at the end.
 */
static void put_annotated(struct logger *lg, const struct log_record *rec)
{
	uint64_t n = lg->nrecords;
	size_t pos = 0;

	if (lg->meta != EV_NONE && lg->ev.disks[lg->meta].mentioned != n) {
		const struct ev_disk *e = &lg->ev.disks[lg->meta];

		/* tied by DEVICE= alone: say which disk, as dev_printk would */
		log_put(lg, e->name, e->name_len);
		put_note(lg, lg->meta, false);
		log_put(lg, ": ", 2);
	}
	for (size_t i = 0; i < lg->nhits; i++) {
		const struct hit *h = &lg->hits[i];
		struct ev_disk *e = &lg->ev.disks[h->ev];
		bool scsi = h->kind == LOG_TOKEN_SCSI;
		size_t end = h->start + h->len;

		if (e->noted == n || (scsi && e->named == n))
			continue;
		e->noted = n;
		put_text(lg, rec->text + pos, end - pos);
		put_note(lg, h->ev, scsi);
		pos = end;
	}
	put_text(lg, rec->text + pos, rec->text_len - pos);
}

/* dmesg's "[%5lu.%06lu] ", without printf's cost on every record */
static void put_time(struct logger *lg, uint64_t usec)
{
	char buf[40], *p = buf + sizeof(buf);
	uint64_t sec = usec / 1000000, frac = usec % 1000000;
	int width = 0;

	*--p = ' ';
	*--p = ']';
	for (int i = 0; i < 6; i++, frac /= 10)
		*--p = (char)('0' + frac % 10);
	*--p = '.';
	do {
		*--p = (char)('0' + sec % 10);
		width++;
	} while ((sec /= 10));
	for (; width < 5; width++)
		*--p = ' ';
	*--p = '[';
	log_put(lg, p, (size_t)(buf + sizeof(buf) - p));
}

void log_print_plain(struct logger *lg, const struct log_record *rec)
{
	if (lg->format == LOG_FORMAT_DMESG)
		log_put(lg, rec->prefix, rec->prefix_len);
	else if (rec->has_time)
		put_time(lg, rec->usec);
	put_annotated(lg, rec);
	fputc_unlocked('\n', lg->out);
}

/* text[0..len) as a C string; kmsg escapes turned back into bytes. */
static const char *json_text(struct logger *lg, const char *text, size_t len,
			     bool unescape)
{
	if (len + 1 > lg->buf_cap) {
		lg->buf_cap = len + 1;
		lg->buf = xreallocarray(lg->buf, lg->buf_cap, 1);
	}
	if (unescape)
		len = kmsg_unescape(text, len, lg->buf);
	else
		memcpy(lg->buf, text, len);
	/* a NUL byte would end the string early: show it as the kernel does */
	for (size_t i = 0; i < len; i++)
		if (lg->buf[i] == '\0')
			lg->buf[i] = ' ';
	lg->buf[len] = '\0';
	return lg->buf;
}

static void json_disk(struct logger *lg, struct json_writer *js, uint32_t k)
{
	struct note n;

	log_note(lg, k, &n);
	json_object_begin(js, NULL);
	json_string(js, "name", lg->ev.disks[k].name);
	json_string(js, "alias", n.alias);
	json_string(js, "alias_source", log_source_name(n.alias_src));
	json_string(js, "persistent", n.persistent);
	json_string(js, "persistent_source", log_source_name(n.persistent_src));
	json_object_end(js);
}

void log_print_json(struct logger *lg, const struct log_record *rec,
		    const char *raw, size_t raw_len, bool malformed)
{
	struct json_writer js;
	char num[48];

	json_init(&js, lg->out);
	js.compact = true;
	json_object_begin(&js, NULL);
	if (rec->has_time) {
		snprintf(num, sizeof(num), "%" PRIu64 ".%06" PRIu64,
			 rec->usec / 1000000, rec->usec % 1000000);
		json_raw(&js, "time", num);
	} else {
		json_null(&js, "time");
	}
	snprintf(num, sizeof(num), "%u", lg->boot_no ? lg->boot_no : 1);
	json_raw(&js, "boot", num);
	json_bool(&js, "running_boot", lg->current);
	json_string(&js, "level", log_level_name(rec->level));
	if (malformed)
		json_string(&js, "text", json_text(lg, raw, raw_len, false));
	else
		json_string(&js, "text", json_text(lg, rec->text, rec->text_len,
						   lg->format == LOG_FORMAT_KMSG));
	if (lg->text_alias_len) {
		char alias[ALIAS_MAX_LEN + 1];

		memcpy(alias, lg->text_alias, lg->text_alias_len);
		alias[lg->text_alias_len] = '\0';
		json_string(&js, "text_alias", alias);
	} else {
		json_null(&js, "text_alias");
	}
	json_array_begin(&js, "disks", true);
	if (lg->meta != EV_NONE) {
		json_disk(lg, &js, lg->meta);
		lg->ev.disks[lg->meta].noted = lg->nrecords;
	}
	for (size_t i = 0; i < lg->nhits; i++) {
		struct ev_disk *e = &lg->ev.disks[lg->hits[i].ev];

		if (e->noted != lg->nrecords) {
			e->noted = lg->nrecords;
			json_disk(lg, &js, lg->hits[i].ev);
		}
	}
	json_array_end(&js);
	if (malformed)
		json_bool(&js, "malformed", true);
	json_object_end(&js);
	json_finish(&js);
}
