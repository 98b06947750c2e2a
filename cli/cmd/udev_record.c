// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The name record of a udev event: see udev_record.h.
 */
#include "udev_record.h"

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include <systemd/sd-journal.h>

#include "disk/alias_attr.h"
#include "disk/links.h"
#include "disk/udev_db.h"
#include "lib/sysroot.h"
#include "lib/xalloc.h"

extern char **environ;

static const char *env(const char *key)
{
	const char *v = getenv(key);

	return v && *v ? v : NULL;
}

bool udev_record_event(enum name_event *ev)
{
	const char *action = getenv("ACTION");

	if (!action)
		return false;
	if (strcmp(action, "add") == 0)
		*ev = NAME_EVENT_ADD;
	else if (strcmp(action, "remove") == 0)
		*ev = NAME_EVENT_REMOVE;
	else if (strcmp(action, "change") != 0)
		return false;
	else if (!env("DISK_ALIAS_CHANGE") || strcmp(env("DISK_ALIAS_CHANGE"), "1") != 0)
		*ev = NAME_EVENT_CHANGE;
	else
		*ev = env("ALIAS") ? NAME_EVENT_ALIAS_SET : NAME_EVENT_ALIAS_RELEASED;
	return true;
}

/* The fields of one record, "KEY=value" each (malloc'd). */
struct fields {
	char **f;
	size_t n, cap;
};

static void __attribute__((format(printf, 2, 3)))
add(struct fields *fs, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		xalloc_failed();
	va_end(ap);
	XGROW(fs->f, fs->n, fs->cap, 16);
	fs->f[fs->n++] = s;
}

static int by_dir_name(const void *a, const void *b)
{
	const struct disk_link *x = a, *y = b;
	int c = strcmp(x->dir, y->dir);

	return c ? c : strcmp(x->name, y->name);
}

/*
 * The hardware links of DEVLINKS ("/dev/disk/by-id/x /dev/disk/by-path/y")
 * as d's links, sorted as a scan sorts them, so that link_stable_name()
 * chooses the key set --persist would.
 */
static void hardware_links(struct disk *d, const char *devlinks)
{
	size_t cap = 0;

	for (const char *p = devlinks; p && *p;) {
		const char *end, *slash;
		size_t len;

		while (*p == ' ')
			p++;
		end = strchr(p, ' ');
		len = end ? (size_t)(end - p) : strlen(p);
		if (len > 10 && strncmp(p, "/dev/disk/", 10) == 0 &&
		    (slash = memchr(p + 10, '/', len - 10)) && slash + 1 < p + len &&
		    link_key_dir(p + 10, (size_t)(slash - p - 10))) {
			struct disk_link *l;

			XGROW(d->links, d->nlinks, cap, 4);
			l = &d->links[d->nlinks++];
			l->dir = xstrndup(p + 10, (size_t)(slash - p - 10));
			l->name = xstrndup(slash + 1, (size_t)(p + len - slash - 1));
			l->part = -1;
		}
		p += len;
	}
	if (d->nlinks)
		qsort(d->links, d->nlinks, sizeof(*d->links), by_dir_name);
}

static const char *const event_says[NAME_EVENT_COUNT] = {
	[NAME_EVENT_REMOVE] = " removed",
	[NAME_EVENT_ALIAS_SET] = " alias set",
	[NAME_EVENT_ALIAS_RELEASED] = " alias released",
};

