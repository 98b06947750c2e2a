// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diskalias list: every disk with its alias, identity, persistent names and
 * mount points.  One column table drives -o, --list-columns, the help text
 * and both renderers: table.c (libsmartcols) for table, raw and pairs,
 * json_writer for -J (whose "links" member is an object, which smartcols
 * cannot nest).
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <libsmartcols.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "conf_decide.h"
#include "config.h"
#include "diskalias.h"
#include "disks.h"
#include "json_writer.h"
#include "parallel.h"
#include "sysroot.h"
#include "table.h"

enum {
	COL_NAME,
	COL_ALIAS,
	COL_PATH,
	COL_SIZE,
	COL_MODEL,
	COL_SERIAL,
	COL_WWN,
	COL_MAJMIN,
	COL_RM,
	COL_RO,
	COL_LINKS,
	COL_MOUNTPOINTS,
	COL_PARTITIONS,
	COL_CONF_ALIAS,
	COL_CONF_STATE,
};

/* A cell holding a list (one item a line in a table) */
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

static const struct colinfo infos[] = {
	[COL_NAME]        = { "NAME", "name", 0.1, SCOLS_FL_NOEXTREMES, 0, 0, "kernel name of the disk" },
	[COL_ALIAS]       = { "ALIAS", "alias", 0.1, 0, 0, SCAN_ALIAS, "alias from /sys/block/<disk>/alias" },
	[COL_PATH]        = { "PATH", "path", 0.1, 0, COLF_CUT, 0, "path of the device node" },
	[COL_SIZE]        = { "SIZE", "size", 5, SCOLS_FL_RIGHT, 0, SCAN_INFO, "size of the disk" },
	[COL_MODEL]       = { "MODEL", "model", 0.1, SCOLS_FL_TRUNC, COLF_CUT, SCAN_INFO, "device identifier" },
	[COL_SERIAL]      = { "SERIAL", "serial", 0.1, 0, 0, SCAN_INFO, "disk serial number" },
	[COL_WWN]         = { "WWN", "wwn", 0.1, 0, 0, SCAN_INFO, "unique storage identifier" },
	[COL_MAJMIN]      = { "MAJ:MIN", "maj:min", 6, 0, 0, SCAN_DEVNO, "major:minor device number" },
	[COL_RM]          = { "RM", "rm", 1, SCOLS_FL_RIGHT, 0, SCAN_FLAGS, "removable device" },
	[COL_RO]          = { "RO", "ro", 1, SCOLS_FL_RIGHT, 0, SCAN_FLAGS, "read-only device" },
	[COL_LINKS]       = { "LINKS", "links", 0.3, SCOLS_FL_WRAP, COLF_LIST | COLF_CUT, SCAN_LINKS, "persistent names in /dev/disk/by-*/ (PART:by-x/NAME for partitions)" },
	[COL_MOUNTPOINTS] = { "MOUNTPOINTS", "mountpoints", 0.1, 0, COLF_LIST | COLF_CUT, SCAN_MOUNTS, "where the disk and its partitions are mounted" },
	[COL_PARTITIONS]  = { "PARTITIONS", "partitions", 0.1, 0, COLF_LIST | COLF_CUT, SCAN_PARTS | SCAN_LINKS | SCAN_MOUNTS, "partitions (with their links and mount points in JSON)" },
	[COL_CONF_ALIAS]  = { "CONF-ALIAS", "conf-alias", 0.1, 0, 0, SCAN_ALIAS | SCAN_LINKS, "alias /etc/diskalias.conf gives the disk" },
	[COL_CONF_STATE]  = { "CONF-STATE", "conf-state", 0.1, 0, 0, SCAN_ALIAS | SCAN_LINKS, "kernel alias vs config: ok, mismatch, unset, no-attr, conflict" },
};

#define NCOLINFOS (sizeof(infos) / sizeof(infos[0]))
#define MAX_COLUMNS 64

static const int default_columns[] = {
	COL_NAME, COL_ALIAS, COL_SIZE, COL_MODEL, COL_SERIAL, COL_WWN,
	COL_LINKS, COL_MOUNTPOINTS,
};

/* JSON also carries the path and the partitions by default (design.md). */
static const int default_json_columns[] = {
	COL_NAME, COL_PATH, COL_ALIAS, COL_SIZE, COL_MODEL, COL_SERIAL,
	COL_WWN, COL_LINKS, COL_MOUNTPOINTS, COL_PARTITIONS,
};

