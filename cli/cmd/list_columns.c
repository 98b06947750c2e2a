// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The columns of "diskalias list": one table drives -o, --list-columns,
 * the help text and both renderers, and says what each cell holds.
 */
#include <inttypes.h>
#include <limits.h>
#include <libsmartcols.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/sysmacros.h>

#include "diskalias.h"
#include "disk/links.h"
#include "lib/xalloc.h"
#include "list.h"

const struct colinfo list_colinfos[] = {
	[COL_NAME]        = { "NAME", "name", 0.1, SCOLS_FL_NOEXTREMES, 0, SCAN_DM, "device name: the kernel's, or a device-mapper disk's (vg-lv)" },
	[COL_KNAME]       = { "KNAME", "kname", 0.1, SCOLS_FL_NOEXTREMES, 0, 0, "kernel name of the disk (dm-0)" },
	[COL_ALIAS]       = { "ALIAS", "alias", 0.1, 0, 0, SCAN_ALIAS, "alias from /sys/block/<disk>/alias" },
	[COL_PATH]        = { "PATH", "path", 0.1, 0, COLF_CUT, SCAN_DM, "path of the device node" },
	[COL_SIZE]        = { "SIZE", "size", 5, SCOLS_FL_RIGHT, 0, SCAN_INFO, "size of the disk" },
	[COL_MODEL]       = { "MODEL", "model", 0.1, SCOLS_FL_TRUNC, COLF_CUT, SCAN_INFO, "device identifier" },
	[COL_SERIAL]      = { "SERIAL", "serial", 0.1, 0, 0, SCAN_INFO, "disk serial number" },
	[COL_WWN]         = { "WWN", "wwn", 0.1, 0, 0, SCAN_INFO, "unique storage identifier" },
	[COL_PERSISTENT]  = { "PERSISTENT", "persistent", 0.1, 0, COLF_CUT, SCAN_KEY_LINKS, "the link set --persist keys the disk by (by-id, else by-path)" },
	[COL_MAJMIN]      = { "MAJ:MIN", "maj:min", 6, 0, 0, SCAN_DEVNO, "major:minor device number" },
	[COL_RM]          = { "RM", "rm", 1, SCOLS_FL_RIGHT, 0, SCAN_FLAGS, "removable device" },
	[COL_RO]          = { "RO", "ro", 1, SCOLS_FL_RIGHT, 0, SCAN_FLAGS, "read-only device" },
	[COL_LINKS]       = { "LINKS", "links", 0.3, SCOLS_FL_WRAP, COLF_LIST | COLF_CUT, SCAN_LINKS, "links in /dev/disk/by-*/ (PART:by-x/NAME for partitions)" },
	[COL_MOUNTPOINTS] = { "MOUNTPOINTS", "mountpoints", 0.1, 0, COLF_LIST | COLF_CUT, SCAN_MOUNTS, "where the disk and its partitions are mounted" },
	[COL_PARTITIONS]  = { "PARTITIONS", "partitions", 0.1, 0, COLF_LIST | COLF_CUT, SCAN_PARTS | SCAN_PART_SIZE | SCAN_LINKS | SCAN_MOUNTS, "partitions (with their size, links and mount points in JSON)" },
	[COL_CONF_ALIAS]  = { "CONF-ALIAS", "conf-alias", 0.1, 0, 0, SCAN_ALIAS | SCAN_LINKS, "alias /etc/diskalias.conf gives the disk" },
	[COL_CONF_STATE]  = { "CONF-STATE", "conf-state", 0.1, 0, 0, SCAN_ALIAS | SCAN_LINKS, "kernel alias vs config: ok, mismatch, unset, no-attr, conflict" },
};

const size_t list_ncolinfos = sizeof(list_colinfos) / sizeof(list_colinfos[0]);

/* one line a disk: what tells the disk apart, and where it is used */
static const int default_columns[] = {
	COL_NAME, COL_ALIAS, COL_SIZE, COL_MODEL, COL_SERIAL, COL_PERSISTENT,
	COL_MOUNTPOINTS,
};

/* JSON keeps every member it had, whatever the table shows (diskalias(8)) */
static const int default_json_columns[] = {
	COL_NAME, COL_PATH, COL_ALIAS, COL_SIZE, COL_MODEL, COL_SERIAL,
	COL_WWN, COL_LINKS, COL_MOUNTPOINTS, COL_PARTITIONS,
};

