// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel names of one boot, by name: what the evidence of a boot is
 * kept in, for the log being annotated and for the running boot's own.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/xalloc.h"
#include "log.h"

/* ---- ids grouped by a key ---- */

static const char *group_key(const void *ctx, uint32_t id, size_t *len)
{
	const struct ev_groups *gs = ctx;

	*len = gs->g[id].key_len;
	return gs->g[id].key;
}

uint32_t ev_groups_find(const struct ev_groups *gs, const char *key, size_t len)
{
	const struct strmap_keys k = { group_key, gs };
	uint32_t g = strmap_get(&gs->map, &k, key, len);

	return g == STRMAP_NONE ? EV_NO_GROUP : g;
}

void ev_groups_leave(struct ev_groups *gs, uint32_t *group, uint32_t id)
{
	struct ev_group *g;

	if (*group == EV_NO_GROUP)
		return;
	g = &gs->g[*group];
	for (uint32_t i = 0; i < g->n; i++)
		if (g->ids[i] == id) {
			g->ids[i] = g->ids[--g->n];
			break;
		}
	*group = EV_NO_GROUP;
}

void ev_groups_move(struct ev_groups *gs, uint32_t *group, const char *key,
		    size_t len, uint32_t id)
{
	const struct strmap_keys k = { group_key, gs };
	struct strmap_slot *s;
	struct ev_group *g;
	uint32_t gi;

	ev_groups_leave(gs, group, id);
	s = strmap_slot(&gs->map, &k, key, len);
	if (s->id1) {
		gi = s->id1 - 1;
	} else {
		XGROW(gs->g, gs->n, gs->cap, 16);
		gi = (uint32_t)gs->n++;
		g = &gs->g[gi];
		memcpy(g->key, key, len);
		g->key_len = (uint8_t)len;
		g->ids = NULL;
		g->n = g->cap = 0;
		strmap_fill(&gs->map, s, gi);
	}
	g = &gs->g[gi];
	XGROW(g->ids, g->n, g->cap, 2);
	g->ids[g->n++] = id;
	*group = gi;
}

void ev_groups_hold(struct ev_groups *gs, uint32_t *group, uint32_t id,
		    char *out, const char *key, size_t len)
{
	if (len > EV_KEY_MAX)
		len = 0;
	if (len)
		ev_groups_move(gs, group, key, len, id);
	else
		ev_groups_leave(gs, group, id);
	memcpy(out, key, len);
	out[len] = '\0';
}

void ev_groups_reset(struct ev_groups *gs)
{
	for (size_t i = 0; i < gs->n; i++)
		free(gs->g[i].ids);
	gs->n = 0;
	if (gs->map.slots)
		memset(gs->map.slots, 0,
		       (gs->map.mask + 1) * sizeof(*gs->map.slots));
	gs->map.count = 0;
}

void ev_groups_free(struct ev_groups *gs)
{
	ev_groups_reset(gs);
	free(gs->g);
	strmap_free(&gs->map);
	memset(gs, 0, sizeof(*gs));
}

/* ---- a boot's names ---- */

void ev_map_reset(struct ev_map *m)
{
	for (size_t i = 0; i < m->n; i++)
		free(m->disks[i].persistent);
	m->n = 0;
	m->nnvme = 0;
	if (m->slots)
		memset(m->slots, 0, (m->mask + 1) * sizeof(*m->slots));
	ev_groups_reset(&m->by_addr);
}

void ev_map_free(struct ev_map *m)
{
	ev_map_reset(m);
	free(m->disks);
	free(m->slots);
	ev_groups_free(&m->by_addr);
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

static bool is_nvme(const struct ev_disk *e)
{
	return e->name_len >= 4 && memcmp(e->name, "nvme", 4) == 0;
}

void ev_disk_end(struct ev_map *m, uint32_t k, bool no_time, uint64_t at,
		 uint64_t rec)
{
	struct ev_disk *e = &m->disks[k];

	free(e->persistent);
	e->persistent = NULL;
	e->alias[0] = '\0';
	e->alias_src = SRC_NONE;
	ev_map_set_addr(m, k, "", 0);
	e->attached = false;
	e->removed = false;
	e->stopped = false;
	e->changed = true;
	e->changed_no_time = no_time;
	e->changed_at = at;
	e->changed_rec = rec;
	e->nvme_end = m->nvme_end;	/* a later end than any pending */
}

void ev_map_end_nvme(struct ev_map *m, bool no_time, uint64_t at, uint64_t rec)
{
	m->nvme_end++;
	m->nvme_end_no_time = no_time;
	m->nvme_end_at = at;
	m->nvme_end_rec = rec;
}

/* Name k as it is now: an NVMe controller line since it was last seen
 * ended what it meant. */
static void settle(struct ev_map *m, uint32_t k)
{
	struct ev_disk *e = &m->disks[k];

	if (e->nvme_end != m->nvme_end && is_nvme(e))
		ev_disk_end(m, k, m->nvme_end_no_time, m->nvme_end_at,
			    m->nvme_end_rec);
}

void ev_map_settle_all(struct ev_map *m)
{
	for (size_t k = 0; k < m->n; k++)
		settle(m, (uint32_t)k);
}

uint32_t ev_map_get(struct ev_map *m, const char *name, size_t len, bool create)
{
	uint32_t h;
	size_t i;
	struct ev_disk *e;

	if (len == 0 || len > LOG_NAME_MAX)
		return EV_NONE;
	h = strmap_hash(name, len);
	if (m->slots) {
		for (i = h & m->mask; m->slots[i]; i = (i + 1) & m->mask) {
			e = &m->disks[m->slots[i] - 1];
			if (e->hash == h && e->name_len == len &&
			    memcmp(e->name, name, len) == 0) {
				settle(m, m->slots[i] - 1);
				return m->slots[i] - 1;
			}
		}
	}
	if (!create || m->n >= EV_MAX_NAMES)
		return EV_NONE;
	if (!m->slots || 2 * (m->n + 1) > m->mask + 1)
		ev_map_grow(m);
	XGROW(m->disks, m->n, m->cap, 16);
	e = &m->disks[m->n];
	memset(e, 0, sizeof(*e));
	memcpy(e->name, name, len);
	e->name_len = (uint8_t)len;
	e->addr_group = EV_NO_GROUP;
	e->nvme_end = m->nvme_end;
	m->nnvme += is_nvme(e);
	e->hash = h;
	for (i = h & m->mask; m->slots[i]; i = (i + 1) & m->mask)
		;
	m->slots[i] = (uint32_t)m->n + 1;
	return (uint32_t)m->n++;
}

/* The first name (in the boot's order) not removed that holds addr. */
uint32_t ev_map_by_addr(struct ev_map *m, const char *addr, size_t len)
{
	uint32_t gi = ev_groups_find(&m->by_addr, addr, len), best = EV_NONE;
	const struct ev_group *g;

	if (gi == EV_NO_GROUP)
		return EV_NONE;
	g = &m->by_addr.g[gi];
	/* from the end: one settled out of the group has the last's place */
	for (uint32_t i = g->n; i-- > 0;)
		settle(m, g->ids[i]);
	for (uint32_t i = 0; i < g->n; i++)
		if (!m->disks[g->ids[i]].removed && g->ids[i] < best)
			best = g->ids[i];
	return best;
}

void ev_map_set_addr(struct ev_map *m, uint32_t k, const char *addr, size_t len)
{
	ev_groups_hold(&m->by_addr, &m->disks[k].addr_group, k,
		       m->disks[k].addr, addr, len);
}
