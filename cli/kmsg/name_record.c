// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The tool's name records in the journal: see name_record.h.
 */
#include "name_record.h"

#include <string.h>

#include "alias/alias_rules.h"
#include "journal.h"

const char *const name_event_words[NAME_EVENT_COUNT] = {
	[NAME_EVENT_ADD] = "add",
	[NAME_EVENT_CHANGE] = "change",
	[NAME_EVENT_REMOVE] = "remove",
	[NAME_EVENT_ALIAS_SET] = "alias-set",
	[NAME_EVENT_ALIAS_RELEASED] = "alias-released",
};

const char *const name_field_names[NAME_FIELD_COUNT] = {
	[NAME_FIELD_EVENT] = "EVENT",
	[NAME_FIELD_DISK] = "DISK",
	[NAME_FIELD_MAJ_MIN] = "MAJ_MIN",
	[NAME_FIELD_DISKSEQ] = "DISKSEQ",
	[NAME_FIELD_KEY] = "KEY",
	[NAME_FIELD_WWN] = "WWN",
	[NAME_FIELD_SERIAL] = "SERIAL",
	[NAME_FIELD_ALIAS] = "ALIAS",
	[NAME_FIELD_ALIAS_FROM] = "ALIAS_FROM",
};

static bool span_is(const struct journal_span *s, const char *lit)
{
	return s->p && strlen(lit) == s->len && memcmp(s->p, lit, s->len) == 0;
}

/* The name after the last '/' of s is "diskalias". */
static bool is_tool(const struct journal_span *s)
{
	const char *base = s->p;

	for (size_t i = 0; i < s->len; i++)
		if (s->p[i] == '/')
			base = s->p + i + 1;
	return s->len - (size_t)(base - s->p) == strlen(NAME_RECORD_IDENTIFIER) &&
	       memcmp(base, NAME_RECORD_IDENTIFIER, strlen(NAME_RECORD_IDENTIFIER)) == 0;
}

bool journal_is_name_record(const struct journal_fields *jf)
{
	const struct journal_writer *w = &jf->writer;

	/* journald's own fields: a client cannot set a field starting '_' */
	return !w->repeated && span_is(&jf->transport, "journal") &&
	       span_is(&w->uid, "0") && span_is(&w->identifier, NAME_RECORD_IDENTIFIER) &&
	       (!w->comm.p || span_is(&w->comm, NAME_RECORD_IDENTIFIER)) &&
	       (!w->exe.p || is_tool(&w->exe));
}

/* A decimal number filling s; false when it does not. */
static bool number(const char *p, size_t len, uint64_t *v, uint64_t max)
{
	*v = 0;
	if (!len || len > 19)
		return false;
	for (size_t i = 0; i < len; i++) {
		if (p[i] < '0' || p[i] > '9')
			return false;
		*v = *v * 10 + (uint64_t)(p[i] - '0');
	}
	return *v <= max;
}

int journal_name_record(const struct journal_fields *jf, struct name_record *nr)
{
	const struct journal_span *f = jf->name.fields;
	const struct journal_span *mm = &f[NAME_FIELD_MAJ_MIN];
	int e;

	memset(nr, 0, sizeof(*nr));
	if (jf->name.repeated || !f[NAME_FIELD_EVENT].p || !f[NAME_FIELD_DISK].p)
		return -1;
	for (e = 0; e < NAME_EVENT_COUNT; e++)
		if (span_is(&f[NAME_FIELD_EVENT], name_event_words[e]))
			break;
	if (e == NAME_EVENT_COUNT)
		return -1;
	nr->event = (enum name_event)e;
	nr->disk = f[NAME_FIELD_DISK];
	if (!nr->disk.len || nr->disk.len >= 256 || memchr(nr->disk.p, '/', nr->disk.len) ||
	    memchr(nr->disk.p, '\0', nr->disk.len) ||
	    span_is(&nr->disk, ".") || span_is(&nr->disk, ".."))
		return -1;
	if (mm->p) {
		const char *colon = memchr(mm->p, ':', mm->len);
		uint64_t ma, mi;

		if (!colon || !number(mm->p, (size_t)(colon - mm->p), &ma, 0xfff) ||
		    !number(colon + 1, mm->len - (size_t)(colon - mm->p) - 1, &mi, 0xfffff))
			return -1;
		nr->major = (unsigned int)ma;
		nr->minor = (unsigned int)mi;
		nr->has_devno = true;
	}
	if (f[NAME_FIELD_DISKSEQ].p) {
		if (!number(f[NAME_FIELD_DISKSEQ].p, f[NAME_FIELD_DISKSEQ].len,
			    &nr->diskseq, UINT64_MAX))
			return -1;
		nr->has_diskseq = true;
	}
	nr->key = f[NAME_FIELD_KEY];
	nr->wwn = f[NAME_FIELD_WWN];
	nr->serial = f[NAME_FIELD_SERIAL];
	nr->alias = f[NAME_FIELD_ALIAS];
	/* an alias the kernel would refuse proves no alias */
	if (nr->alias.p && !alias_attr_ok(nr->alias.p, nr->alias.len))
		return -1;
	if (span_is(&f[NAME_FIELD_ALIAS_FROM], "kernel"))
		nr->alias_from = NAME_ALIAS_KERNEL;
	else if (span_is(&f[NAME_FIELD_ALIAS_FROM], "config"))
		nr->alias_from = NAME_ALIAS_CONFIG;
	else if (f[NAME_FIELD_ALIAS_FROM].p)
		return -1;
	nr->links = jf->name.links;
	nr->nlinks = jf->name.nlinks;
	nr->boot_id = jf->boot_id;
	return 0;
}
