// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * libFuzzer target for the diskalias.conf parser (conf_parse() in
 * cli/conf/conf.c).  Beside memory errors and leaks it checks what
 * diskalias.conf(5) promises:
 *
 *  - every line is exactly one of: nothing (blank or comment), one entry,
 *    one problem, and entries and problems come in line order;
 *  - every entry's alias passes the kernel rules, its DEVICE is one word:
 *    no newline, and either a quoted word's (a '#' or a blank, no '"') or
 *    a bare word's (no '#' or blank, a '"' only after its first byte);
 *  - a key names hardware: a DEVICE with a directory is in by-id or
 *    by-path, and no DEVICE matches a link in by-label, by-uuid and the
 *    like, whatever the link's name;
 *  - no two entries share an alias or a device;
 *  - writing the entries back as "alias NAME DEVICE" lines, DEVICE in
 *    double quotes when it holds a '#' or a blank (as set --persist
 *    writes it), parses, with no problem, to the same entries.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alias/alias_rules.h"
#include "conf/conf.h"

/* The DEVICE's link name: what follows its last '/'. */
static const char *link_name(const char *dev)
{
	const char *s = strrchr(dev, '/');

	return s ? s + 1 : dev;
}

/*
 * Two DEVICEs that would name one link: equal link names, unless both
 * name their directory and the directories differ.
 */
static int same_link(const char *a, const char *b)
{
	const char *p = "/dev/disk/";
	size_t pl = strlen(p);

	if (strcmp(link_name(a), link_name(b)) != 0)
		return 0;
	if (!strchr(a, '/') || !strchr(b, '/'))
		return 1;
	if (strncmp(a, p, pl) == 0)
		a += pl;
	if (strncmp(b, p, pl) == 0)
		b += pl;
	return strcmp(a, b) == 0;
}

/* Blank or a comment: only spaces and tabs before any '#', and no NUL. */
static int is_empty_line(const uint8_t *s, size_t len)
{
	if (memchr(s, '\0', len))
		return 0;
	for (size_t i = 0; i < len && s[i] != '#'; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return 0;
	return 1;
}

/* What a quoted word keeps, and so must be written back in quotes. */
static int needs_quotes(const char *s)
{
	return strpbrk(s, " \t#") != NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct conf c, again;
	size_t e = 0, p = 0, pos = 0, outlen = 0;
	unsigned int lineno = 0;
	char *out, *o;

	if (conf_parse((const char *)data, size, &c) != c.nproblems)
		abort();

	/* Walk the lines: each is empty, the next entry or the next problem. */
	while (pos < size) {
		const uint8_t *nl = memchr(data + pos, '\n', size - pos);
		size_t end = nl ? (size_t)(nl - data) : size;

		lineno++;
		if (is_empty_line(data + pos, end - pos)) {
			if ((e < c.nentries && c.entries[e].line == lineno) ||
			    (p < c.nproblems && c.problems[p].line == lineno))
				abort();
		} else if (e < c.nentries && c.entries[e].line == lineno) {
			if (p < c.nproblems && c.problems[p].line == lineno)
				abort();
			e++;
		} else if (p < c.nproblems && c.problems[p].line == lineno) {
			if (!c.problems[p].reason || !c.problems[p].reason[0])
				abort();
			p++;
		} else {
			abort();	/* a line that vanished */
		}
		pos = end + 1;
	}
	if (e != c.nentries || p != c.nproblems)
		abort();

	for (size_t i = 0; i < c.nentries; i++) {
		const struct conf_entry *x = &c.entries[i];

		if (alias_check(x->alias, strlen(x->alias), NULL) != 0 ||
		    strchr(x->alias, '\n'))
			abort();
		if (!x->device[0] || strchr(x->device, '\n') ||
		    x->device[0] == '"' ||
		    (needs_quotes(x->device) && strchr(x->device, '"')))
			abort();
		for (size_t j = 0; j < i; j++) {
			if (strcmp(c.entries[j].alias, x->alias) == 0 ||
			    same_link(c.entries[j].device, x->device))
				abort();
		}
		if (conf_find_alias(&c, x->alias) != x)
			abort();
		if (strchr(x->device, '/')) {
			const char *dir = strstr(x->device, "by-");

			if (strncmp(dir, "by-id/", 6) != 0 &&
			    strncmp(dir, "by-path/", 8) != 0)
				abort();
		}
		if (conf_device_matches(x->device, "by-label", link_name(x->device)) ||
		    conf_device_matches(x->device, "by-uuid", link_name(x->device)) ||
		    !conf_device_matches(x->device,
					 strstr(x->device, "by-path/") ? "by-path" : "by-id",
					 link_name(x->device)))
			abort();
		outlen += strlen(x->alias) + strlen(x->device) + 10;
	}

	/* Round trip. */
	out = malloc(outlen + 1);
	if (!out)
		abort();
	o = out;
	for (size_t i = 0; i < c.nentries; i++) {
		const char *q = needs_quotes(c.entries[i].device) ? "\"" : "";

		o += sprintf(o, "alias %s %s%s%s\n", c.entries[i].alias, q,
			     c.entries[i].device, q);
	}
	if (conf_parse(out, (size_t)(o - out), &again) != 0 ||
	    again.nentries != c.nentries)
		abort();
	for (size_t i = 0; i < c.nentries; i++) {
		if (strcmp(again.entries[i].alias, c.entries[i].alias) != 0 ||
		    strcmp(again.entries[i].device, c.entries[i].device) != 0 ||
		    again.entries[i].line != i + 1)
			abort();
	}
	free(out);
	conf_free(&again);
	conf_free(&c);
	return 0;
}
