// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A disk's model, serial number and WWN from sysfs: where each transport
 * keeps them, and which failures mean "the device does not say".
 */
#include "disk_identity.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/sysmacros.h>

#include "lib/sysroot.h"
#include "lib/xalloc.h"
#include "udev_db.h"

bool disk_identity_unknown_errno(int err)
{
	switch (err) {
	case ENXIO:	/* SCSI: no VPD page 0x83 (usb-storage, CD drives) */
	case EIO:	/* a device that failed the inquiry */
	case EINVAL:	/* a page the device does not have */
	case ENODEV:	/* a device being removed */
	case EOPNOTSUPP:	/* a driver without the attribute's data */
		return true;
	default:
		return false;
	}
}

/*
 * Read an identity attribute into buf: its length, or -1 when unknown
 * (absent, refused by the device as disk_identity_unknown_errno() says,
 * or unreadable, which is warned about).  expected: the file is in the
 * disk's listing, so absent means the disk went away (sc->missing).
 */
static ssize_t read_identity_attr(struct scan_ctx *sc, int dfd,
				  const char *disk, const char *attr,
				  bool expected, bool bytes, char *buf)
{
	ssize_t n = disk_attr_read(dfd, disk, attr, buf, bytes);

	if (n >= 0)
		return n;
	if (n == -ENOENT || n == -ENOTDIR) {
		if (expected)
			sc->missing = true;
	} else if (!disk_identity_unknown_errno((int)-n)) {
		disk_attr_warn_read_error(sc, disk, attr, n);
	}
	return -1;
}

static char *read_identity(struct scan_ctx *sc, int dfd, const char *disk,
			   const char *attr, bool expected, char *buf)
{
	if (read_identity_attr(sc, dfd, disk, attr, expected, false, buf) < 0)
		return NULL;
	return disk_attr_dup_trimmed(buf);
}

/*
 * The WWN as udev's ID_WWN_WITH_EXTENSION (or ID_WWN) has it, which is
 * what lsblk shows.  An NVMe namespace's own "wwid" is taken as it is, in
 * each of the kernel's forms ("eui.", "nvme.", "uuid."), as
 * 60-persistent-storage.rules does.  A SCSI device's "device/wwid" gives
 * a WWN only from an NAA designator, as scsi_id: "naa.5000C5..." is
 * "0x5000c5..."; its "eui." or "t10." forms are not WWNs.
 */
static char *wwn_from_wwid(const char *wwid, bool nvme)
{
	char *p;

	if (nvme)
		return xstrdup(wwid);
	if (strncmp(wwid, "naa.", 4) == 0 && wwid[4]) {
		p = xasprintf("0x%s", wwid + 4);
		for (char *c = p; *c; c++)
			if (*c >= 'A' && *c <= 'F')
				*c += 'a' - 'A';
		return p;
	}
	return NULL;
}

/*
 * The serial number in a SCSI device's VPD page 0x80 (SPC: a 4-byte
 * header whose bytes 2-3 give the length, then the ASCII serial, often
 * padded with blanks), as udev's scsi_id reads it; NULL when absent.
 */
static char *read_vpd_serial(struct scan_ctx *sc, int dfd, const char *disk,
			     char *buf)
{
	ssize_t n = read_identity_attr(sc, dfd, disk, "device/vpd_pg80", false,
				       true, buf);
	size_t len;

	if (n < 0)
		return NULL;
	len = n >= 4 ? ((size_t)(unsigned char)buf[2] << 8) |
		       (unsigned char)buf[3] : 0;
	if (n < 4 || (unsigned char)buf[1] != 0x80 || 4 + len > (size_t)n) {
		disk_attr_warn(sc, disk, "device/vpd_pg80", "not a VPD page 0x80");
		return NULL;
	}
	for (size_t i = 4; i < 4 + len; i++)
		if (buf[i] == '\0')	/* some devices pad with NULs */
			len = i - 4;
		else if ((unsigned char)buf[i] < 0x20 || (unsigned char)buf[i] > 0x7e)
			return NULL;	/* not text: no serial to show */
	buf[4 + len] = '\0';
	return disk_attr_dup_trimmed(buf + 4);
}

/*
 * Model, serial and WWN: virtio-blk and NVMe keep serial and wwid on the
 * disk, SCSI keeps model and wwid on its device.  A SCSI device (the one
 * with device/wwid) has no serial attribute: its serial is in VPD page
 * 0x80.  device/serial is for the others (NVMe, MMC).
 */
static void read_sysfs_identity(struct scan_ctx *sc, int dfd, struct disk *d,
				const struct disk_dir *dd)
{
	char *buf = sc->buf, *wwid = NULL;

	if (dd->device)
		d->model = read_identity(sc, dfd, d->name, "device/model", false, buf);
	if (dd->wwid)
		wwid = read_identity(sc, dfd, d->name, "wwid", true, buf);
	else if (dd->device)
		wwid = read_identity(sc, dfd, d->name, "device/wwid", false, buf);
	if (dd->serial)
		d->serial = read_identity(sc, dfd, d->name, "serial", true, buf);
	else if (dd->device && wwid && !dd->wwid)
		d->serial = read_vpd_serial(sc, dfd, d->name, buf);
	else if (dd->device)
		d->serial = read_identity(sc, dfd, d->name, "device/serial", false, buf);
	if (wwid) {
		/* only an NVMe namespace has "wwid" on the disk itself */
		d->wwn = wwn_from_wwid(wwid, dd->wwid);
		free(wwid);
	}
}


/*
 * As lsblk(8) (util-linux 2.38) shows them where udev's database has the
 * disk: model, serial and WWN from udev's properties (udev_db.c); with
 * no model or serial there, device/model and device/serial, as lsblk
 * falls back to; no WWN but udev's.  A disk built on others (md, dm)
 * has no model or serial of its own.  1 when udev had the disk.
 */
static int read_udev_identity(struct scan_ctx *sc, int dfd, struct disk *d,
			      const struct disk_dir *dd)
{
	struct udev_facts uf;
	int r;

	if (sc->udev_dfd < 0 || !d->has_devno)
		return 0;
	/* dbuf: the disk's listing is done with */
	r = udev_db_read(sc->udev_dfd, d->devno, sc->dbuf, DIRENT_BUF, &uf);
	if (r < 0) {
		char path[64];

		snprintf(path, sizeof(path), "%s/b%u:%u", UDEV_DATA_DIR,
			 major(d->devno), minor(d->devno));
		disk_attr_warn_file(sc, path, r == -EFBIG ?
				    "unexpectedly long" : attr_strerror(-r));
		return 0;
	}
	if (r == 0)
		return 0;
	d->wwn = uf.wwn;
	uf.wwn = NULL;
	if (!dd->md && !dd->dm) {
		d->model = uf.model ? uf.model :
			   dd->device ? read_identity(sc, dfd, d->name, "device/model",
						      false, sc->buf) : NULL;
		d->serial = uf.serial ? uf.serial :
			    dd->device ? read_identity(sc, dfd, d->name, "device/serial",
						       false, sc->buf) : NULL;
		uf.model = uf.serial = NULL;
	}
	udev_facts_free(&uf);
	return 1;
}

void disk_read_identity(struct scan_ctx *sc, int dfd, struct disk *d,
			const struct disk_dir *dd)
{
	if (!read_udev_identity(sc, dfd, d, dd))
		read_sysfs_identity(sc, dfd, d, dd);
}
