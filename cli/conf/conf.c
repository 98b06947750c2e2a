// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * /etc/diskalias.conf: the parser and the index of its entries.
 */
#include "conf.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alias/alias_rules.h"
#include "disk/links.h"
#include "lib/xalloc.h"

#define DEV_DISK "/dev/disk/"
#define QUOTE_MAX 80
#define NO_ENTRY SIZE_MAX

static void __attribute__((format(printf, 3, 4)))
add_problem(struct conf *c, unsigned int line, const char *fmt, ...)
{
	struct conf_problem *p;
	va_list ap;

	c->problems = xreallocarray(c->problems, c->nproblems + 1,
				    sizeof(*c->problems));
	p = &c->problems[c->nproblems++];
	p->line = line;
	va_start(ap, fmt);
	p->reason = xvasprintf(fmt, ap);
	va_end(ap);
}

static const char *quote(const char *s, size_t len, char *buf)
{
	return alias_quote(s, len, buf, QUOTE_MAX);
}

/*
 * DEVICE: "/dev/disk/by-X/NAME" or "NAME" alone, NAME a single path
 * component, no control character (has_ctrl).  Returns the offset of
 * NAME, or -1 when malformed.
 */
static ssize_t device_name_offset(const char *dev, size_t len, bool has_ctrl)
{
	const char *slash, *name, *dir = dev;
	size_t dl = strlen(DEV_DISK);

	if (len == 0 || len >= PATH_MAX || has_ctrl)
		return -1;
	if (!memchr(dev, '/', len)) {
		name = dev;
	} else {
		/* "/dev/disk/by-id/NAME", or "by-id/NAME" for short */
		if (len > dl && strncmp(dev, DEV_DISK, dl) == 0)
			dir = dev + dl;
		if (len - (size_t)(dir - dev) <= 3 || strncmp(dir, "by-", 3) != 0)
			return -1;
		slash = memchr(dir, '/', len - (size_t)(dir - dev));
		if (!slash || slash == dir + 3)
			return -1;
		name = slash + 1;
		if (memchr(name, '/', len - (size_t)(name - dev)))
			return -1;
	}
	len -= (size_t)(name - dev);
	if (len == 0 || (len == 1 && name[0] == '.') ||
	    (len == 2 && name[0] == '.' && name[1] == '.'))
		return -1;
	return name - dev;
}

/* "by-id/NAME" of a DEVICE with a directory, else the name alone. */
static const char *device_key(const char *dev)
{
	size_t dl = strlen(DEV_DISK);

	return strncmp(dev, DEV_DISK, dl) == 0 ? dev + dl : dev;
}

/* device_key() of a DEVICE not NUL terminated */
static const char *device_key_n(const char *dev, size_t len)
{
	size_t dl = strlen(DEV_DISK);

	return len > dl && strncmp(dev, DEV_DISK, dl) == 0 ? dev + dl : dev;
}

/* Do two DEVICE spellings name the same link? A bare name matches any dir. */
static bool same_device(const char *a, const char *b)
{
	const char *na = strrchr(a, '/'), *nb = strrchr(b, '/');

	if (na && nb)
		return strcmp(device_key(a), device_key(b)) == 0;
	return strcmp(na ? na + 1 : a, nb ? nb + 1 : b) == 0;
}
static const char *last_component(const char *dev)
{
	const char *slash = strrchr(dev, '/');

	return slash ? slash + 1 : dev;
}

/* The maps' keys: an entry's alias, and the link name its DEVICE ends in. */
static const char *alias_key(const void *ctx, uint32_t i, size_t *len)
{
	const char *a = ((const struct conf *)ctx)->entries[i].alias;

	*len = strlen(a);
	return a;
}

static const char *name_key(const void *ctx, uint32_t i, size_t *len)
{
	const char *n = last_component(((const struct conf *)ctx)->entries[i].device);

	*len = strlen(n);
	return n;
}

/* The entry of alias, or NO_ENTRY. */
static size_t find_alias(const struct conf *c, const char *alias)
{
	const struct strmap_keys k = { alias_key, c };
	uint32_t i = strmap_get_str(&c->by_alias, &k, alias);

	return i == STRMAP_NONE ? NO_ENTRY : i;
}

