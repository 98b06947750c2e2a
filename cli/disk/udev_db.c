// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * udev's database entry of a block device, read the way Debian 12's
 * lsblk(8) (util-linux 2.38) takes model, serial and WWN from udev: the
 * properties tried in its order, the model's and serial's white space
 * cleaned up as it does.  An entry is lines "E:KEY=VALUE" (a property),
 * "S:link", ...; only properties are read here.
 */
#include "udev_db.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>

#include "lib/sysroot.h"
#include "lib/xalloc.h"

/* The properties a fact is taken from, the first one present winning. */
static const char *const model_keys[] = { "ID_MODEL_ENC", "ID_MODEL", NULL };
/* SCSI_IDENT_SERIAL is sg3_utils' (55-scsi-sg3_id.rules) */
static const char *const serial_keys[] = {
	"SCSI_IDENT_SERIAL", "ID_SCSI_SERIAL", "ID_SERIAL_SHORT", "ID_SERIAL",
	NULL
};
static const char *const wwn_keys[] = {
	"ID_WWN_WITH_EXTENSION", "ID_WWN", NULL
};

struct found {
	const char *value;
	size_t len;
	int rank;		/* index in its keys; lower wins */
};

/* Offer KEY=VALUE (line, len bytes) to one fact's keys. */
static void offer(const char *const *keys, const char *line, size_t len,
		  struct found *f)
{
	for (int i = 0; keys[i] && (!f->value || i < f->rank); i++) {
		size_t klen = strlen(keys[i]);

		if (len > klen + 1 && line[klen] == '=' &&
		    memcmp(line, keys[i], klen) == 0) {
			f->value = line + klen + 1;
			f->len = len - klen - 1;
			f->rank = i;
			return;
		}
	}
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/*
 * The value as lsblk shows it: "\xHH" decoded (udev's *_ENC form keeps
 * blanks and odd bytes so), then white space trimmed and each run of it
 * made one blank; NULL when nothing is left.
 */
static char *clean_value(const struct found *f, bool decode)
{
	char *out = xmalloc(f->len + 1), *o = out;
	bool blank = false;

	for (size_t i = 0; i < f->len; i++) {
		unsigned char c = (unsigned char)f->value[i];

		if (decode && c == '\\' && i + 3 < f->len &&
		    f->value[i + 1] == 'x' && hex_digit(f->value[i + 2]) >= 0 &&
		    hex_digit(f->value[i + 3]) >= 0) {
			c = (unsigned char)(hex_digit(f->value[i + 2]) << 4 |
					    hex_digit(f->value[i + 3]));
			i += 3;
		}
		if (c == '\0')
			break;
		if (c == ' ' || (c >= '\t' && c <= '\r')) {
			blank = o > out;
			continue;
		}
		if (blank)
			*o++ = ' ';
		blank = false;
		*o++ = (char)c;
	}
	*o = '\0';
	if (o == out) {
		free(out);
		return NULL;
	}
	return out;
}

int udev_db_read(int dirfd, dev_t devno, char *buf, size_t bufsz,
		 struct udev_facts *uf)
{
	struct found model = { 0 }, serial = { 0 }, wwn = { 0 };
	char name[32];
	ssize_t n;

	memset(uf, 0, sizeof(*uf));
	snprintf(name, sizeof(name), "b%u:%u", major(devno), minor(devno));
	n = read_attr_bytes(dirfd, name, buf, bufsz);
	if (n == -ENOENT)
		return 0;
	if (n < 0)
		return (int)n;
	for (char *line = buf, *end = buf + n, *nl; line < end; line = nl + 1) {
		nl = memchr(line, '\n', (size_t)(end - line));
		if (!nl)
			nl = end;
		if (nl - line < 2 || line[0] != 'E' || line[1] != ':')
			continue;
		offer(model_keys, line + 2, (size_t)(nl - line - 2), &model);
		offer(serial_keys, line + 2, (size_t)(nl - line - 2), &serial);
		offer(wwn_keys, line + 2, (size_t)(nl - line - 2), &wwn);
	}
	if (model.value)
		uf->model = clean_value(&model, model.rank == 0);
	if (serial.value)
		uf->serial = clean_value(&serial, false);
	if (wwn.value)
		uf->wwn = xstrndup(wwn.value, wwn.len);
	return 1;
}

void udev_facts_from_env(char *const *env, struct udev_facts *uf)
{
	struct found model = { 0 }, serial = { 0 }, wwn = { 0 };

	memset(uf, 0, sizeof(*uf));
	for (; env && *env; env++) {
		size_t len = strlen(*env);

		offer(model_keys, *env, len, &model);
		offer(serial_keys, *env, len, &serial);
		offer(wwn_keys, *env, len, &wwn);
	}
	if (model.value)
		uf->model = clean_value(&model, model.rank == 0);
	if (serial.value)
		uf->serial = clean_value(&serial, false);
	if (wwn.value)
		uf->wwn = xstrndup(wwn.value, wwn.len);
}

void udev_facts_free(struct udev_facts *uf)
{
	free(uf->model);
	free(uf->serial);
	free(uf->wwn);
	memset(uf, 0, sizeof(*uf));
}
