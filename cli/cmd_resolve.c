// SPDX-License-Identifier: GPL-2.0-or-later
/* diskalias resolve ALIAS: print the /dev path of the disk with an alias. */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alias_rules.h"
#include "config.h"
#include "diskalias.h"
#include "disks.h"

/*
 * A kernel without the attribute, or a disk not named yet: the disk that
 * /etc/diskalias.conf gives the alias, as udev's by-alias link does.
 */
static bool resolve_from_config(const char *alias, size_t len)
{
	const struct conf_entry *e;
	struct disk_table dt;
	bool found = false;
	char *want;
	struct conf c;
	size_t n;

	if (conf_load(CONF_PATH, true, true, &c, NULL, NULL) < 0)
		return false;
	want = strndup(alias, len);
	e = want && !c.nproblems ? conf_find_alias(&c, want) : NULL;
	if (e && disks_scan(&dt, SCAN_ALIAS | SCAN_LINKS) == 0) {
		for (size_t i = 0; i < dt.ndisks && !found; i++) {
			const struct disk *d = &dt.disks[i];

			if (d->alias || !conf_entry_matches_disk(e, d))
				continue;
			conf_find_disk(&c, d, &n);
			if (n == 1) {	/* two entries: neither names it */
				printf("/dev/%s\n", d->name);
				found = true;
			}
		}
		disks_free(&dt);
	}
	free(want);
	conf_free(&c);
	return found;
}

int verb_resolve(int argc, char **argv)
{
	char quoted[80], reason[160];
	struct alias_check chk;
	struct disk_table dt;
	const struct disk *d;
	const char *alias;
	int r;

	r = parse_common_options(argc, argv);
	if (argc - r != 1)
		usage_error("resolve: needs one ALIAS");
	alias = argv[r];
	setup_sysroot();

	alias_quote(alias, strlen(alias), quoted, sizeof(quoted));
	if (alias_check(alias, strlen(alias), &chk) != 0)
		errx(DA_EXIT_FAILURE, "%s: invalid alias: %s", quoted,
		     alias_reason(&chk, reason, sizeof(reason)));
	if (disks_scan(&dt, SCAN_ALIAS) < 0)
		err(DA_EXIT_FAILURE, "/sys/block");

	/* compare what the kernel would store: without the trailing newline */
	for (size_t i = 0; i < dt.ndisks; i++) {
		d = &dt.disks[i];
		if (d->alias && strlen(d->alias) == chk.len &&
		    memcmp(d->alias, alias, chk.len) == 0) {
			printf("/dev/%s\n", d->name);
			disks_free(&dt);
			return DA_EXIT_OK;
		}
	}
	disks_free(&dt);
	if (resolve_from_config(alias, chk.len))
		return DA_EXIT_OK;
	warnx("%s: no disk has this alias", quoted);
	return DA_EXIT_NOTFOUND;
}