enum output_mode { OUT_TABLE, OUT_RAW, OUT_PAIRS, OUT_JSON };

struct list_ctl {
	int columns[MAX_COLUMNS];
	size_t ncolumns;
	enum output_mode mode;
	bool bytes;
	bool noheadings;
	bool all;
	bool want_conf;		/* a CONF-* column is shown */
	struct conf conf;	/* /etc/diskalias.conf, when wanted */
	const struct disk_table *dt;	/* the disks, for conf_decide() */
};

/* The configured alias of d, or NULL; *state says how the kernel's compares. */
static const char *conf_alias(const struct list_ctl *ctl, const struct disk *d,
			      const char **state)
{
	const struct conf_entry *e;
	struct conf_decision dc;

	*state = NULL;
	conf_decide(&ctl->conf, ctl->dt, d, &dc);
	e = dc.entry;
	if (!e)
		return NULL;
	if (dc.verdict == CONF_CONFLICT)
		*state = "conflict";	/* apply sets it on no disk */
	else if (!d->has_alias_attr)
		*state = "no-attr";	/* only udev's by-alias link */
	else if (!d->alias)
		*state = "unset";
	else if (strcmp(d->alias, e->alias) != 0)
		*state = "mismatch";
	else
		*state = "ok";
	return dc.conflict == CONFLICT_ENTRIES ? NULL : e->alias;
}

/* A conflict shows as "conflict"; this line names the disks. */
static void warn_conflicts(const struct list_ctl *ctl, const struct disk_table *dt)
{
	struct conf_decision dc;
	char why[512];

	for (size_t i = 0; i < dt->ndisks; i++) {
		const struct disk *d = &dt->disks[i];

		conf_decide(&ctl->conf, dt, d, &dc);
		if (dc.verdict == CONF_CONFLICT)
			warnx("%s: %s:%u: alias \"%s\": conflict: %s", d->name,
			      CONF_PATH, dc.entry->line, dc.entry->alias,
			      conf_conflict_reason(&ctl->conf, &dc, d, why, sizeof(why)));
	}
}

void list_usage_columns(void)
{
	for (size_t i = 0; i < NCOLINFOS; i++)
		printf(" %12s  %s\n", infos[i].name, infos[i].help);
}

static void list_columns(void)
{
	for (size_t i = 0; i < NCOLINFOS; i++)
		printf("%-12s %s\n", infos[i].name, infos[i].help);
}

static int column_by_name(const char *name, size_t len)
{
	for (size_t i = 0; i < NCOLINFOS; i++)
		if (strlen(infos[i].name) == len &&
		    strncasecmp(infos[i].name, name, len) == 0)
			return (int)i;
	return -1;
}

static void add_column(struct list_ctl *ctl, int id)
{
	/* a column once: JSON keys must be unique */
	for (size_t i = 0; i < ctl->ncolumns; i++)
		if (ctl->columns[i] == id)
			return;
	if (ctl->ncolumns >= MAX_COLUMNS)
		usage_error("too many columns");
	ctl->columns[ctl->ncolumns++] = id;
}

/* CONF-ALIAS and CONF-STATE right after ALIAS (or at the end). */
static void add_conf_columns(struct list_ctl *ctl)
{
	size_t at = ctl->ncolumns;

	for (size_t i = 0; i < ctl->ncolumns; i++)
		if (ctl->columns[i] == COL_ALIAS)
			at = i + 1;
	if (ctl->ncolumns + 2 > MAX_COLUMNS)
		return;
	memmove(&ctl->columns[at + 2], &ctl->columns[at],
		(ctl->ncolumns - at) * sizeof(int));
	ctl->columns[at] = COL_CONF_ALIAS;
	ctl->columns[at + 1] = COL_CONF_STATE;
	ctl->ncolumns += 2;
}

static void parse_columns(struct list_ctl *ctl, const char *list)
{
	const char *p = list;

	if (*p == '+')
		p++;
	else
		ctl->ncolumns = 0;
	while (*p) {
		size_t len = strcspn(p, ",");
		int id = column_by_name(p, len);

		if (id < 0)
			usage_error("%.*s: unknown column", (int)len, p);
		add_column(ctl, id);
		p += len;
		if (*p == ',')
			p++;
	}
	if (ctl->ncolumns == 0)
		usage_error("--output: no columns given");
}

