/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_LIST_H
#define DISKALIAS_LIST_H

/*
 * diskalias list: the verb (cmd_list.c), its columns and the text of
 * each cell (list_columns.c), and the two renderers (list_output.c):
 * table.c (libsmartcols) for table, raw and pairs, json_writer for -J
 * (whose "links" member is an object, which smartcols cannot nest).
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "conf/conf.h"
#include "conf/conf_decide.h"
#include "disk/disks.h"
#include "table/table.h"

enum {
	COL_NAME,
	COL_KNAME,
	COL_ALIAS,
	COL_PATH,
	COL_SIZE,
	COL_MODEL,
	COL_SERIAL,
	COL_WWN,
	COL_PERSISTENT,
	COL_MAJMIN,
	COL_RM,
	COL_RO,
	COL_LINKS,
	COL_MOUNTPOINTS,
	COL_PARTITIONS,
	COL_CONF_ALIAS,
	COL_CONF_STATE,
};

/* A cell holding a list (comma-separated in a table) */
#define COLF_LIST 1
/* Not identity: cut (and marked) to fit a narrow terminal */
#define COLF_CUT 2

struct colinfo {
	const char *name;	/* -o and headings */
	const char *key;	/* JSON member */
	double whint;
	int scols_flags;
	int flags;
	unsigned int scan;	/* SCAN_* the column needs */
	const char *help;
};

extern const struct colinfo list_colinfos[];
extern const size_t list_ncolinfos;

#define MAX_COLUMNS 64

enum output_mode { OUT_TABLE, OUT_RAW, OUT_PAIRS, OUT_JSON, OUT_METRICS };

struct list_ctl {
	int columns[MAX_COLUMNS];
	size_t ncolumns;
	enum output_mode mode;
	bool bytes;
	bool noheadings;
	bool all;
	bool shell;		/* -y: headings usable as shell variable names */
	bool want_conf;		/* a CONF-* column is shown */
	struct conf conf;	/* /etc/diskalias.conf, when wanted */
	struct conf_view view;	/* the config against the disks */
};

/* The default columns, for a table or for JSON. */
void list_default_columns(struct list_ctl *ctl);

/* -o LIST ("+LIST" adds to the default); a bad name is a usage error. */
void list_parse_columns(struct list_ctl *ctl, const char *list);

/* --list-columns */
void list_print_columns(void);

/*
 * Between the items of a list cell: not '\n', which an item (a mount
 * point "a\nb") may hold and the table must show as \x0a, and not ',',
 * which the table shows between items and as \x2c inside one.
 */
#define LIST_SEP TABLE_LIST_SEP

/*
 * The text of one cell, or NULL for an empty cell.  Text made for the
 * cell is malloc'd and left in *owned too, for the caller to free; other
 * text belongs to d or ctl.  A list has its items apart by LIST_SEP.
 */
const char *list_cell_text(const struct list_ctl *ctl, const struct disk *d,
			   int id, char **owned);

/* A size as SIZE shows it: "4G", or bytes with --bytes; in buf. */
const char *list_size_text(const struct list_ctl *ctl, uint64_t bytes,
			   char *buf, size_t bufsz);

/*
 * Is d->mounts[i] at a target an earlier mount of d has?  A filesystem
 * over two partitions of a disk is one mount point of the disk.
 */
bool list_mount_repeats(const struct disk *d, size_t i);

/* Print the disks as ctl->mode says. */
void list_print_table(const struct list_ctl *ctl, const struct disk_table *dt);
void list_print_json(const struct list_ctl *ctl, const struct disk_table *dt);

/* --metrics (list_metrics.c): the columns its labels need */
void list_metrics_columns(struct list_ctl *ctl);

/* One diskalias_info series a disk, in Prometheus' text format, to out. */
void list_print_metrics(const struct list_ctl *ctl, const struct disk_table *dt,
			FILE *out);

/*
 * The same written to path atomically (a temp file beside it, renamed
 * over it), mode 0644.  Returns 0 or -errno; on failure path is as it was.
 */
int list_write_metrics(const struct list_ctl *ctl, const struct disk_table *dt,
		       const char *path);

#endif
