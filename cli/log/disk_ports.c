// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The ports and controllers of today's disks, from where sysfs puts each
 * disk (the text of its /sys/block link, never followed):
 *
 *  ATA   .../ata3/host2/target2:0:0/2:0:0:0/block/sdb: sdb is the device
 *        of port ata3, and of ata3.00 (libata's device number is the SCSI
 *        channel, a port multiplier's link, plus the target id);
 *  NVMe  .../nvme/nvme0/nvme0n1: a namespace of controller nvme0; under
 *        native multipath .../nvme/nvme1/nvme1c1n1 is controller nvme1's
 *        path to the head nvme1n1, which the subsystem that lists nvme1
 *        holds (/sys/class/nvme-subsystem/nvme-subsys1/{nvme1,nvme1n1}).
 *
 * A port or controller with more than one disk ties none.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "disk_index.h"
#include "lib/sysroot.h"
#include "lib/xalloc.h"

#define MAX_PARTS	16

static void port_add(struct disk_index *dx, const char *key, size_t disk)
{
	struct dx_port *p;

	if (strlen(key) >= sizeof(p->key))
		return;
	XGROW(dx->ports, dx->nports, dx->ports_cap, 16);
	p = &dx->ports[dx->nports++];
	strcpy(p->key, key);
	p->disk = disk;
}

static int port_cmp(const void *a, const void *b)
{
	const struct dx_port *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	if (c)
		return c;
	return (x->disk > y->disk) - (x->disk < y->disk);
}

static int key_cmp(const void *a, const void *b)
{
	return strcmp(((const struct dx_port *)a)->key,
		      ((const struct dx_port *)b)->key);
}

/* Sorted by key, one entry a key: SIZE_MAX where two disks share it. */
static void ports_settle(struct disk_index *dx)
{
	size_t out = 0;

	qsort(dx->ports, dx->nports, sizeof(*dx->ports), port_cmp);
	for (size_t i = 0; i < dx->nports; i++) {
		if (out && strcmp(dx->ports[out - 1].key, dx->ports[i].key) == 0) {
			if (dx->ports[out - 1].disk != dx->ports[i].disk)
				dx->ports[out - 1].disk = SIZE_MAX;
			continue;
		}
		dx->ports[out++] = dx->ports[i];
	}
	dx->nports = out;
}

/* "PREFIX" then digits, all of s; the number in *v */
static bool prefix_number(const char *s, const char *prefix, unsigned *v)
{
	size_t n = strlen(prefix);
	char *end;
	unsigned long x;

	if (strncmp(s, prefix, n) != 0 || s[n] < '0' || s[n] > '9')
		return false;
	x = strtoul(s + n, &end, 10);
	if (*end || x > 99999)
		return false;
	*v = (unsigned)x;
	return true;
}

/* "H:C:T:L": C and T */
static bool scsi_ct(const char *s, unsigned *c, unsigned *t)
{
	unsigned h, l;
	int end = 0;

	return sscanf(s, "%u:%u:%u:%u%n", &h, c, t, &l, &end) == 4 &&
	       s[end] == '\0';
}

/* "nvmeScCnN": S, C, N */
static bool nvme_path_name(const char *s, unsigned *sub, unsigned *ctrl,
			   unsigned *ns)
{
	int end = 0;

	return sscanf(s, "nvme%uc%un%u%n", sub, ctrl, ns, &end) == 3 &&
	       s[end] == '\0';
}

/* The disk named name exactly, or SIZE_MAX. */
static size_t disk_named(const struct disk_index *dx, const char *name)
{
	size_t len = strlen(name);
	const struct dx_disk *d = disk_index_lookup(dx, name, len);

	if (!d || d->name_len != len || memcmp(d->name, name, len) != 0)
		return SIZE_MAX;
	return (size_t)(d - dx->disks);
}

static void ata_ports(struct disk_index *dx, size_t disk, char **c, size_t n)
{
	unsigned port, ch, tg, v;
	char key[24];

	/* .../ataN/hostH/targetH:C:T/H:C:T:L/block/NAME */
	if (n < 6 || strcmp(c[n - 2], "block") != 0 ||
	    !scsi_ct(c[n - 3], &ch, &tg) || !prefix_number(c[n - 5], "host", &v) ||
	    !prefix_number(c[n - 6], "ata", &port) || ch + tg > 99)
		return;
	snprintf(key, sizeof(key), "ata%u", port);
	port_add(dx, key, disk);
	snprintf(key, sizeof(key), "ata%u.%02u", port, ch + tg);
	port_add(dx, key, disk);
}

static void nvme_ports(struct disk_index *dx, size_t disk, char **c, size_t n)
{
	unsigned ctrl, sub, pc, ns;
	char path[128], head[48];
	size_t h;

	/* .../nvme/nvmeC/NAME */
	if (n < 3 || strcmp(c[n - 3], "nvme") != 0 ||
	    !prefix_number(c[n - 2], "nvme", &ctrl))
		return;
	if (!nvme_path_name(c[n - 1], &sub, &pc, &ns)) {
		port_add(dx, c[n - 2], disk);	/* the controller's own namespace */
		return;
	}
	/* a multipath path: its head, in the subsystem that lists nvmeC */
	if (pc != ctrl)
		return;
	snprintf(path, sizeof(path), "/sys/class/nvme-subsystem/nvme-subsys%u/%s",
		 sub, c[n - 2]);
	if (!sysroot_exists(path))
		return;
	snprintf(head, sizeof(head), "nvme%un%u", sub, ns);
	snprintf(path, sizeof(path), "/sys/class/nvme-subsystem/nvme-subsys%u/%s",
		 sub, head);
	h = disk_named(dx, head);
	if (h != SIZE_MAX && sysroot_exists(path))
		port_add(dx, c[n - 2], h);
}

static void disk_index_ports(struct disk_index *dx)
{
	char path[DISK_NAME_MAX + 16], target[PATH_MAX], *c[MAX_PARTS];

	for (size_t i = 0; i < dx->ndisks; i++) {
		const char *name = dx->disks[i].name;
		char *p, *save = NULL;
		size_t n = 0;
		ssize_t len;

		snprintf(path, sizeof(path), "sys/block/%s", name);
		len = readlinkat(sysroot_fd(), path, target, sizeof(target) - 1);
		if (len <= 0)
			continue;	/* a directory: no place known */
		target[len] = '\0';
		/* the last MAX_PARTS components */
		for (p = strtok_r(target, "/", &save); p;
		     p = strtok_r(NULL, "/", &save)) {
			if (n == MAX_PARTS) {
				memmove(c, c + 1, (MAX_PARTS - 1) * sizeof(*c));
				n--;
			}
			c[n++] = p;
		}
		if (n == 0 || strcmp(c[n - 1], name) != 0)
			continue;
		ata_ports(dx, i, c, n);
		nvme_ports(dx, i, c, n);
	}
	ports_settle(dx);
}

const struct dx_disk *disk_index_port(struct disk_index *dx,
				      const char *key, size_t len)
{
	struct dx_port want;
	const struct dx_port *p;

	if (!dx->ports_built) {
		disk_index_ports(dx);
		dx->ports_built = true;
	}
	if (len >= sizeof(want.key) || !dx->nports)
		return NULL;
	memcpy(want.key, key, len);
	want.key[len] = '\0';
	want.disk = 0;
	p = bsearch(&want, dx->ports, dx->nports, sizeof(*dx->ports), key_cmp);
	return !p || p->disk == SIZE_MAX ? NULL : &dx->disks[p->disk];
}
