// SPDX-License-Identifier: GPL-2.0-or-later
/* diskalias validate ALIAS...: check aliases against the kernel's rules. */
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "alias_rules.h"
#include "diskalias.h"

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
	int i, status = DA_EXIT_OK;

	i = parse_common_options(argc, argv);
	if (i >= argc)
		usage_error("validate: needs at least one ALIAS");

	for (; i < argc; i++) {
		size_t len = strlen(argv[i]);

		if (alias_check(argv[i], len, &chk) == 0) {
			/* the kernel takes it; a later disk could take the name */
			if (alias_kernel_shaped(argv[i], chk.len))
				warnx("%s: warning: shaped like a kernel device name, which a disk or partition added later could get; set refuses it without --force",
				      alias_quote(argv[i], len, quoted, sizeof(quoted)));
			continue;
		}
		warnx("%s: invalid alias: %s",
		      alias_quote(argv[i], len, quoted, sizeof(quoted)),
		      alias_reason(&chk, reason, sizeof(reason)));
		status = DA_EXIT_FAILURE;
	}
	return status;
}

const struct verb verb_validate = {
	"validate", run_validate, usage_validate, "ALIAS...",
	"check aliases against the kernel's rules",
	NULL, NULL,	/* the common options only */
};
