// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The output of "diskalias list": a table (human, raw, pairs) through
 * table.c, or JSON through json_writer.
 */
#include <err.h>
#include <errno.h>
#include <libsmartcols.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diskalias.h"
#include "lib/json_writer.h"
#include "lib/parallel.h"
#include "lib/xalloc.h"
#include "list.h"
#include "table/table.h"

/* ---- table, raw, pairs ---- */

/* -y: the heading as lsblk -y makes it, by libsmartcols (MAJ:MIN -> MAJ_MIN) */
static char *shell_name(const char *name)
{
	struct libscols_column *cl = scols_new_column();
	const char *sv;
	char *s;

	if (!cl || scols_column_set_name(cl, name) != 0)
		xalloc_failed();
	sv = scols_column_get_name_as_shellvar(cl);
	if (!sv)
		xalloc_failed();
	s = xstrdup(sv);
	scols_unref_column(cl);
	return s;
}

/* The cells of every disk, made by the workers: a row of ncolumns a disk. */
struct cells_job {
	const struct list_ctl *ctl;
	const struct disk_table *dt;
	const char **text;	/* ndisks * ncolumns */
	char **owned;		/* the part of text to free */
};

static void make_cells(void *arg, size_t i, int worker)
{
	struct cells_job *job = arg;
	size_t n = job->ctl->ncolumns;

	(void)worker;
	for (size_t j = 0; j < n; j++)
		job->text[i * n + j] = list_cell_text(job->ctl, &job->dt->disks[i],
						 job->ctl->columns[j],
						 &job->owned[i * n + j]);
}

void list_print_table(const struct list_ctl *ctl, const struct disk_table *dt)
{
	static const enum table_format formats[] = {
		[OUT_TABLE] = TABLE_HUMAN, [OUT_RAW] = TABLE_RAW,
		[OUT_PAIRS] = TABLE_PAIRS,
	};
	struct cells_job job = { ctl, dt, NULL, NULL };
	struct table_column cols[MAX_COLUMNS];
	char *names[MAX_COLUMNS] = { NULL };
	size_t i, j, n = ctl->ncolumns, ncells = dt->ndisks * n;
	struct table tb;
	int rc;

	for (j = 0; j < n; j++) {
		const struct colinfo *ci = &list_colinfos[ctl->columns[j]];

		if (ctl->shell)
			names[j] = shell_name(ci->name);
		/* a list is a line's cell too: its items apart by commas */
		cols[j] = (struct table_column){ names[j] ? names[j] : ci->name,
						 ci->whint, ci->scols_flags,
						 !(ci->flags & COLF_CUT),
						 (ci->flags & COLF_LIST) && ctl->mode == OUT_TABLE };
	}
	table_init(&tb, cols, n, formats[ctl->mode], ctl->noheadings);
	job.text = xcalloc(ncells + 1, sizeof(*job.text));
	job.owned = xcalloc(ncells + 1, sizeof(*job.owned));
	parallel_run(dt->ndisks, parallel_workers(dt->ndisks), make_cells, &job);

	for (i = 0; i < dt->ndisks; i++) {
		const char **ln = table_new_line(&tb);

		for (j = 0; j < n; j++) {
			char *text = (char *)job.text[i * n + j];

			/*
			 * Raw and pairs output keep a list in one cell with
			 * the items apart as "\x0a", as diskalias(8) says.
			 * A list's text is the cell's own (job.owned).
			 */
			if (text && !cols[j].list &&
			    (list_colinfos[ctl->columns[j]].flags & COLF_LIST))
				for (char *sep = text; (sep = strchr(sep, LIST_SEP)); )
					*sep = '\n';
			ln[j] = text;
		}
	}
	rc = table_print(&tb, stdout);
	if (rc < 0 && rc != -EIO) {	/* a write error is told at exit */
		errno = -rc;
		err(DA_EXIT_FAILURE, "cannot print the table");
	}
	for (i = 0; i < ncells; i++)
		free(job.owned[i]);
	free(job.owned);
	free(job.text);
	table_free(&tb);
	for (j = 0; j < n; j++)
		free(names[j]);
}

