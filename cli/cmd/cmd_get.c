// SPDX-License-Identifier: GPL-2.0-or-later
/* diskalias get DISK: print the alias of a disk. */
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diskalias.h"
#include "disk/alias_attr.h"
#include "disk/disk_arg.h"
#include "disk/disks.h"
#include "lib/sysroot.h"

static void usage_get(void)
{
	usage_top("get [options] DISK",
		  "Print the alias of DISK; exit status 32 when it has none.");
	usage_common_options();
	usage_disk_arg();
	usage_more();
}

static int run_get(int argc, char **argv)
{
	char disk[DISK_NAME_MAX], part[DISK_NAME_MAX], reason[DISK_NAME_MAX * 3];
	char *alias;
	int st, r;

	r = parse_common_options(argc, argv);
	if (argc - r != 1)
		usage_error("get: needs one DISK");
	setup_sysroot();

	st = disk_resolve(argv[r], disk, part);
	if (st != DISK_ARG_OK)
		errx(DA_EXIT_FAILURE, "%s: %s", argv[r],
		     disk_arg_reason(st, argv[r], disk, part, reason, sizeof(reason)));

	r = alias_attr_read(disk, &alias);
	if (r == -ENOENT || r == 0)
		return DA_EXIT_NOTFOUND;	/* no alias (or no attribute) */
	if (r == -EILSEQ)
		errx(DA_EXIT_FAILURE, "/sys/block/%s/alias: breaks the alias rules", disk);
	if (r < 0)
		errx(DA_EXIT_FAILURE, "/sys/block/%s/alias: %s", disk, attr_strerror(-r));
	printf("%s\n", alias);
	free(alias);
	return DA_EXIT_OK;
}

const struct verb verb_get = {
	"get", run_get, usage_get, "DISK", "print the alias of DISK",
	NULL, NULL,	/* the common options only */
};
