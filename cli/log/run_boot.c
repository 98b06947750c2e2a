// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A boot's record set: the (time, text) of the running boot's records,
 * which a saved log's records are looked up in (log_running.c fills it).
 */
#include <stdlib.h>
#include <string.h>

#include "kmsg/kmsg.h"
#include "lib/xalloc.h"
#include "log.h"

/*
 * The set of (time, text) of the running boot's records, by time first:
 * a record of another boot is told apart by a hash of its time alone,
 * and its text is hashed only when the time is one the running boot has.
 */
static size_t usec_slot(uint64_t usec, size_t mask)
{
	return (size_t)((usec * 0x9e3779b97f4a7c15ull) >> 20) & mask;
}

/*
 * The key of a record's text with kmsg's \xNN escapes turned back into
 * bytes: /dev/kmsg escapes a tab ("rcu: \x09RCU restricting CPUs...")
 * where dmesg prints the byte, so a saved dmesg's record and the running
 * boot's must meet in one form.  Only a text with a backslash is copied.
 */
static uint32_t text_key(const char *text, size_t len)
{
	uint32_t key;
	char *plain;

	if (!memchr(text, '\\', len))
		return strmap_hash(text, len) ^ (uint32_t)len;
	plain = xmalloc(len ? len : 1);
	len = kmsg_unescape(text, len, plain);
	key = strmap_hash(plain, len) ^ (uint32_t)len;
	free(plain);
	return key;
}

static void seen_put(struct run_seen *t, size_t mask, uint64_t usec, uint32_t key)
{
	size_t i;

	for (i = usec_slot(usec, mask); t[i].usec; i = (i + 1) & mask)
		if (t[i].usec == usec && t[i].key == key)
			return;
	t[i] = (struct run_seen){ usec, key };
}

void run_boot_add(struct run_boot *rb, uint64_t usec, const char *text, size_t len)
{
	if (!usec)
		return;
	if (2 * (rb->seen_n + 1) > rb->seen_mask + 1) {
		size_t nslots = rb->seen ? 2 * (rb->seen_mask + 1) : 1024;
		struct run_seen *old = rb->seen;
		size_t oldn = rb->seen ? rb->seen_mask + 1 : 0;

		rb->seen = xcalloc(nslots, sizeof(*rb->seen));
		rb->seen_mask = nslots - 1;
		for (size_t j = 0; j < oldn; j++)
			if (old[j].usec)
				seen_put(rb->seen, rb->seen_mask, old[j].usec, old[j].key);
		free(old);
	}
	seen_put(rb->seen, rb->seen_mask, usec, text_key(text, len));
	rb->seen_n++;
}

bool run_boot_has(const struct run_boot *rb, uint64_t usec, const char *text, size_t len)
{
	uint32_t key = 0;
	bool hashed = false;

	if (!rb->seen || !usec)
		return false;
	for (size_t i = usec_slot(usec, rb->seen_mask); rb->seen[i].usec;
	     i = (i + 1) & rb->seen_mask) {
		if (rb->seen[i].usec != usec)
			continue;
		if (!hashed) {
			key = text_key(text, len);
			hashed = true;
		}
		if (rb->seen[i].key == key)
			return true;
	}
	return false;
}

void run_boot_clear_seen(struct run_boot *rb)
{
	free(rb->seen);
	rb->seen = NULL;
	rb->seen_n = rb->seen_mask = 0;
}

void run_boot_free(struct run_boot *rb)
{
	free(rb->seen);
	ev_map_free(&rb->names);
	memset(rb, 0, sizeof(*rb));
}
