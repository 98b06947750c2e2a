// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The per-disk report of set and apply: see change_report.h.
 */
#include "change_report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exit.h"
#include "lib/json_writer.h"
#include "lib/xalloc.h"

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

struct change_item *change_add(struct change_report *r, const char *name,
			       const char *alias, enum change_result result,
			       const char *reason)
{
	struct change_item *it;

	if (r->nitems == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 8;
		r->items = xreallocarray(r->items, r->cap, sizeof(*r->items));
	}
	it = &r->items[r->nitems++];
	memset(it, 0, sizeof(*it));
	it->name = dup_or_null(name);
	it->alias = dup_or_null(alias);
	it->result = result;
	it->reason = dup_or_null(reason);
	return it;
}

void change_error(struct change_report *r, const char *reason)
{
	free(r->error);
	r->error = xstrdup(reason);
}

size_t change_count(const struct change_report *r, enum change_result result)
{
	size_t n = 0;

	for (size_t i = 0; i < r->nitems; i++)
		n += r->items[i].result == result;
	return n;
}

int change_exit_status(const struct change_report *r, bool exit_check)
{
	size_t refused = change_count(r, CHANGE_REFUSED);

	if (r->error)
		return DA_EXIT_FAILURE;
	if (refused)
		return refused < r->nitems ? DA_EXIT_PARTIAL : DA_EXIT_FAILURE;
	if (exit_check && change_count(r, CHANGE_CHANGED))
		return DA_EXIT_WOULD_CHANGE;
	return DA_EXIT_OK;
}

static const char *const result_names[] = {
	[CHANGE_UNCHANGED] = "unchanged",
	[CHANGE_CHANGED] = "changed",
	[CHANGE_REFUSED] = "refused",
};

static const char *const place_names[] = {
	[PLACE_NONE] = NULL,
	[PLACE_UNCHANGED] = "unchanged",
	[PLACE_CHANGED] = "changed",
	[PLACE_NO_ATTR] = "no-attr",
};

void change_print_json(const struct change_report *r)
{
	struct json_writer js;

	json_init(&js, stdout);
	json_object_begin(&js, NULL);
	json_bool(&js, "check", r->check);
	json_bool(&js, "changed", change_count(r, CHANGE_CHANGED) > 0);
	json_string(&js, "error", r->error);
	json_array_begin(&js, "disks", false);
	for (size_t i = 0; i < r->nitems; i++) {
		const struct change_item *it = &r->items[i];

		json_object_begin(&js, NULL);
		json_string(&js, "name", it->name);
		json_string(&js, "alias", it->alias);
		json_string(&js, "result", result_names[it->result]);
		json_string(&js, "reason", it->reason);
		if (r->set) {
			json_string(&js, "kernel", place_names[it->kernel]);
			json_string(&js, "config", place_names[it->config]);
		} else {
			json_string(&js, "device", it->device);
			if (it->line)
				json_u64(&js, "line", it->line);
			else
				json_null(&js, "line");
		}
		json_object_end(&js);
	}
	json_array_end(&js);
	json_object_end(&js);
	json_finish(&js);
}

void change_free(struct change_report *r)
{
	for (size_t i = 0; i < r->nitems; i++) {
		free(r->items[i].name);
		free(r->items[i].alias);
		free(r->items[i].device);
		free(r->items[i].reason);
	}
	free(r->items);
	free(r->error);
	memset(r, 0, sizeof(*r));
}
