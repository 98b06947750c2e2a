// SPDX-License-Identifier: GPL-2.0-or-later
#include "disk_index.h"

#include <err.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "disk/links.h"
#include "lib/span.h"
#include "lib/sysroot.h"
#include "lib/xalloc.h"

enum { KEY_DISK, KEY_PART, KEY_OTHER };

/* The base name of the disk's most stable link (links.h's choice). */
static char *stable_name(const struct disk *d)
{
	char buf[PATH_MAX];

	if (!link_stable_name(d, buf, sizeof(buf), NULL))
		return NULL;
	return xstrdup(strrchr(buf, '/') + 1);
}

static const char *ent_key(const void *ctx, uint32_t id, size_t *len)
{
	const struct dx_key *e = &((const struct disk_index *)ctx)->ents[id];

	*len = e->len;
	return e->key;
}

/*
 * Add key unless the index has it (the first one wins); owned: a copy
 * made for the index, freed with it (or now, when not added).
 */
static void add(struct disk_index *dx, const char *key, size_t len,
		size_t disk, int kind, bool owned)
{
	const struct strmap_keys k = { ent_key, dx };
	uint32_t id = (uint32_t)dx->nents;

	if (strmap_put(&dx->map, &k, key, len, id) != id) {
		if (owned)
			free((char *)key);
		return;
	}
	XGROW(dx->ents, dx->nents, dx->ents_cap, 64);
	dx->ents[dx->nents++] = (struct dx_key){ key, len, disk << 2 | (size_t)kind, owned };
	if (kind != KEY_OTHER) {
		log_heads_add(&dx->heads, key, len);
		if (len > dx->max_name_len)
			dx->max_name_len = len;
	}
}

/* A name that dx->dt keeps. */
static void insert(struct disk_index *dx, const char *key, size_t len,
		   size_t disk, int kind)
{
	add(dx, key, len, disk, kind, false);
}

/* A key made on the stack: the index keeps a copy. */
static void insert_copy(struct disk_index *dx, const char *key, size_t len,
			size_t disk, int kind)
{
	const struct strmap_keys k = { ent_key, dx };

	if (strmap_get(&dx->map, &k, key, len) != STRMAP_NONE)
		return;		/* first one wins; no copy */
	add(dx, xstrndup(key, len), len, disk, kind, true);
}

/* The disk of key, or NULL; *kind its KEY_* (may be NULL). */
static const struct dx_disk *find(const struct disk_index *dx,
				  const char *key, size_t len, int *kind)
{
	const struct strmap_keys k = { ent_key, dx };
	uint32_t id = len ? strmap_get(&dx->map, &k, key, len) : STRMAP_NONE;
	size_t v;

	if (id == STRMAP_NONE)
		return NULL;
	v = dx->ents[id].val;
	if (kind)
		*kind = (int)(v & 3);
	return &dx->disks[v >> 2];
}

static bool is_scsi_address(const char *s)
{
	int colons = 0;

	for (const char *p = s; *p; p++) {
		if (*p == ':' && p > s && p[-1] != ':')
			colons++;
		else if (*p < '0' || *p > '9')
			return false;
	}
	return colons == 3 && *s && s[strlen(s) - 1] != ':';
}

/* "0:0:1:0" when /sys/block/<disk>/device is a link to a SCSI device. */
static bool scsi_address(const char *disk, char *addr, size_t size)
{
	char path[DISK_NAME_MAX + 32], target[PATH_MAX];
	const char *base;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "sys/block/%s/device", disk);
	if (link_target_name_at(sysroot_fd(), path, addr, size) != 0)
		return false;
	if (is_scsi_address(addr))
		return true;
	/* a link such as "../.." names the device only once resolved */
	fd = sysroot_openat(sysroot_fd(), path, O_PATH);
	if (fd < 0)
		return false;
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	n = readlink(path, target, sizeof(target) - 1);
	close(fd);
	if (n <= 0)
		return false;
	target[n] = '\0';
	base = strrchr(target, '/');
	base = base ? base + 1 : target;
	if (strlen(base) >= size || !is_scsi_address(base))
		return false;
	strcpy(addr, base);
	return true;
}

/*
 * A disk with no link yet whose add event udev (when it runs) has not
 * finished: its database entry is written after its links are made.
 */
