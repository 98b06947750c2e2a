// SPDX-License-Identifier: GPL-2.0-or-later
#include "log_aliases.h"

#include <string.h>

#include "conf/conf_decide.h"

void log_aliases_load(struct log_aliases *la, bool warn)
{
	int r;

	memset(la, 0, sizeof(*la));
	if (warn)
		r = conf_load_or_warn(CONF_PATH, true, true, &la->conf, NULL, NULL);
	else
		r = conf_load(CONF_PATH, true, true, &la->conf, NULL, NULL);
	if (r < 0 || la->conf.nproblems) {
		conf_free(&la->conf);
		memset(la, 0, sizeof(*la));
	}
}

void log_aliases_free(struct log_aliases *la)
{
	conf_free(&la->conf);
	memset(la, 0, sizeof(*la));
}

const char *log_aliases_find(const struct log_aliases *la, const struct disk *d)
{
	/* two entries for one disk are a conflict: name neither */
	return conf_alias_of_disk(&la->conf, d);
}