/* lsblk-like human size: 512B, 8K, 1.5G, 931.5G */
static char *size_to_human(uint64_t bytes, char *buf, size_t bufsz)
{
	static const char units[] = "BKMGTPE";
	unsigned int e = 0;
	uint64_t whole, tenths;

	while (e < sizeof(units) - 2 && (bytes >> (10 * (e + 1))) > 0)
		e++;
	if (e == 0) {
		snprintf(buf, bufsz, "%" PRIu64 "B", bytes);
		return buf;
	}
	whole = bytes >> (10 * e);
	/* one decimal, rounded; the remainder fits easily in 64 bits */
	tenths = ((bytes & ((UINT64_C(1) << (10 * e)) - 1)) * 10 +
		  (UINT64_C(1) << (10 * e - 1))) >> (10 * e);
	if (tenths == 10) {
		whole++;
		tenths = 0;
	}
	if (tenths)
		snprintf(buf, bufsz, "%" PRIu64 ".%" PRIu64 "%c", whole, tenths, units[e]);
	else
		snprintf(buf, bufsz, "%" PRIu64 "%c", whole, units[e]);
	return buf;
}

/* ---- table, raw, pairs ---- */

/* A list of items, one a line. */
struct strbuf {
	char *s;
	size_t len, cap;
};

/*
 * Between the items of a list cell: not '\n', which an item (a mount
 * point "a\nb") may hold and the table must show as \x0a, not as a
 * second item on a line of its own.
 */
#define LIST_SEP '\x1f'

/* Append the item made of parts (NULL-terminated) on a line of its own. */
static void sb_item(struct strbuf *sb, const char *part, ...)
{
	bool first = true;
	va_list ap;

	va_start(ap, part);
	for (; part; part = va_arg(ap, const char *), first = false) {
		size_t n = strlen(part), sep = first && sb->len ? 1 : 0;

		if (sb->len + sep + n + 1 > sb->cap) {
			sb->cap = (sb->len + sep + n + 1) * 2;
			sb->s = realloc(sb->s, sb->cap);
			if (!sb->s)
				err(DA_EXIT_FAILURE, "cannot allocate memory");
		}
		if (sep)
			sb->s[sb->len++] = LIST_SEP;
		memcpy(sb->s + sb->len, part, n);
		sb->len += n;
		sb->s[sb->len] = '\0';
	}
	va_end(ap);
}

/*
 * The text of one cell, or NULL for an empty cell.  Text made for the
 * cell is malloc'd and left in *owned too, for the caller to free; other
 * text belongs to d or ctl.  A list has one item a line.
 */
static const char *cell_text(const struct list_ctl *ctl, const struct disk *d,
			     int id, char **owned)
{
	struct strbuf sb = { 0 };
	char buf[64];
	size_t i;

	*owned = NULL;
	switch (id) {
	case COL_NAME:
		return d->name;
	case COL_ALIAS:
		return d->alias;
	case COL_PATH:
		sb_item(&sb, "/dev/", d->name, NULL);
		return *owned = sb.s;
	case COL_SIZE:
		if (!d->has_size)
			return NULL;
		if (ctl->bytes)
			snprintf(buf, sizeof(buf), "%" PRIu64, d->size);
		else
			size_to_human(d->size, buf, sizeof(buf));
		sb_item(&sb, buf, NULL);
		return *owned = sb.s;
	case COL_MODEL:
		return d->model;
	case COL_SERIAL:
		return d->serial;
	case COL_WWN:
		return d->wwn;
	case COL_MAJMIN:
		if (!d->has_devno)
			return NULL;
		snprintf(buf, sizeof(buf), "%u:%u", major(d->devno), minor(d->devno));
		sb_item(&sb, buf, NULL);
		return *owned = sb.s;
	case COL_RM:
		return d->removable < 0 ? NULL : d->removable ? "1" : "0";
	case COL_RO:
		return d->ro < 0 ? NULL : d->ro ? "1" : "0";
	case COL_LINKS:
		for (i = 0; i < d->nlinks; i++) {
			const struct disk_link *l = &d->links[i];

			if (l->part < 0)
				sb_item(&sb, l->dir, "/", l->name, NULL);
			else
				sb_item(&sb, d->parts[l->part].name, ":",
					l->dir, "/", l->name, NULL);
		}
		return *owned = sb.s;
	case COL_MOUNTPOINTS:
		for (i = 0; i < d->nmounts; i++)
			sb_item(&sb, d->mounts[i].target, NULL);
		return *owned = sb.s;
	case COL_PARTITIONS:
		for (i = 0; i < d->nparts; i++)
			sb_item(&sb, d->parts[i].name, NULL);
		return *owned = sb.s;
	case COL_CONF_ALIAS:
	case COL_CONF_STATE: {
		const char *state, *alias = conf_alias(ctl, d, &state);

		return id == COL_CONF_ALIAS ? alias : state;
	}
	}
	return NULL;
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
		job->text[i * n + j] = cell_text(job->ctl, &job->dt->disks[i],
						 job->ctl->columns[j],
						 &job->owned[i * n + j]);
}