/* The configured alias of d, or NULL; *state says how the kernel's compares. */
static const char *conf_alias(const struct list_ctl *ctl, const struct disk *d,
			      const char **state)
{
	const struct conf_entry *e;
	struct conf_decision dc;

	*state = NULL;
	conf_decide(&ctl->view, d, &dc);
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

void list_usage_options(void)
{
	printf(" -a, --all             also list empty loop and ram devices\n");
	printf(" -b, --bytes           print SIZE in bytes\n");
	printf(" -J, --json            use JSON output format\n");
	printf(" -n, --noheadings      don't print headings\n");
	printf(" -o, --output <list>   output columns (\"+LIST\" adds to the default)\n");
	printf(" -P, --pairs           use key=\"value\" output format\n");
	printf(" -r, --raw             use raw output format\n");
	printf(" -y, --shell           use column names usable as shell variables\n");
	printf("     --list-columns    list the columns and exit\n");
	printf("     --metrics         node_exporter's textfile format (diskalias_info)\n");
	printf("     --metrics-file <file>\n"
	       "                       the same, written to <file> atomically\n");
}

void list_usage_columns(void)
{
	for (size_t i = 0; i < list_ncolinfos; i++)
		printf(" %12s  %s\n", list_colinfos[i].name, list_colinfos[i].help);
}

void list_print_columns(void)
{
	for (size_t i = 0; i < list_ncolinfos; i++)
		printf("%-12s %s\n", list_colinfos[i].name, list_colinfos[i].help);
}

static int column_by_name(const char *name, size_t len)
{
	for (size_t i = 0; i < list_ncolinfos; i++)
		if (strlen(list_colinfos[i].name) == len &&
		    strncasecmp(list_colinfos[i].name, name, len) == 0)
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

void list_parse_columns(struct list_ctl *ctl, const char *list)
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

void list_default_columns(struct list_ctl *ctl)
{
	size_t i;

	if (ctl->mode == OUT_JSON)
		for (i = 0; i < sizeof(default_json_columns) / sizeof(int); i++)
			add_column(ctl, default_json_columns[i]);
	else
		for (i = 0; i < sizeof(default_columns) / sizeof(int); i++)
			add_column(ctl, default_columns[i]);
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

bool list_mount_repeats(const struct disk *d, size_t i)
{
	return d->mounts[i].repeat;	/* marked once, when mounts are merged */
}

const char *list_size_text(const struct list_ctl *ctl, uint64_t bytes,
			   char *buf, size_t bufsz)
{
	if (ctl->bytes)
		snprintf(buf, bufsz, "%" PRIu64, bytes);
	else
		size_to_human(bytes, buf, bufsz);
	return buf;
}

/* ---- table, raw, pairs ---- */

/* A list of items, apart by LIST_SEP. */
struct strbuf {
	char *s;
	size_t len, cap;
};

/* Append the item made of parts (NULL-terminated) as an item of its own. */
static void sb_item(struct strbuf *sb, const char *part, ...)
{
	bool first = true;
	va_list ap;

	va_start(ap, part);
	for (; part; part = va_arg(ap, const char *), first = false) {
		size_t n = strlen(part), sep = first && sb->len ? 1 : 0;

		if (sb->len + sep + n + 1 > sb->cap) {
			sb->cap = (sb->len + sep + n + 1) * 2;
			sb->s = xreallocarray(sb->s, sb->cap, 1);
		}
		if (sep)
			sb->s[sb->len++] = LIST_SEP;
		memcpy(sb->s + sb->len, part, n);
		sb->len += n;
		sb->s[sb->len] = '\0';
	}
	va_end(ap);
}

const char *list_cell_text(const struct list_ctl *ctl, const struct disk *d,
			   int id, char **owned)
{
	struct strbuf sb = { 0 };
	char buf[64];
	size_t i;

	*owned = NULL;
	switch (id) {
	case COL_NAME:
		return d->dm_name ? d->dm_name : d->name;
	case COL_KNAME:
		return d->name;
	case COL_ALIAS:
		return d->alias;
	case COL_PATH:
		/* as udev names them, and lsblk shows them */
		if (d->dm_name)
			sb_item(&sb, "/dev/mapper/", d->dm_name, NULL);
		else
			sb_item(&sb, "/dev/", d->name, NULL);
		return *owned = sb.s;
	case COL_SIZE:
		if (!d->has_size)
			return NULL;
		sb_item(&sb, list_size_text(ctl, d->size, buf, sizeof(buf)), NULL);
		return *owned = sb.s;
	case COL_MODEL:
		return d->model;
	case COL_SERIAL:
		return d->serial;
	case COL_WWN:
		return d->wwn;
	case COL_PERSISTENT: {
		char path[PATH_MAX];

		/* the name set --persist writes, as log shows it: no directory */
		if (!link_stable_name(d, path, sizeof(path), NULL))
			return NULL;
		sb_item(&sb, strrchr(path, '/') + 1, NULL);
		return *owned = sb.s;
	}
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
			if (!list_mount_repeats(d, i))
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
