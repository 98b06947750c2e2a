// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Lookups in the disks a scan found: by kernel name (in the kernel's
 * order), by alias, and by the name of a disk or partition.
 */
#include "disk_table.h"

#include <stdlib.h>
#include <string.h>

#include "lib/xalloc.h"

/* What a name of dt->byname stands for. */
struct disk_ref {
	int disk;
	int part;		/* -1 for the disk itself */
};

static bool all_letters(const char *s)
{
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')))
			return false;
	return true;
}

/*
 * Kernel names in the kernel's order: numbers as numbers (nvme2n1 before
 * nvme10n1) and letter suffixes as sd counts them (sdz before sdaa).
 */
int disk_name_cmp(const char *a, const char *b)
{
	size_t i = 0, la, lb;

	while (a[i] && a[i] == b[i])
		i++;
	if (i > 0 && all_letters(a + i) && all_letters(b + i)) {
		la = strlen(a + i);
		lb = strlen(b + i);
		if (la != lb)
			return la < lb ? -1 : 1;
	}
	return strverscmp(a, b);
}

static int cmp_disk(const void *a, const void *b)
{
	return disk_name_cmp(((const struct disk *)a)->name,
			     ((const struct disk *)b)->name);
}

bool disk_name_ok(const char *s)
{
	return *s && strlen(s) < DISK_NAME_MAX && !strchr(s, '/') &&
	       strcmp(s, ".") != 0 && strcmp(s, "..") != 0;
}

/* The name map's key: the name of a disk or partition of refs[]. */
static const char *ref_name(const void *ctx, uint32_t r, size_t *len)
{
	const struct disk_table *dt = ctx;
	const struct disk *d = &dt->disks[dt->refs[r].disk];
	const char *name = dt->refs[r].part < 0 ? d->name :
			   d->parts[dt->refs[r].part].name;

	*len = strlen(name);
	return name;
}

/* Disks and partitions by kernel name, for the links' and mounts' targets. */
void disk_table_index_names(struct disk_table *dt)
{
	const struct strmap_keys k = { ref_name, dt };
	size_t i, j, n = 0;

	for (i = 0; i < dt->ndisks; i++)
		n += 1 + dt->disks[i].nparts;
	dt->refs = xcalloc(n, sizeof(*dt->refs));
	strmap_reserve(&dt->byname, n);
	n = 0;
	for (i = 0; i < dt->ndisks; i++) {
		struct disk *d = &dt->disks[i];

		for (j = 0; j <= d->nparts; j++) {
			const char *name = j ? d->parts[j - 1].name : d->name;

			if (strmap_put(&dt->byname, &k, name, strlen(name),
				       (uint32_t)n) != n)
				continue;	/* first of a name wins */
			dt->refs[n++] = (struct disk_ref){ (int)i, (int)j - 1 };
		}
	}
}

struct disk *disks_find_name(const struct disk_table *dt, const char *name,
			     int *part)
{
	const struct strmap_keys k = { ref_name, dt };
	uint32_t r = strmap_get_str(&dt->byname, &k, name);

	if (r == STRMAP_NONE)
		return NULL;
	*part = dt->refs[r].part;
	return &dt->disks[dt->refs[r].disk];
}

struct disk *disks_find(const struct disk_table *dt, const char *name)
{
	struct disk key = { .name = (char *)name };

	if (!dt->ndisks)
		return NULL;
	return bsearch(&key, dt->disks, dt->ndisks, sizeof(key), cmp_disk);
}

struct disk *disks_find_alias(const struct disk_table *dt, const char *alias,
			      const struct disk *skip)
{
	size_t i;

	for (i = 0; i < dt->ndisks; i++) {
		struct disk *d = &dt->disks[i];

		if (d != skip && d->alias && strcmp(d->alias, alias) == 0)
			return d;
	}
	return NULL;
}