static bool links_pending(const struct disk *d, bool udev_runs)
{
	char path[64];

	if (!udev_runs || !d->has_devno)
		return false;
	snprintf(path, sizeof(path), "/run/udev/data/b%u:%u", major(d->devno),
		 minor(d->devno));
	return !sysroot_exists(path);
}

int disk_index_build(struct disk_index *dx, bool warn)
{
	char key[DISK_NAME_MAX + 16];
	size_t nkeys = 0;
	bool udev_runs;
	int r;

	memset(dx, 0, sizeof(*dx));
	r = disks_scan(&dx->dt, SCAN_ALIAS | SCAN_LINKS | SCAN_DEVNO);
	if (r < 0)
		return r;
	log_aliases_load(&dx->conf, warn);

	dx->ndisks = dx->dt.ndisks;
	dx->disks = xcalloc(dx->ndisks, sizeof(*dx->disks));
	for (size_t i = 0; i < dx->ndisks; i++)
		nkeys += 3 + 2 * dx->dt.disks[i].nparts;
	strmap_reserve(&dx->map, nkeys);
	dx->ents = xreallocarray(NULL, nkeys ? nkeys : 1, sizeof(*dx->ents));
	dx->ents_cap = nkeys ? nkeys : 1;
	udev_runs = sysroot_exists("/run/udev/control");

	for (size_t i = 0; i < dx->ndisks; i++) {
		const struct disk *d = &dx->dt.disks[i];
		struct dx_disk *x = &dx->disks[i];

		x->name = d->name;
		x->name_len = strlen(d->name);
		x->alias = d->alias ? d->alias : log_aliases_find(&dx->conf, d);
		x->persistent = stable_name(d);
		x->links_pending = !x->persistent && links_pending(d, udev_runs);

		insert(dx, d->name, x->name_len, i, KEY_DISK);
		for (size_t j = 0; j < d->nparts; j++)
			insert(dx, d->parts[j].name, strlen(d->parts[j].name),
			       i, KEY_PART);
		if (d->has_devno) {
			r = snprintf(key, sizeof(key), "b%u:%u",
				     major(d->devno), minor(d->devno));
			insert_copy(dx, key, (size_t)r, i, KEY_OTHER);
		}
		for (size_t j = 0; j < d->nparts; j++) {
			if (!d->parts[j].has_devno)
				continue;
			r = snprintf(key, sizeof(key), "b%u:%u",
				     major(d->parts[j].devno),
				     minor(d->parts[j].devno));
			insert_copy(dx, key, (size_t)r, i, KEY_OTHER);
		}
		if (scsi_address(d->name, key, sizeof(key)))
			insert_copy(dx, key, strlen(key), i, KEY_OTHER);
	}
	return 0;
}

void disk_index_free(struct disk_index *dx)
{
	for (size_t i = 0; i < dx->ndisks; i++)
		free(dx->disks[i].persistent);
	free(dx->disks);
	strmap_free(&dx->map);
	for (size_t i = 0; i < dx->nents; i++)
		if (dx->ents[i].owned)
			free((char *)dx->ents[i].key);
	free(dx->ents);
	free(dx->ports);
	disks_free(&dx->dt);
	log_aliases_free(&dx->conf);
	memset(dx, 0, sizeof(*dx));
}

const struct dx_disk *disk_index_lookup(const struct disk_index *dx,
					const char *key, size_t len)
{
	const struct dx_disk *d = find(dx, key, len, NULL);
	size_t n = len;
	int kind;

	if (d)
		return d;

	/* a partition gone since: "sdb3" -> "sdb", "nvme0n1p3" -> "nvme0n1" */
	while (n > 0 && key[n - 1] >= '0' && key[n - 1] <= '9')
		n--;
	if (n == len || n < 2)
		return NULL;
	if (key[n - 1] == 'p' && key[n - 2] >= '0' && key[n - 2] <= '9')
		n--;
	else if (key[n - 1] >= '0' && key[n - 1] <= '9')
		return NULL;
	d = find(dx, key, n, &kind);
	return d && kind == KEY_DISK ? d : NULL;
}

