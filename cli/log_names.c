// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel names of one boot, by name: what the evidence of a boot is
 * kept in, for the log being annotated and for the running boot's own.
 */
#include <stdlib.h>
#include <string.h>

#include "log.h"
#include "xalloc.h"

uint32_t log_hash(const char *s, size_t len)
{
	uint32_t h = 2166136261u;	/* FNV-1a */

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

void ev_map_reset(struct ev_map *m)
{
	for (size_t i = 0; i < m->n; i++)
		free(m->disks[i].persistent);
	m->n = 0;
	if (m->slots)
		memset(m->slots, 0, (m->mask + 1) * sizeof(*m->slots));
}

void ev_map_free(struct ev_map *m)
{
	ev_map_reset(m);
	free(m->disks);
	free(m->slots);
	memset(m, 0, sizeof(*m));
}

static void ev_map_grow(struct ev_map *m)
{
	size_t nslots = m->slots ? (m->mask + 1) * 2 : 64;

	free(m->slots);
	m->slots = xcalloc(nslots, sizeof(*m->slots));
	m->mask = nslots - 1;
	for (size_t k = 0; k < m->n; k++) {
		size_t i = m->disks[k].hash & m->mask;

		while (m->slots[i])
			i = (i + 1) & m->mask;
		m->slots[i] = (uint32_t)k + 1;
	}
}

uint32_t ev_map_get(struct ev_map *m, const char *name, size_t len, bool create)
{
	uint32_t h;
	size_t i;
	struct ev_disk *e;

	if (len == 0 || len > LOG_NAME_MAX)
		return EV_NONE;
	h = log_hash(name, len);
	if (m->slots) {
		for (i = h & m->mask; m->slots[i]; i = (i + 1) & m->mask) {
			e = &m->disks[m->slots[i] - 1];
			if (e->hash == h && e->name_len == len &&
			    memcmp(e->name, name, len) == 0)
				return m->slots[i] - 1;
		}
	}
	if (!create || m->n >= EV_MAX_NAMES)
		return EV_NONE;
	if (!m->slots || 2 * (m->n + 1) > m->mask + 1)
		ev_map_grow(m);
	if (m->n == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 16;
		m->disks = xreallocarray(m->disks, m->cap, sizeof(*m->disks));
	}
	e = &m->disks[m->n];
	memset(e, 0, sizeof(*e));
	memcpy(e->name, name, len);
	e->name_len = (uint8_t)len;
	e->hash = h;
	for (i = h & m->mask; m->slots[i]; i = (i + 1) & m->mask)
		;
	m->slots[i] = (uint32_t)m->n + 1;
	return (uint32_t)m->n++;
}

uint32_t ev_map_by_addr(const struct ev_map *m, const char *addr, size_t len)
{
	for (size_t k = 0; k < m->n; k++)
		if (!m->disks[k].removed && strlen(m->disks[k].addr) == len &&
		    memcmp(m->disks[k].addr, addr, len) == 0)
			return (uint32_t)k;
	return EV_NONE;
}