/* The first entry whose DEVICE ends in link name "name", or NO_ENTRY. */
static size_t first_named(const struct conf *c, const char *name)
{
	const struct strmap_keys k = { name_key, c };
	uint32_t i = strmap_get_str(&c->by_name, &k, name);

	return i == STRMAP_NONE ? NO_ENTRY : i;
}

/*
 * Add the entry of line "line" unless its alias or its DEVICE is taken
 * (a problem then); the maps have room for an entry a line.
 */
static void add_entry(struct conf *c, char *alias, size_t alias_len,
		      char *dev, size_t dev_len, unsigned int line)
{
	const char *name = last_component(dev);
	size_t name_len = dev_len - (size_t)(name - dev);
	const struct strmap_keys alias_keys = { alias_key, c };
	const struct strmap_keys name_keys = { name_key, c };
	struct strmap_slot *by_alias, *by_name;
	char q1[QUOTE_MAX], q2[QUOTE_MAX];
	size_t i = c->nentries, k;

	by_alias = strmap_slot(&c->by_alias, &alias_keys, alias, alias_len);
	if (by_alias->id1) {
		add_problem(c, line, "alias %s is already given on line %u",
			    quote(alias, alias_len, q1),
			    c->entries[by_alias->id1 - 1].line);
		return;
	}
	by_name = strmap_slot(&c->by_name, &name_keys, name, name_len);
	for (k = by_name->id1 ? by_name->id1 - 1 : NO_ENTRY; k != NO_ENTRY;
	     k = c->next_same_name[k]) {
		const struct conf_entry *e = &c->entries[k];

		if (same_device(e->device, dev)) {
			add_problem(c, line, "device %s already has alias %s on line %u",
				    quote(dev, dev_len, q1),
				    quote(e->alias, strlen(e->alias), q2), e->line);
			return;
		}
	}
	c->entries[c->nentries++] = (struct conf_entry){ alias, dev, line };
	c->next_same_name[i] = NO_ENTRY;
	strmap_fill(&c->by_alias, by_alias, (uint32_t)i);
	if (!by_name->id1) {
		strmap_fill(&c->by_name, by_name, (uint32_t)i);
		return;
	}
	/* keep file order: the new entry goes last */
	for (k = by_name->id1 - 1; c->next_same_name[k] != NO_ENTRY;
	     k = c->next_same_name[k])
		;
	c->next_same_name[k] = i;
}

/* What a byte is to the word scan of parse_line(). */
enum byte_class {
	B_WORD,		/* part of a word */
	B_CTRL,		/* a control byte: part of a word, which is refused */
	B_BLANK,	/* ' ' or '\t': between words */
	B_END,		/* '\n', '#' (a comment) or the store's NUL: the line's end */
};

static const unsigned char byte_class[256] = {
	['\0'] = B_END,
	[0x01 ... 0x08] = B_CTRL,
	['\t'] = B_BLANK,
	['\n'] = B_END,
	[0x0b ... 0x1f] = B_CTRL,
	[' '] = B_BLANK,
	['#'] = B_END,
	[0x7f] = B_CTRL,
};

/*
 * s: a line of c->store, whose words an entry keeps NUL-terminated there;
 * check_nul: the store has a NUL byte somewhere.
 */