const struct dx_disk *disk_index_device(const struct disk_index *dx,
					const char *dev, size_t len)
{
	if (len > 6 && memcmp(dev, "+scsi:", 6) == 0)
		return disk_index_lookup(dx, dev + 6, len - 6);
	if (len > 7 && memcmp(dev, "+block:", 7) == 0)
		return disk_index_lookup(dx, dev + 7, len - 7);
	if (len > 1 && dev[0] == 'b' && dev[1] >= '0' && dev[1] <= '9')
		return find(dx, dev, len, NULL);
	return NULL;	/* a char device, a netdev, another bus */
}

const struct dx_disk *disk_index_find_alias(const struct disk_index *dx,
					    const char *alias)
{
	for (size_t i = 0; i < dx->ndisks; i++)
		if (dx->disks[i].alias && strcmp(dx->disks[i].alias, alias) == 0)
			return &dx->disks[i];
	return NULL;
}

static size_t digits(const char *s, size_t len, size_t i)
{
	size_t start = i;

	while (i < len && s[i] >= '0' && s[i] <= '9')
		i++;
	return i - start;
}

/* N, or N followed by pN (a partition); the whole of s[i..len). */
static bool number_part(const char *s, size_t len, size_t i)
{
	size_t n = digits(s, len, i);

	if (!n)
		return false;
	i += n;
	if (i < len && s[i] == 'p') {
		n = digits(s, len, i + 1);
		return n && i + 1 + n == len;
	}
	return i == len;
}

/* s[0..len) starts with the string p (of length plen) and goes on. */
static bool starts(const char *s, size_t len, const char *p, size_t plen)
{
	return len > plen && span_starts(s, len, p, plen);
}

/* sdX, sdXN: one to four letters, then an optional partition number. */
static bool lettered(const char *w, size_t len, size_t p)
{
	size_t start = p;

	while (p < len && w[p] >= 'a' && w[p] <= 'z')
		p++;
	if (p == start || p - start > 4)
		return false;
	return p == len || digits(w, len, p) == len - p;
}

/* The naming schemes below, by the first bytes all their names share. */
static const char *const scheme_heads[] = {
	"sd", "sr", "vd", "hd", "xvd", "nbd", "nvme", "mmcblk", "md", "dm-",
	"loop", "pmem", "rbd", "ram", "zram", "msblk", "mspblk",
};

void disk_index_scheme_heads(struct log_heads *h)
{
	for (size_t i = 0; i < sizeof(scheme_heads) / sizeof(scheme_heads[0]); i++)
		log_heads_add(h, scheme_heads[i], strlen(scheme_heads[i]));
}

bool disk_index_plausible_name(const char *w, size_t len)
{
	size_t p;

	/* called for every unknown word: decide on the first byte */
	switch (len > 2 ? w[0] : 0) {
	case 's':
		if (w[1] == 'd')
			return lettered(w, len, 2);
		return starts(w, len, "sr", 2) && number_part(w, len, 2);
	case 'v':
	case 'h':
		return w[1] == 'd' && lettered(w, len, 2);
	case 'x':
		return starts(w, len, "xvd", 3) && lettered(w, len, 3);
	case 'n':
		if (starts(w, len, "nbd", 3))
			return number_part(w, len, 3);
		if (!starts(w, len, "nvme", 4))
			return false;
		p = 4 + digits(w, len, 4);
		return p > 4 && p < len && w[p] == 'n' && number_part(w, len, p + 1);
	case 'm':
		if (starts(w, len, "mmcblk", 6))
			return number_part(w, len, 6);
		/* Memory Stick cards: ms_block's msblk0, mspro_block's mspblk0 */
		if (starts(w, len, "msblk", 5))
			return number_part(w, len, 5);
		if (starts(w, len, "mspblk", 6))
			return number_part(w, len, 6);
		return starts(w, len, "md", 2) && number_part(w, len, 2);
	case 'd':
		return starts(w, len, "dm-", 3) && number_part(w, len, 3);
	case 'l':
		return starts(w, len, "loop", 4) && number_part(w, len, 4);
	case 'p':
		return starts(w, len, "pmem", 4) && number_part(w, len, 4);
	case 'r':
		if (starts(w, len, "rbd", 3))
			return number_part(w, len, 3);
		return starts(w, len, "ram", 3) && number_part(w, len, 3);
	case 'z':
		return starts(w, len, "zram", 4) && number_part(w, len, 4);
	default:
		return false;
	}
}
