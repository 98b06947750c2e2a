// SPDX-License-Identifier: GPL-2.0-or-later
#include "strmap.h"

#include <stdlib.h>

#include "xalloc.h"

static uint32_t hash_bytes(const char *s, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ULL;	/* FNV-1a */

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
	return (uint32_t)(h ^ (h >> 32));
}

static void rehash(struct strmap *m, size_t nslots)
{
	struct strmap_slot *old = m->slots;
	size_t oldn = old ? m->mask + 1 : 0;

	m->slots = xcalloc(nslots, sizeof(*m->slots));
	m->mask = nslots - 1;
	for (size_t i = 0; i < oldn; i++) {
		size_t k;

		if (!old[i].len1)
			continue;
		for (k = old[i].hash & m->mask; m->slots[k].len1; k = (k + 1) & m->mask)
			;
		m->slots[k] = old[i];
	}
	free(old);
}

void strmap_reserve(struct strmap *m, size_t n)
{
	size_t size = 16;

	while (size < 2 * n)
		size *= 2;
	if (!m->slots || size > m->mask + 1)
		rehash(m, size);
}

static struct strmap_slot *find(const struct strmap *m, const char *key,
				size_t len, uint32_t h)
{
	struct strmap_slot *s;

	for (size_t k = h & m->mask;; k = (k + 1) & m->mask) {
		s = &m->slots[k];
		if (!s->len1 || (s->hash == h && s->len1 == len + 1 &&
				 memcmp(m->keys + s->off, key, len) == 0))
			return s;
	}
}

size_t *strmap_put(struct strmap *m, const char *key, size_t len, bool *added)
{
	uint32_t h = hash_bytes(key, len);
	struct strmap_slot *s;

	if (!m->slots || 2 * (m->count + 1) > m->mask + 1)
		strmap_reserve(m, m->count + 1);
	s = find(m, key, len, h);
	if (added)
		*added = !s->len1;
	if (s->len1)
		return &s->value;
	if (m->keys_len + len + 1 > m->keys_cap) {
		m->keys_cap = (m->keys_len + len + 1) * 2;
		m->keys = xreallocarray(m->keys, m->keys_cap, 1);
	}
	memcpy(m->keys + m->keys_len, key, len);
	m->keys[m->keys_len + len] = '\0';
	*s = (struct strmap_slot){ h, (uint32_t)len + 1, m->keys_len, 0 };
	m->keys_len += len + 1;
	m->count++;
	return &s->value;
}

size_t *strmap_get(const struct strmap *m, const char *key, size_t len)
{
	struct strmap_slot *s;

	if (!m->slots)
		return NULL;
	s = find(m, key, len, hash_bytes(key, len));
	return s->len1 ? &s->value : NULL;
}

void strmap_free(struct strmap *m)
{
	free(m->slots);
	free(m->keys);
	memset(m, 0, sizeof(*m));
}
