// SPDX-License-Identifier: GPL-2.0-or-later
/* diskalias resolve ALIAS: print the /dev path of the disk with an alias. */
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alias/alias_rules.h"
#include "conf/conf.h"
#include "conf/conf_decide.h"
#include "disk/disks.h"
#include "diskalias.h"

/*
 * A kernel without the attribute, or a disk not named yet: the disk that
 * /etc/diskalias.conf gives the alias (conf_decide(), as udev's by-alias
 * link does).  Returns 1 found, 0 not, -1 a conflict (said on stderr).
 */
/*
 * An alias set with --force before a device took that name: the name
 * now means the device too (dt scanned with SCAN_PARTS).
 */
static void warn_kernel_name(const struct disk_table *dt, const char *alias,
			     const char *quoted)
{
	int part;
	const struct disk *d = disks_find_name(dt, alias, &part);

	if (d && part < 0)
		warnx("%s: warning: also the kernel name of disk /dev/%s, not the disk printed",
		      quoted, alias);
	else if (d)
		warnx("%s: warning: also the kernel name of partition /dev/%s, not the disk printed",
		      quoted, alias);
}

static int resolve_from_config(const char *alias, const char *quoted)
{
	const struct conf_entry *e;
	struct conf_decision dc;
	struct disk_table dt;
	struct conf_view v;
	char why[512];
	struct conf c;
	int found = 0;

	/* a config that cannot be used cannot say "no disk": unknown */
	if (conf_load_or_warn(CONF_PATH, true, true, &c, NULL, NULL) < 0)
		return -1;
	e = conf_find_alias(&c, alias);
	if (e && disks_scan(&dt, SCAN_ALIAS | SCAN_LINKS | SCAN_DM) == 0) {
		conf_view_init(&v, &c, &dt);
		for (size_t i = 0; i < dt.ndisks && found >= 0; i++) {
			const struct disk *d = &dt.disks[i];

			if (!conf_entry_matches_disk(e, d))
				continue;
			conf_decide(&v, d, &dc);
			if (dc.verdict == CONF_CONFLICT) {
				warnx("%s: %s:%u: conflict: %s", quoted,
				      CONF_PATH, dc.entry->line,
				      conf_conflict_reason(&c, &dc, d, why, sizeof(why)));
				found = -1;
			} else if (dc.entry == e && !d->alias && !found) {
				/* a disk with another alias in the kernel: not it */
				warn_kernel_name(&dt, alias, quoted);
				printf("/dev/%s\n", d->name);
				found = 1;
			}
		}
		conf_view_free(&v);
		disks_free(&dt);
	}
	conf_free(&c);
	return found;
}

static void usage_resolve(void)
{
	usage_top("resolve [options] ALIAS",
		  "Print the /dev path of the disk with ALIAS: the kernel's alias, else\n"
		  "the disk /etc/diskalias.conf gives it.  Exit status 32 when none has it.");
	usage_common_options();
	usage_more();
}

static int run_resolve(int argc, char **argv)
{
	char quoted[80], reason[160];
	struct alias_check chk;
	struct disk_table dt;
	const struct disk *d;
	char *alias;
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
	if (disks_scan(&dt, SCAN_ALIAS | SCAN_PARTS) < 0)
		err(DA_EXIT_FAILURE, "/sys/block");

	/* compare what the kernel would store: without the trailing newline */
	for (size_t i = 0; i < dt.ndisks; i++) {
		d = &dt.disks[i];
		if (d->alias && strlen(d->alias) == chk.len &&
		    memcmp(d->alias, alias, chk.len) == 0) {
			warn_kernel_name(&dt, d->alias, quoted);
			printf("/dev/%s\n", d->name);
			disks_free(&dt);
			return DA_EXIT_OK;
		}
	}
	/* a disk whose alias could not be read may have it: unknown */
	for (size_t i = 0; i < dt.ndisks; i++) {
		if (dt.disks[i].alias_unknown) {
			warnx("%s: cannot tell which disk has this alias: the alias of disk %s could not be read",
			      quoted, dt.disks[i].name);
			disks_free(&dt);
			return DA_EXIT_FAILURE;
		}
	}
	disks_free(&dt);
	alias[chk.len] = '\0';	/* as the kernel would store it */
	r = resolve_from_config(alias, quoted);
	if (r > 0)
		return DA_EXIT_OK;
	if (r < 0)
		return DA_EXIT_FAILURE;
	warnx("%s: no disk has this alias", quoted);
	return DA_EXIT_NOTFOUND;
}

const struct verb verb_resolve = {
	"resolve", run_resolve, usage_resolve, "ALIAS",
	"print the /dev path of the disk with ALIAS",
	NULL, NULL,	/* the common options only */
};
