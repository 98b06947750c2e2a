// SPDX-License-Identifier: GPL-2.0-or-later
/* diskalias forget ALIAS: remove ALIAS's entry from /etc/diskalias.conf. */
#include <err.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alias/alias_rules.h"
#include "conf/conf.h"
#include "conf/conf_write.h"
#include "conf/persist.h"
#include "disk/disks.h"
#include "diskalias.h"

static void __attribute__((noreturn, format(printf, 2, 3)))
refuse(const char *alias, const char *fmt, ...)
{
	char reason[1024], q[80];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	errx(DA_EXIT_FAILURE, "alias %s: cannot forget it: %s",
	     alias_quote(alias, strlen(alias), q, sizeof(q)), reason);
}

/* Drop line "line" (1-based) from text. */
static size_t drop_line(char *text, size_t len, unsigned int line)
{
	size_t start = 0, end;

	for (unsigned int l = 1; l < line && start < len; l++) {
		const char *nl = memchr(text + start, '\n', len - start);

		start = nl ? (size_t)(nl - text) + 1 : len;
	}
	end = start;
	while (end < len && text[end] != '\n')
		end++;
	if (end < len)
		end++;
	memmove(text + start, text + end, len - end);
	return len - (end - start);
}

static void usage_forget(void)
{
	usage_top("forget [options] ALIAS",
		  "Remove the entry of ALIAS from /etc/diskalias.conf.  The kernel's\n"
		  "alias stays until the disk goes away.");
	usage_common_options();
	usage_more();
}

static int run_forget(int argc, char **argv)
{
	const struct conf_entry *e;
	struct disk_table dt;
	const struct disk *d;
	const char *alias;
	char *text, why[1024];
	bool existed;
	struct conf c;
	size_t len;
	int i, r;

	i = parse_common_options(argc, argv);
	if (argc - i != 1)
		usage_error("forget: needs ALIAS");
	setup_sysroot();
	alias = argv[i];

	if (persist_lock_load(&c, &text, &len, &existed, why, sizeof(why)) < 0)
		refuse(alias, "%s", why);
	e = conf_find_alias(&c, alias);
	if (!e)
		refuse(alias, "%s has no entry for it", CONF_PATH);
	len = drop_line(text, len, e->line);
	conf_free(&c);
	r = conf_write_atomic(text, len);
	if (r < 0)
		refuse(alias, "cannot write %s: %s; it is unchanged", CONF_PATH,
		       conf_write_strerror(-r));
	exit_note_changed();
	free(text);

	/* the kernel's alias is write-once: say that it stays */
	if (disks_scan(&dt, SCAN_ALIAS) == 0) {
		d = disks_find_alias(&dt, alias, NULL);
		if (d)
			printf("%s: disk %s keeps the alias until it goes away\n",
			       alias, d->name);
		disks_free(&dt);
	}
	return DA_EXIT_OK;
}

const struct verb verb_forget = {
	"forget", run_forget, usage_forget, "ALIAS",
	"remove ALIAS from diskalias.conf",
	NULL, NULL,	/* the common options only */
};