/* ---- JSON ---- */

static void json_links(struct json_writer *js, const struct disk *d, int part)
{
	size_t i, k;

	/* d->links is sorted by part, then dir: one run per directory */
	json_object_begin(js, "links");
	for (i = 0; i < d->nlinks; i = k) {
		const struct disk_link *l = &d->links[i];

		for (k = i + 1; k < d->nlinks && d->links[k].part == l->part &&
				d->links[k].dir == l->dir; k++)
			;
		if (l->part != part)
			continue;
		json_array_begin(js, l->dir, true);
		for (size_t m = i; m < k; m++)
			json_string(js, NULL, d->links[m].name);
		json_array_end(js);
	}
	json_object_end(js);
}

static void json_mounts(struct json_writer *js, const struct disk *d,
			bool all, int part)
{
	json_array_begin(js, "mountpoints", true);
	for (size_t i = 0; i < d->nmounts; i++)
		if (all ? !list_mount_repeats(d, i) : d->mounts[i].part == part)
			json_string(js, NULL, d->mounts[i].target);
	json_array_end(js);
}

/* "size" as the disk's: a string, or with --bytes a number; null unknown */
static void json_size(struct json_writer *js, const struct list_ctl *ctl,
		      uint64_t size, bool has_size)
{
	char buf[32];

	if (!has_size)
		json_null(js, "size");
	else if (ctl->bytes)
		json_u64(js, "size", size);
	else
		json_string(js, "size", list_size_text(ctl, size, buf, sizeof(buf)));
}

static void json_partitions(struct json_writer *js, const struct list_ctl *ctl,
			    const struct disk *d)
{
	char path[DISK_NAME_MAX + 8];

	json_array_begin(js, "partitions", false);
	for (size_t j = 0; j < d->nparts; j++) {
		const struct disk_part *p = &d->parts[j];

		json_object_begin(js, NULL);
		json_string(js, "name", p->name);
		snprintf(path, sizeof(path), "/dev/%s", p->name);
		json_string(js, "path", path);
		json_size(js, ctl, p->size, p->has_size);
		json_links(js, d, (int)j);
		json_mounts(js, d, false, (int)j);
		json_object_end(js);
	}
	json_array_end(js);
}

static void json_cell(struct json_writer *js, const struct list_ctl *ctl,
		      const struct disk *d, int id)
{
	const char *key = list_colinfos[id].key;
	const char *text;
	char *owned;

	switch (id) {
	case COL_SIZE:
		json_size(js, ctl, d->size, d->has_size);
		return;
	case COL_RM:
	case COL_RO: {
		int v = id == COL_RM ? d->removable : d->ro;

		if (v < 0)
			json_null(js, key);
		else
			json_bool(js, key, v);
		return;
	}
	case COL_LINKS:
		json_links(js, d, -1);
		return;
	case COL_MOUNTPOINTS:
		json_mounts(js, d, true, -1);
		return;
	case COL_PARTITIONS:
		json_partitions(js, ctl, d);
		return;
	}
	text = list_cell_text(ctl, d, id, &owned);
	json_string(js, key, text);
	free(owned);
}

void list_print_json(const struct list_ctl *ctl, const struct disk_table *dt)
{
	struct json_writer js;

	json_init(&js, stdout);
	json_object_begin(&js, NULL);
	json_array_begin(&js, "disks", false);
	for (size_t i = 0; i < dt->ndisks; i++) {
		json_object_begin(&js, NULL);
		for (size_t j = 0; j < ctl->ncolumns; j++)
			json_cell(&js, ctl, &dt->disks[i], ctl->columns[j]);
		json_object_end(&js);
	}
	json_array_end(&js);
	json_object_end(&js);
	json_finish(&js);
}
