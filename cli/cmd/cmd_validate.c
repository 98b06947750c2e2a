// SPDX-License-Identifier: GPL-2.0-or-later
/* diskalias validate ALIAS...: check aliases against the kernel's rules. */
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "alias/alias_rules.h"
#include "disk/disks.h"
#include "disk/links.h"
#include "diskalias.h"
#include "lib/sysroot.h"

/*
 * A valid alias that set refuses on every disk but one: a present
 * device's name (link_names_device()).  The disks are read once, for
 * the first alias that needs them; a tree that cannot be read has none.
 */
static void warn_device_name(const char *alias, const char *quoted,
			     struct disk_table *dt, bool *scanned)
{
	char why[PATH_MAX + 2 * DISK_NAME_MAX];

	if (!*scanned) {
		if (disks_scan(dt, SCAN_PARTS | SCAN_LINKS | SCAN_DM) < 0)
			memset(dt, 0, sizeof(*dt));
		*scanned = true;
	}
	if (link_names_device(dt, alias, NULL, why, sizeof(why)))
		warnx("%s: warning: it names a device: %s; set refuses it on any other disk",
		      quoted, why);
}

static void usage_validate(void)
{
	usage_top("validate [options] ALIAS...",
		  "Check each ALIAS against the kernel's rules: 1 to 64 letters, digits,\n"
		  "'-' and '_'.  Exit status 1 when one breaks them.");
	usage_common_options();
	usage_more();
}

static int run_validate(int argc, char **argv)
{
	char quoted[80], reason[160];
	struct alias_check chk;
	struct disk_table dt;
	bool scanned = false;
	int i, status = DA_EXIT_OK;

	i = parse_common_options(argc, argv);
	if (i >= argc)
		usage_error("validate: needs at least one ALIAS");
	setup_sysroot();

	for (; i < argc; i++) {
		size_t len = strlen(argv[i]);

		if (alias_check(argv[i], len, &chk) == 0) {
			/* the kernel takes it; a later disk could take the name */
			if (alias_kernel_shaped(argv[i], chk.len))
				warnx("%s: warning: shaped like a kernel device name, which a disk or partition added later could get; set refuses it without --force",
				      alias_quote(argv[i], len, quoted, sizeof(quoted)));
			else if (chk.len == len)
				warn_device_name(argv[i],
						 alias_quote(argv[i], len, quoted, sizeof(quoted)),
						 &dt, &scanned);
			continue;
		}
		warnx("%s: invalid alias: %s",
		      alias_quote(argv[i], len, quoted, sizeof(quoted)),
		      alias_reason(&chk, reason, sizeof(reason)));
		status = DA_EXIT_FAILURE;
	}
	if (scanned)
		disks_free(&dt);
	return status;
}

const struct verb verb_validate = {
	"validate", run_validate, usage_validate, "ALIAS...",
	"check aliases against the kernel's rules",
	NULL, NULL,	/* the common options only */
};
