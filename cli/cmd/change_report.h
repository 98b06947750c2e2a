/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_CHANGE_REPORT_H
#define DISKALIAS_CHANGE_REPORT_H

/*
 * What set and apply did, disk by disk, for -J (diskalias(8): a playbook
 * reads "changed" instead of parsing text) and for the exit status of
 * --check: "nothing to do", "would change" and "cannot" apart.
 */

#include <stdbool.h>
#include <stddef.h>

enum change_result {
	CHANGE_UNCHANGED,	/* already as asked */
	CHANGE_CHANGED,		/* done (with --check: would be done) */
	CHANGE_REFUSED,		/* cannot: the reason says why */
};

/* How one place, the kernel's attribute or the config, came out (set). */
enum change_place {
	PLACE_NONE,		/* not asked for (no --persist), or refused */
	PLACE_UNCHANGED,
	PLACE_CHANGED,
	PLACE_NO_ATTR,		/* the kernel has no alias attribute */
};

struct change_item {
	char *name;		/* the disk's kernel name, or the argument given */
	char *alias;		/* NULL: none (a disk no entry names) */
	char *device;		/* apply: the entry's device, or NULL */
	unsigned int line;	/* apply: the entry's line, or 0 */
	enum change_result result;
	char *reason;		/* CHANGE_REFUSED: why, in words */
	enum change_place kernel, config;	/* set only */
};

struct change_report {
	bool json;		/* -J: the report is the output */
	bool check;		/* --check, --dry-run: nothing is changed */
	bool set;		/* set's items: with "kernel" and "config" */
	char *error;		/* a refusal of the whole run, or NULL */
	struct change_item *items;
	size_t nitems, cap;
};

/* A new item (its strings copied; NULL stays NULL), for the caller to fill. */
struct change_item *change_add(struct change_report *r, const char *name,
			       const char *alias, enum change_result result,
			       const char *reason);

/* The run as a whole is refused (the config has problems, say). */
void change_error(struct change_report *r, const char *reason);

size_t change_count(const struct change_report *r, enum change_result result);

/*
 * The exit status: 1 when something was refused and nothing else
 * reported, 64 when some were refused, 8 under --check when something
 * would change (and exit_check true), else 0.
 */
int change_exit_status(const struct change_report *r, bool exit_check);

/* The report as JSON on standard output (-J). */
void change_print_json(const struct change_report *r);

void change_free(struct change_report *r);

#endif
