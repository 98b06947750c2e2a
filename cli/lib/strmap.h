/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_STRMAP_H
#define DISKALIAS_STRMAP_H

/*
 * An index of byte strings that the caller keeps: each key has an id (its
 * index in the caller's array, say), and the map holds only the id and
 * the key's hash, 8 bytes a slot; it asks the caller for an id's key when
 * a hash matches.  Open addressing, at most three quarters full, so a
 * lookup costs a hash of the key and about one compare.  A zeroed struct
 * strmap is an empty map.
 *
 * The key of an id must not change while the id is in the map; the key
 * of an id being added is never asked for during its own strmap_put().
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define STRMAP_NONE UINT32_MAX

/* Where the caller keeps its keys: key(ctx, id, &len) is id's key. */
struct strmap_keys {
	const char *(*key)(const void *ctx, uint32_t id, size_t *len);
	const void *ctx;
};

struct strmap_slot {
	uint32_t hash;
	uint32_t id1;		/* the id + 1; 0: a free slot */
};

struct strmap {
	struct strmap_slot *slots;
	size_t mask;		/* slots - 1 */
	size_t count;
};

/*
 * The hash of s[0..len) the map uses, and other tables of strings: eight
 * bytes a step, then a final mix (as splitmix64's) for the low bits.  The
 * bytes after the last whole word are read as one word that ends with
 * the key (overlapping the one before), or for a key under eight bytes
 * as two overlapping 4- or 1-byte reads: no copy of a variable length,
 * which cost more than the rest of the hash.
 */
static inline uint32_t strmap_hash(const char *s, size_t len)
{
	uint64_t h = len * 0x9e3779b97f4a7c15ULL, w;
	const char *end = s + len;
	uint32_t a, b;

	if (len >= 8) {
		for (; end - s >= 8; s += 8) {
			memcpy(&w, s, 8);
			h = (h ^ w) * 0x100000001b3ULL;
			h ^= h >> 29;
		}
		if (s < end) {
			memcpy(&w, end - 8, 8);
			h = (h ^ w) * 0x100000001b3ULL;
		}
	} else if (len >= 4) {
		memcpy(&a, s, 4);
		memcpy(&b, end - 4, 4);
		h = (h ^ ((uint64_t)a << 32 | b)) * 0x100000001b3ULL;
	} else if (len) {
		w = (uint64_t)(unsigned char)s[0] << 16 |
		    (uint64_t)(unsigned char)s[len / 2] << 8 |
		    (unsigned char)end[-1];
		h = (h ^ w) * 0x100000001b3ULL;
	}
	h ^= h >> 30;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 27;
	h *= 0x94d049bb133111ebULL;
	h ^= h >> 31;
	return (uint32_t)h;
}

/* Room for n keys without growing (optional). */
void strmap_reserve(struct strmap *m, size_t n);

/* The id of key[0..len), or STRMAP_NONE. */
uint32_t strmap_get(const struct strmap *m, const struct strmap_keys *k,
		    const char *key, size_t len);

static inline uint32_t strmap_get_str(const struct strmap *m,
				      const struct strmap_keys *k,
				      const char *key)
{
	return strmap_get(m, k, key, strlen(key));
}

/*
 * The id of key[0..len) when it is in the map; else adds it as id (which
 * must be below STRMAP_NONE, and whose key must then be key) and returns
 * id.
 */
uint32_t strmap_put(struct strmap *m, const struct strmap_keys *k,
		    const char *key, size_t len, uint32_t id);

/*
 * Look up and then add, hashing once: the slot of key[0..len), which
 * holds it when slot->id1 is set, else is where it goes, with
 * strmap_fill() and no other change to the map in between.
 */
struct strmap_slot *strmap_slot(struct strmap *m, const struct strmap_keys *k,
				const char *key, size_t len);
void strmap_fill(struct strmap *m, struct strmap_slot *s, uint32_t id);

void strmap_free(struct strmap *m);

#endif
