// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * list --metrics: the disks as one Prometheus series each, for
 * node_exporter's textfile collector (diskalias(8)):
 *
 *   diskalias_info{device="sdb",alias="data0",persistent="wwn-...",...} 1
 *
 * device is the kernel name, node_disk_info's device label, so that PromQL
 * joins the two on it.  Label values are escaped as the text format has
 * it (\\, \", and no raw newline) and keep the tool's own rule for bytes
 * a terminal would act on or that are not UTF-8: the text \xNN.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/utf8.h"
#include "lib/xalloc.h"
#include "list.h"

static const int metric_columns[] = {
	COL_KNAME, COL_ALIAS, COL_PERSISTENT, COL_WWN, COL_SERIAL,
	COL_CONF_ALIAS, COL_CONF_STATE,
};

void list_metrics_columns(struct list_ctl *ctl)
{
	ctl->ncolumns = 0;
	for (size_t i = 0; i < sizeof(metric_columns) / sizeof(metric_columns[0]); i++)
		ctl->columns[ctl->ncolumns++] = metric_columns[i];
	ctl->want_conf = true;
}

static void put_hex(FILE *out, unsigned int c)
{
	/* the value's text \xNN: its backslash escaped for the format */
	fprintf(out, "\\\\x%02x", c);
}

/* name="value", the value escaped; NULL is "" (the label is absent). */
static void put_label(FILE *out, const char *name, const char *value, bool first)
{
	const unsigned char *s = (const unsigned char *)(value ? value : "");
	const unsigned char *end = s + strlen((const char *)s);

	fprintf(out, "%s%s=\"", first ? "" : ",", name);
	while (s < end) {
		size_t n;

		if (*s == '\\' && s + 1 < end && s[1] == 'x') {
			put_hex(out, *s++);	/* "\x" always starts an escape */
			continue;
		}
		if (*s == '\\' || *s == '"') {
			fputc('\\', out);
			fputc(*s++, out);
			continue;
		}
		if (*s < 0x20 || *s == 0x7f) {
			put_hex(out, *s++);
			continue;
		}
		n = utf8_len(s, (size_t)(end - s));
		if (n == 0) {
			put_hex(out, *s++);	/* not UTF-8 */
			continue;
		}
		if (n == 2 && s[0] == 0xc2 && s[1] < 0xa0) {
			put_hex(out, *s++);	/* a C1 control */
			put_hex(out, *s++);
			continue;
		}
		fwrite(s, 1, n, out);
		s += n;
	}
	fputc('"', out);
}

/*
 * The alias udev's by-alias link shows: the kernel's, or on a kernel
 * without the attribute the one the config gives the disk.
 */
static const char *metric_alias(const struct list_ctl *ctl,
				const struct disk *d, char **owned)
{
	const char *state;
	char *o;

	*owned = NULL;
	if (d->has_alias_attr)
		return d->alias;
	state = list_cell_text(ctl, d, COL_CONF_STATE, &o);
	if (!state || strcmp(state, "no-attr") != 0) {
		free(o);
		return NULL;
	}
	free(o);
	return list_cell_text(ctl, d, COL_CONF_ALIAS, owned);
}

void list_print_metrics(const struct list_ctl *ctl, const struct disk_table *dt,
			FILE *out)
{
	static const struct { const char *label; int col; } labels[] = {
		{ "persistent", COL_PERSISTENT },
		{ "wwn", COL_WWN },
		{ "serial", COL_SERIAL },
	};

	fputs("# HELP diskalias_info A disk's alias and persistent names, by its kernel name (device, as in node_disk_info).\n"
	      "# TYPE diskalias_info gauge\n", out);
	for (size_t i = 0; i < dt->ndisks; i++) {
		const struct disk *d = &dt->disks[i];
		char *owned;

		fputs("diskalias_info{", out);
		put_label(out, "device", d->name, true);
		put_label(out, "alias", metric_alias(ctl, d, &owned), false);
		free(owned);
		for (size_t j = 0; j < sizeof(labels) / sizeof(labels[0]); j++) {
			put_label(out, labels[j].label,
				  list_cell_text(ctl, d, labels[j].col, &owned),
				  false);
			free(owned);
		}
		fputs("} 1\n", out);
	}
}

int list_write_metrics(const struct list_ctl *ctl, const struct disk_table *dt,
		       const char *path)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	int dirlen = slash ? (int)(slash - path) + 1 : 0;
	char tmp[PATH_MAX];
	FILE *f;
	int fd, r = 0;

	if (!*base)
		return -EISDIR;
	/* beside the file, so that rename() replaces it at once; a name
	 * node_exporter does not read (it takes *.prom) */
	if (snprintf(tmp, sizeof(tmp), "%.*s.%s.tmp-XXXXXX", dirlen, path,
		     base) >= (int)sizeof(tmp))
		return -ENAMETOOLONG;
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0)
		return -errno;
	f = fdopen(fd, "w");
	if (!f) {
		r = -errno;
		close(fd);
		unlink(tmp);
		return r;
	}
	list_print_metrics(ctl, dt, f);
	/* readable by node_exporter's user, whatever the umask */
	if (fflush(f) != 0 || ferror(f) || fchmod(fd, 0644) != 0 || fsync(fd) != 0)
		r = errno ? -errno : -EIO;
	if (fclose(f) != 0 && !r)
		r = -errno;
	if (!r && rename(tmp, path) != 0)
		r = -errno;
	if (r)
		unlink(tmp);
	return r;
}
