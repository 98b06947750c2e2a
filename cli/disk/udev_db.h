/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_UDEV_DB_H
#define DISKALIAS_UDEV_DB_H

/*
 * udev's database entry of a block device, /run/udev/data/b<major>:<minor>
 * (below --sysroot too): the facts lsblk(8) shows from it.
 */

#include <stddef.h>
#include <sys/types.h>

/* Where the entries are; the directory is opened once a scan. */
#define UDEV_DATA_DIR "/run/udev/data"

/* What an entry says; each NULL when it does not say (malloc'd). */
struct udev_facts {
	char *model;	/* ID_MODEL_ENC decoded, else ID_MODEL */
	char *serial;	/* SCSI_IDENT_SERIAL, ID_SCSI_SERIAL, ID_SERIAL_SHORT, ID_SERIAL */
	char *wwn;	/* ID_WWN_WITH_EXTENSION, else ID_WWN */
};

/*
 * Read the entry of devno from dirfd (UDEV_DATA_DIR) with buf, bufsz
 * bytes, into *uf (zeroed first).  Returns 1 when the entry is there, 0
 * when udev has none for the device, or -errno (read_attr()).
 */
int udev_db_read(int dirfd, dev_t devno, char *buf, size_t bufsz,
		 struct udev_facts *uf);

/*
 * The same facts from the properties of a udev event, "KEY=VALUE" each
 * (the environment udev gives a rule's program: on remove, what its
 * database kept).
 */
void udev_facts_from_env(char *const *env, struct udev_facts *uf);

void udev_facts_free(struct udev_facts *uf);

#endif
