// SPDX-License-Identifier: GPL-2.0-or-later
/* diskalias resolve ALIAS: print the /dev path of the disk with an alias. */
#include <err.h>
#include <stdio.h>
#include <string.h>

#include "alias_rules.h"
#include "diskalias.h"
#include "disks.h"

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
	warnx("%s: no disk has this alias", quoted);
	return DA_EXIT_NOTFOUND;
}
