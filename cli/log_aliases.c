// SPDX-License-Identifier: GPL-2.0-or-later
#include "log_aliases.h"

#include <err.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alias_rules.h"
#include "sysroot.h"

#define CONF_PATH "/etc/diskalias.conf"

static void add(struct log_aliases *la, const char *alias, const char *disk)
{
	struct log_alias *a;

	la->v = reallocarray(la->v, la->n + 1, sizeof(*la->v));
	if (!la->v)
		err(EXIT_FAILURE, "cannot allocate memory");
	a = &la->v[la->n++];
	a->alias = strdup(alias);
	if (!a->alias)
		err(EXIT_FAILURE, "cannot allocate memory");
	snprintf(a->disk, sizeof(a->disk), "%s", disk);
}

void log_aliases_load(struct log_aliases *la)
{
	char *line = NULL, *save, *kw, *alias, *dev;
	char disk[DISK_NAME_MAX], part[DISK_NAME_MAX];
	size_t cap = 0;
	FILE *f;
	int fd;

	memset(la, 0, sizeof(*la));
	fd = sysroot_open(CONF_PATH, O_RDONLY);
	if (fd < 0)
		return;
	f = fdopen(fd, "r");
	if (!f) {
		close(fd);
		return;
	}
	while (getline(&line, &cap, f) > 0) {
		char *hash = strchr(line, '#');

		if (hash)
			*hash = '\0';
		kw = strtok_r(line, " \t\n", &save);
		alias = strtok_r(NULL, " \t\n", &save);
		dev = strtok_r(NULL, " \t\n", &save);
		if (!kw || strcmp(kw, "alias") != 0 || !alias || !dev ||
		    strtok_r(NULL, " \t\n", &save) ||
		    alias_check(alias, strlen(alias), NULL) != 0)
			continue;
		if (disk_resolve(dev, disk, part) == DISK_ARG_OK &&
		    !log_aliases_find(la, disk))
			add(la, alias, disk);
	}
	free(line);
	fclose(f);
}

void log_aliases_free(struct log_aliases *la)
{
	for (size_t i = 0; i < la->n; i++)
		free(la->v[i].alias);
	free(la->v);
	memset(la, 0, sizeof(*la));
}

const char *log_aliases_find(const struct log_aliases *la, const char *disk)
{
	for (size_t i = 0; i < la->n; i++)
		if (strcmp(la->v[i].disk, disk) == 0)
			return la->v[i].alias;
	return NULL;
}