/* The fields of the record, MESSAGE first. */
static void make_fields(struct fields *fs, enum name_event ev, const char *name,
			const char *config_alias)
{
	struct disk self = { .name = (char *)name };
	struct udev_facts uf;
	char key[4096], *kernel_alias = NULL;
	const char *alias = NULL, *from = NULL, *major, *minor, *seq;
	bool has_key;

	hardware_links(&self, env("DEVLINKS"));
	has_key = link_stable_name(&self, key, sizeof(key), NULL);
	udev_facts_from_env(environ, &uf);
	switch (ev) {
	case NAME_EVENT_ADD:
	case NAME_EVENT_CHANGE:
		/* what the kernel holds after apply, or the config's link */
		switch (alias_attr_read(name, &kernel_alias)) {
		case 1:
			alias = kernel_alias;
			from = "kernel";
			break;
		case -ENOENT:
			if ((alias = config_alias))
				from = "config";
			break;
		}
		break;
	case NAME_EVENT_ALIAS_SET:
		alias = env("ALIAS");
		from = "kernel";
		break;
	case NAME_EVENT_REMOVE:
		/* the uevent's, else what udev's database kept from apply */
		alias = env("ALIAS") ? env("ALIAS") : env("DISKALIAS_ALIAS");
		break;
	default:
		break;
	}

	add(fs, "MESSAGE=%s%s: %s%s%s%s", name, event_says[ev] ? event_says[ev] : "",
	    has_key ? strrchr(key, '/') + 1 : "no persistent name",
	    alias ? " (alias " : "", alias ? alias : "", alias ? ")" : "");
	add(fs, "PRIORITY=6");
	add(fs, "SYSLOG_IDENTIFIER=" NAME_RECORD_IDENTIFIER);
	add(fs, NAME_RECORD_EVENT "=%s", name_event_words[ev]);
	add(fs, NAME_RECORD_DISK "=%s", name);
	major = env("MAJOR");
	minor = env("MINOR");
	if (major && minor)
		add(fs, NAME_RECORD_MAJ_MIN "=%s:%s", major, minor);
	if ((seq = env("DISKSEQ")))
		add(fs, NAME_RECORD_DISKSEQ "=%s", seq);
	if (has_key)
		add(fs, NAME_RECORD_KEY "=%s", key);
	if (uf.wwn)
		add(fs, NAME_RECORD_WWN "=%s", uf.wwn);
	if (uf.serial)
		add(fs, NAME_RECORD_SERIAL "=%s", uf.serial);
	for (size_t i = 0; i < self.nlinks; i++)
		add(fs, NAME_RECORD_LINK "=/dev/disk/%s/%s", self.links[i].dir,
		    self.links[i].name);
	if (alias)
		add(fs, NAME_RECORD_ALIAS "=%s", alias);
	if (from)
		add(fs, NAME_RECORD_ALIAS_FROM "=%s", from);

	for (size_t i = 0; i < self.nlinks; i++) {
		free(self.links[i].dir);
		free(self.links[i].name);
	}
	free(self.links);
	free(kernel_alias);
	udev_facts_free(&uf);
}

/* The record as "journalctl -o export" writes an entry's fields. */
static char *export_text(const struct fields *fs, size_t *len)
{
	size_t cap = 1, n = 0;
	char *out;

	for (size_t i = 0; i < fs->n; i++)
		cap += strlen(fs->f[i]) + 10;
	out = xmalloc(cap);
	for (size_t i = 0; i < fs->n; i++) {
		const char *f = fs->f[i], *eq = strchr(f, '=');
		size_t klen = (size_t)(eq - f);
		uint64_t vlen = strlen(eq + 1);

		if (!strchr(eq + 1, '\n')) {
			n += (size_t)sprintf(out + n, "%s\n", f);
			continue;
		}
		/* binary: KEY, newline, 64-bit little-endian length, value */
		memcpy(out + n, f, klen);
		n += klen;
		out[n++] = '\n';
		for (int b = 0; b < 8; b++)
			out[n++] = (char)(vlen >> (8 * b));
		memcpy(out + n, eq + 1, vlen);
		n += vlen;
		out[n++] = '\n';
	}
	out[n++] = '\n';
	*len = n;
	return out;
}

static void write_export(const struct fields *fs, const char *name,
			 const char *path)
{
	size_t len;
	char *text = export_text(fs, &len);
	int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	ssize_t w = -1;

	/* one write: records of concurrent events do not interleave */
	if (fd >= 0)
		w = write(fd, text, len);
	if (fd < 0 || w != (ssize_t)len)
		warn("%s: cannot write the name record to %s", name, path);
	if (fd >= 0 && close(fd) != 0 && w == (ssize_t)len)
		warn("%s: cannot write the name record to %s", name, path);
	free(text);
}

static void send_journal(const struct fields *fs, const char *name)
{
	struct iovec *iov = xcalloc(fs->n, sizeof(*iov));
	int r;

	for (size_t i = 0; i < fs->n; i++) {
		iov[i].iov_base = fs->f[i];
		iov[i].iov_len = strlen(fs->f[i]);
	}
	r = sd_journal_sendv(iov, (int)fs->n);
	/* no journald (no socket, or none listening) records nothing */
	if (r < 0 && r != -ENOENT && r != -ECONNREFUSED)
		warnx("%s: cannot write the name record to the journal: %s",
		      name, strerror(-r));
	free(iov);
}

void udev_record_write(enum name_event ev, const char *name,
		       const char *config_alias, const char *export_path)
{
	const char *root = sysroot_prefix();
	struct fields fs = { 0 };

	if (!export_path && *root && strcmp(root, "/") != 0)
		return;
	make_fields(&fs, ev, name, config_alias);
	fflush(stdout);
	if (export_path)
		write_export(&fs, name, export_path);
	else
		send_journal(&fs, name);
	for (size_t i = 0; i < fs.n; i++)
		free(fs.f[i]);
	free(fs.f);
}