static int print_table(const struct list_ctl *ctl, const struct disk_table *dt)
{
	static const enum table_format formats[] = {
		[OUT_TABLE] = TABLE_HUMAN, [OUT_RAW] = TABLE_RAW,
		[OUT_PAIRS] = TABLE_PAIRS,
	};
	struct cells_job job = { ctl, dt, NULL, NULL };
	struct table_column cols[MAX_COLUMNS];
	size_t i, j, n = ctl->ncolumns, ncells = dt->ndisks * n;
	struct table tb;
	int rc;

	for (j = 0; j < n; j++) {
		const struct colinfo *ci = &infos[ctl->columns[j]];

		cols[j] = (struct table_column){ ci->name, ci->whint, ci->scols_flags,
						 !(ci->flags & COLF_CUT) };
	}
	table_init(&tb, cols, n, formats[ctl->mode], ctl->noheadings);
	job.text = calloc(ncells + 1, sizeof(*job.text));
	job.owned = calloc(ncells + 1, sizeof(*job.owned));
	if (!job.text || !job.owned)
		err(DA_EXIT_FAILURE, "cannot allocate memory");
	parallel_run(dt->ndisks, parallel_workers(dt->ndisks), make_cells, &job);

	for (i = 0; i < dt->ndisks; i++) {
		const char **next = &job.text[i * n];
		bool more = true;

		/*
		 * In a table a list shows one item a line, as lsblk shows
		 * MOUNTPOINTS, on continuation lines.  Raw and pairs output
		 * keep the list in one cell ("\n" is escaped).
		 */
		while (more) {
			const char **ln = table_new_line(&tb);

			if (!ln)
				err(DA_EXIT_FAILURE, "cannot allocate output line");
			more = false;
			for (j = 0; j < n; j++) {
				const char *text = next[j];
				char *nl;

				if (!text)
					continue;
				next[j] = NULL;
				/* a list's text is the cell's own (job.owned) */
				if (!(infos[ctl->columns[j]].flags & COLF_LIST)) {
					ln[j] = text;
					continue;
				}
				if (ctl->mode != OUT_TABLE) {
					/* one cell: the items apart as "\x0a" */
					for (nl = (char *)text; (nl = strchr(nl, LIST_SEP)); )
						*nl = '\n';
				} else if ((nl = strchr(text, LIST_SEP))) {
					*nl = '\0';
					next[j] = nl + 1;
					more = true;
				}
				ln[j] = text;
			}
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
	return 0;
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
		if (all || d->mounts[i].part == part)
			json_string(js, NULL, d->mounts[i].target);
	json_array_end(js);
}

static void json_partitions(struct json_writer *js, const struct disk *d)
{
	char path[DISK_NAME_MAX + 8];

	json_array_begin(js, "partitions", false);
	for (size_t j = 0; j < d->nparts; j++) {
		json_object_begin(js, NULL);
		json_string(js, "name", d->parts[j].name);
		snprintf(path, sizeof(path), "/dev/%s", d->parts[j].name);
		json_string(js, "path", path);
		json_links(js, d, (int)j);
		json_mounts(js, d, false, (int)j);
		json_object_end(js);
	}
	json_array_end(js);
}

static void json_cell(struct json_writer *js, const struct list_ctl *ctl,
		      const struct disk *d, int id)
{
	const char *key = infos[id].key;
	const char *text;
	char *owned;

	switch (id) {
	case COL_SIZE:
		if (ctl->bytes && d->has_size) {
			json_u64(js, key, d->size);
			return;
		}
		break;
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
		json_partitions(js, d);
		return;
	}
	text = cell_text(ctl, d, id, &owned);
	json_string(js, key, text);
	free(owned);
}

static int print_json(const struct list_ctl *ctl, const struct disk_table *dt)
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
	return 0;
}

static void set_mode(struct list_ctl *ctl, enum output_mode mode)
{
	if (ctl->mode != OUT_TABLE && ctl->mode != mode)
		usage_error("options --json, --pairs and --raw are mutually exclusive");
	ctl->mode = mode;
}

int verb_list(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "all",          no_argument,       NULL, 'a' },
		{ "bytes",        no_argument,       NULL, 'b' },
		{ "json",         no_argument,       NULL, 'J' },
		{ "noheadings",   no_argument,       NULL, 'n' },
		{ "output",       required_argument, NULL, 'o' },
		{ "pairs",        no_argument,       NULL, 'P' },
		{ "raw",          no_argument,       NULL, 'r' },
		{ "list-columns", no_argument,       NULL, OPT_LIST_COLUMNS },
		COMMON_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	struct list_ctl ctl = { .mode = OUT_TABLE };
	const char *outarg = NULL;
	struct disk_table dt;
	unsigned int scan = 0, conf_warnings = 0;
	size_t i;
	int c, r;

	while ((c = getopt_long(argc, argv, "abJno:Pr" COMMON_SHORTOPTS,
				longopts, NULL)) != -1) {
		switch (c) {
		case 'a':
			ctl.all = true;
			break;
		case 'b':
			ctl.bytes = true;
			break;
		case 'J':
			set_mode(&ctl, OUT_JSON);
			break;
		case 'n':
			ctl.noheadings = true;
			break;
		case 'o':
			outarg = optarg;
			break;
		case 'P':
			set_mode(&ctl, OUT_PAIRS);
			break;
		case 'r':
			set_mode(&ctl, OUT_RAW);
			break;
		case OPT_LIST_COLUMNS:
			list_columns();
			return DA_EXIT_OK;
		default:
			common_option(c, optarg);
		}
	}
	if (optind < argc)
		usage_error("list: unexpected argument '%s'", argv[optind]);

	if (ctl.mode == OUT_JSON)
		for (i = 0; i < sizeof(default_json_columns) / sizeof(int); i++)
			add_column(&ctl, default_json_columns[i]);
	else
		for (i = 0; i < sizeof(default_columns) / sizeof(int); i++)
			add_column(&ctl, default_columns[i]);
	setup_sysroot();
	/* with a config, the configured alias shows beside the kernel's */
	if (faccessat(sysroot_fd(), &CONF_PATH[1], F_OK, AT_SYMLINK_NOFOLLOW) == 0)
		add_conf_columns(&ctl);
	if (outarg)
		parse_columns(&ctl, outarg);
	for (i = 0; i < ctl.ncolumns; i++)
		if (ctl.columns[i] == COL_CONF_ALIAS || ctl.columns[i] == COL_CONF_STATE)
			ctl.want_conf = true;
	if (ctl.want_conf &&
	    conf_load_or_warn(CONF_PATH, true, true, &ctl.conf, NULL, NULL) < 0)
		conf_warnings = 1;	/* shown as unconfigured */

	for (i = 0; i < ctl.ncolumns; i++)
		scan |= infos[ctl.columns[i]].scan;
	if (!ctl.all)
		scan |= SCAN_HIDE_EMPTY;

	r = disks_scan(&dt, scan);
	if (r < 0) {
		errno = -r;
		err(DA_EXIT_FAILURE, "/sys/block");
	}
	ctl.dt = &dt;
	if (ctl.want_conf)
		warn_conflicts(&ctl, &dt);
	if (ctl.mode == OUT_JSON)
		print_json(&ctl, &dt);
	else
		print_table(&ctl, &dt);

	r = dt.nwarnings || conf_warnings ? DA_EXIT_PARTIAL : DA_EXIT_OK;
	disks_free(&dt);
	conf_free(&ctl.conf);
	if (fflush(stdout) != 0 || ferror(stdout))
		err(DA_EXIT_FAILURE, "write error");
	return r;
}