static void parse_line(struct conf *c, unsigned int lineno, char *s,
		       size_t len, bool check_nul)
{
	const unsigned char *p = (const unsigned char *)s;
	char *w[4];
	size_t wl[4], nw = 0;
	bool ctrl[4];
	char q1[QUOTE_MAX], why[256];
	struct alias_check chk;

	if (check_nul && memchr(s, '\0', len)) {
		add_problem(c, lineno, "contains a NUL byte");
		return;
	}
	/* a Windows editor's file: say so, not that a word has a control byte */
	if (len > 0 && s[len - 1] == '\r' && s[strspn(s, " \t")] != '#') {
		add_problem(c, lineno, "ends in a carriage return: the file has CRLF "
			    "line endings, and a line ends in LF alone");
		return;
	}
	/*
	 * Words end at a blank, '#' (a comment), the line's '\n' or the end of
	 * the store (its NUL): no count to keep.  A control byte is part of
	 * a word, to be refused with it.
	 */
	while (nw < 4) {
		while (byte_class[*p] == B_BLANK)
			p++;
		if (byte_class[*p] == B_END)
			break;
		ctrl[nw] = false;
		if (*p == '"') {
			/*
			 * A quoted word keeps a '#' (udev allows it in link
			 * names); it ends at the next '"', which no link name
			 * holds, and a blank, a comment or the line's end
			 * must follow.
			 */
			const unsigned char *q = ++p;

			while (*p != '"' && *p != '\n' && *p != '\0') {
				if (byte_class[*p] == B_CTRL)
					ctrl[nw] = true;
				p++;
			}
			if (*p != '"') {
				add_problem(c, lineno, "a quoted word has no closing '\"'");
				return;
			}
			w[nw] = (char *)q;
			wl[nw] = (size_t)(p - q);
			p++;
			if (byte_class[*p] != B_BLANK && byte_class[*p] != B_END) {
				add_problem(c, lineno, "'\"' ends a word only before a blank, a comment or the end of the line");
				return;
			}
			nw++;
			continue;
		}
		w[nw] = (char *)p;
		for (;;) {
			while (byte_class[*p] == B_WORD)
				p++;
			if (byte_class[*p] != B_CTRL)
				break;
			ctrl[nw] = true;
			p++;
		}
		wl[nw] = (size_t)((char *)p - w[nw]);
		nw++;
	}
	if (nw == 0)
		return;
	if (wl[0] != 5 || memcmp(w[0], "alias", 5) != 0) {
		add_problem(c, lineno,
			    "unknown keyword %s; a line is \"alias NAME DEVICE\"",
			    quote(w[0], wl[0], q1));
		return;
	}
	if (nw == 1) {
		add_problem(c, lineno, "\"alias\" needs NAME and DEVICE");
		return;
	}
	if (nw == 2) {
		add_problem(c, lineno, "alias %s has no DEVICE",
			    quote(w[1], wl[1], q1));
		return;
	}
	if (nw == 4) {
		add_problem(c, lineno, "unexpected %s after DEVICE",
			    quote(w[3], wl[3], q1));
		return;
	}
	if (alias_check(w[1], wl[1], &chk) != 0 || chk.len != wl[1]) {
		if (chk.verdict == ALIAS_OK)	/* a trailing '\n' cannot occur */
			chk.verdict = ALIAS_BAD_BYTE;
		add_problem(c, lineno, "invalid alias %s: %s",
			    quote(w[1], wl[1], q1),
			    alias_reason(&chk, why, sizeof(why)));
		return;
	}
	if (device_name_offset(w[2], wl[2], ctrl[2]) < 0) {
		add_problem(c, lineno,
			    "device %s is neither a /dev/disk/by-*/ link nor a link's name",
			    quote(w[2], wl[2], q1));
		return;
	}

	if (memchr(w[2], '/', wl[2])) {
		const char *dir = device_key_n(w[2], wl[2]);
		size_t dirlen = (size_t)((const char *)memchr(dir, '/', wl[2] - (size_t)(dir - w[2])) - dir);

		if (!link_key_dir(dir, dirlen)) {
			add_problem(c, lineno,
				    "device %s is not a by-id or by-path link: %.*s names %s, not the hardware, and another disk could carry that name",
				    quote(w[2], wl[2], q1), (int)dirlen, dir,
				    dirlen == 10 && memcmp(dir, "by-diskseq", 10) == 0 ?
				    "a boot's numbering" : "what a disk holds");
			return;
		}
	}

	/* the line is read: its words end here (a blank, '#', '"', '\n' or the end) */
	w[1][wl[1]] = '\0';
	w[2][wl[2]] = '\0';
	add_entry(c, w[1], wl[1], w[2], wl[2], lineno);
}

/* Room for every line's entry, so that nothing grows while parsing. */
static void reserve(struct conf *c, const char *buf, size_t len)
{
	size_t n = 1;

	for (const char *p = buf; (p = memchr(p, '\n', len - (size_t)(p - buf))); p++)
		n++;
	c->entries = xreallocarray(NULL, n, sizeof(*c->entries));
	c->next_same_name = xreallocarray(NULL, n, sizeof(size_t));
	strmap_reserve(&c->by_alias, n);
	strmap_reserve(&c->by_name, n);
}

