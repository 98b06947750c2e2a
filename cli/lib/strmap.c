// SPDX-License-Identifier: GPL-2.0-or-later
#include "strmap.h"

#include <stdlib.h>

#include "xalloc.h"

static void rehash(struct strmap *m, size_t nslots)
{
	struct strmap_slot *old = m->slots;
	size_t oldn = old ? m->mask + 1 : 0;

	/*
	 * Zeroed by a write, not calloc(): a fresh mapping from calloc() reads
	 * as the shared zero page, so the first look (a read) and the first
	 * store (a write) into each page were two page faults, not one.
	 */
	m->slots = xreallocarray(NULL, nslots, sizeof(*m->slots));
	memset(m->slots, 0, nslots * sizeof(*m->slots));
	m->mask = nslots - 1;
	for (size_t i = 0; i < oldn; i++) {
		size_t j;

		if (!old[i].id1)
			continue;
		for (j = old[i].hash & m->mask; m->slots[j].id1; j = (j + 1) & m->mask)
			;
		m->slots[j] = old[i];
	}
	free(old);
}

void strmap_reserve(struct strmap *m, size_t n)
{
	size_t size = 16;

	while (3 * size < 4 * n)
		size *= 2;
	if (!m->slots || size > m->mask + 1)
		rehash(m, size);
}

/* The slot of key (hash h), or the free slot where it would go. */
static struct strmap_slot *find(const struct strmap *m,
				const struct strmap_keys *k, const char *key,
				size_t len, uint32_t h)
{
	struct strmap_slot *s;

	for (size_t j = h & m->mask;; j = (j + 1) & m->mask) {
		const char *have;
		size_t have_len;

		s = &m->slots[j];
		if (!s->id1)
			return s;
		if (s->hash != h)
			continue;
		have = k->key(k->ctx, s->id1 - 1, &have_len);
		if (have_len == len && memcmp(have, key, len) == 0)
			return s;
	}
}

struct strmap_slot *strmap_slot(struct strmap *m, const struct strmap_keys *k,
				const char *key, size_t len)
{
	uint32_t h = strmap_hash(key, len);
	struct strmap_slot *s;

	if (!m->slots || 4 * (m->count + 1) > 3 * (m->mask + 1))
		strmap_reserve(m, m->count + 1);
	s = find(m, k, key, len, h);
	if (!s->id1)
		s->hash = h;	/* for strmap_fill() */
	return s;
}

void strmap_fill(struct strmap *m, struct strmap_slot *s, uint32_t id)
{
	s->id1 = id + 1;
	m->count++;
}

uint32_t strmap_put(struct strmap *m, const struct strmap_keys *k,
		    const char *key, size_t len, uint32_t id)
{
	struct strmap_slot *s = strmap_slot(m, k, key, len);

	if (s->id1)
		return s->id1 - 1;
	strmap_fill(m, s, id);
	return id;
}

uint32_t strmap_get(const struct strmap *m, const struct strmap_keys *k,
		    const char *key, size_t len)
{
	const struct strmap_slot *s;

	if (!m->slots)
		return STRMAP_NONE;
	s = find(m, k, key, len, strmap_hash(key, len));
	return s->id1 ? s->id1 - 1 : STRMAP_NONE;
}

void strmap_free(struct strmap *m)
{
	free(m->slots);
	memset(m, 0, sizeof(*m));
}
