/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_PERSIST_H
#define DISKALIAS_PERSIST_H

/*
 * "set --persist": record the alias in /etc/diskalias.conf, keyed by the
 * disk's most stable link (conf_stable_name()).  Each step exits with a
 * "SUBJECT: cannot set alias ALIAS: REASON" line on refusal.
 */

/* Lock the config and check the entry would keep it valid; no writes. */
void persist_prepare(const char *disk, const char *subject,
		     const char *alias, const char *quoted);

/* Write the config (when it changes); a failing exit from here on puts
 * the old file back. */
void persist_write(void);

/* The alias is set: keep the new file. */
void persist_done(void);

/* The link recorded ("/dev/disk/by-id/wwn-..."). */
const char *persist_key(void);

#endif