size_t conf_parse(const char *text, size_t len, struct conf *c)
{
	char *buf = xmalloc(len + 1);

	memcpy(buf, text, len);
	return conf_parse_store(buf, len, c);
}

size_t conf_parse_store(char *buf, size_t len, struct conf *c)
{
	unsigned int lineno = 0;
	size_t pos = 0;
	bool has_nul;

	memset(c, 0, sizeof(*c));
	c->store = buf;
	buf[len] = '\0';
	/* one look for a NUL in the whole text, not one a line */
	has_nul = memchr(buf, '\0', len) != NULL;
	reserve(c, buf, len);
	while (pos < len) {
		const char *nl = memchr(buf + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - buf) : len;

		if (lineno == UINT_MAX) {
			add_problem(c, 0, "too many lines");
			break;
		}
		parse_line(c, ++lineno, buf + pos, end - pos, has_nul);
		pos = end + 1;
	}
	return c->nproblems;
}

void conf_free(struct conf *c)
{
	for (size_t i = 0; i < c->nproblems; i++)
		free(c->problems[i].reason);
	free(c->entries);
	free(c->problems);
	free(c->next_same_name);
	free(c->store);
	strmap_free(&c->by_alias);
	strmap_free(&c->by_name);
	memset(c, 0, sizeof(*c));
}

bool conf_device_matches(const char *device, const char *dir,
			 const char *name)
{
	size_t dl = strlen(dir);

	if (!link_key_dir(dir, dl))
		return false;	/* a label or a UUID names content */
	if (!strchr(device, '/'))
		return strcmp(device, name) == 0;
	device = device_key(device);
	return strncmp(device, dir, dl) == 0 && device[dl] == '/' &&
	       strcmp(device + dl + 1, name) == 0;
}

bool conf_entry_matches_disk(const struct conf_entry *e, const struct disk *d)
{
	for (size_t j = 0; j < d->nlinks; j++) {
		const struct disk_link *l = &d->links[j];

		if (l->part == -1 && conf_device_matches(e->device, l->dir, l->name))
			return true;
	}
	return false;
}

const struct conf_entry *conf_find_link(const struct conf *c, const char *dir,
					const char *name)
{
	if (!link_key_dir(dir, strlen(dir)))
		return NULL;
	for (size_t i = first_named(c, name); i != NO_ENTRY;
	     i = c->next_same_name[i])
		if (conf_device_matches(c->entries[i].device, dir, name))
			return &c->entries[i];
	return NULL;
}

static int cmp_entry_p(const void *a, const void *b)
{
	const struct conf_entry *x = *(const struct conf_entry *const *)a;
	const struct conf_entry *y = *(const struct conf_entry *const *)b;

	return x < y ? -1 : x > y;
}

size_t conf_entries_of_disk(const struct conf *c, const struct disk *d,
			    const struct conf_entry **out)
{
	size_t n = 0;

	for (size_t j = 0; j < d->nlinks; j++) {
		const struct disk_link *l = &d->links[j];
		const struct conf_entry *e;
		size_t k;

		if (l->part != -1 || !(e = conf_find_link(c, l->dir, l->name)))
			continue;
		for (k = 0; k < n && out[k] != e; k++)
			;
		if (k == n)
			out[n++] = e;
	}
	if (n > 1)
		qsort(out, n, sizeof(*out), cmp_entry_p);
	return n;
}

const struct conf_entry *conf_find_disk(const struct conf *c,
					const struct disk *d, size_t *nmatch)
{
	const struct conf_entry *one[8], **all = one;
	const struct conf_entry *first;
	size_t n;

	if (d->nlinks > 8)
		all = xcalloc(d->nlinks, sizeof(*all));
	n = conf_entries_of_disk(c, d, all);
	first = n ? all[0] : NULL;
	if (all != one)
		free(all);
	if (nmatch)
		*nmatch = n;
	return first;
}

const struct conf_entry *conf_find_alias(const struct conf *c,
					 const char *alias)
{
	size_t i = find_alias(c, alias);

	return i == NO_ENTRY ? NULL : &c->entries[i];
}
