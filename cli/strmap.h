/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_STRMAP_H
#define DISKALIAS_STRMAP_H

/*
 * A map from byte strings to numbers (an index into the caller's array,
 * say): open addressing, at most three quarters full, so a lookup costs a
 * hash of the key and about one compare.  Keys are not copied: each must
 * stay where it is for as long as the map is used.  A zeroed struct
 * strmap is an empty map.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct strmap_slot {
	const char *key;	/* NULL: a free slot */
	uint32_t hash;
	uint32_t len;
	size_t value;
};

struct strmap {
	struct strmap_slot *slots;
	size_t mask;		/* slots - 1 */
	size_t count;
};

/* Room for n keys without growing (optional). */
void strmap_reserve(struct strmap *m, size_t n);

/*
 * The value of key[0..len), added with value 0 when absent (*added, when
 * not NULL, says which).  The pointer is good until the next put.
 */
size_t *strmap_put(struct strmap *m, const char *key, size_t len, bool *added);

/*
 * Look up and then add, hashing once: the slot of key[0..len), which
 * holds it when slot->key is set, else is where it goes, with
 * strmap_fill() and no other change to the map in between.
 */
struct strmap_slot *strmap_slot(struct strmap *m, const char *key, size_t len);
size_t *strmap_fill(struct strmap *m, struct strmap_slot *s, const char *key,
		    size_t len);

/* The value of key[0..len), or NULL when absent. */
size_t *strmap_get(const struct strmap *m, const char *key, size_t len);

static inline size_t *strmap_get_str(const struct strmap *m, const char *key)
{
	return strmap_get(m, key, strlen(key));
}

void strmap_free(struct strmap *m);

#endif
