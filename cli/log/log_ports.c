// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The first lines a failing disk prints are often its port's or its
 * controller's, not its own: libata's "ata3.00: failed command: READ
 * FPDMA QUEUED", the NVMe driver's "nvme nvme0: I/O tag 12 ... timeout".
 * They are tied to a disk of the boot only where the log proves it:
 *
 *  ATA   "ata3.00: ATA-9: MODEL, ..." and, next among the ATA disks SCSI
 *        finds, "scsi 2:0:0:0: Direct-Access ATA MODEL" (SCSI cuts the
 *        model to 16 bytes) tie the port's device to the address, which
 *        the sd line after it ties to the name; two ports waiting with
 *        the same model prove nothing.  A port's own lines ("ata3: EH
 *        complete") are its device's when the boot showed one on it.
 *  NVMe  never: the kernel prints no line when a controller's namespace
 *        scan ends, and none for a namespace without a partition table,
 *        so no log shows a controller's namespaces are all there and are
 *        one (nvme0n1 alone may be only the first, or the one of two with
 *        a partition table).  The running boot's controller lines are tied
 *        from sysfs (log_annotate.c).
 */
#include <stdlib.h>
#include <string.h>

#include "lib/xalloc.h"
#include "log.h"

static const char *port_key(const void *ctx, uint32_t id, size_t *len)
{
	const struct log_boot *b = ctx;

	*len = strlen(b->ports[id].id);
	return b->ports[id].id;
}

static const struct ev_port *port_find(const struct log_boot *b,
				      const char *id, size_t len)
{
	const struct strmap_keys k = { port_key, b };
	uint32_t i = strmap_get(&b->port_ids, &k, id, len);

	return i == STRMAP_NONE ? NULL : &b->ports[i];
}

static struct ev_port *port_get(struct log_boot *b, const char *id, size_t len)
{
	const struct strmap_keys k = { port_key, b };
	struct strmap_slot *s;
	struct ev_port *p;
	uint32_t i;

	if (len >= sizeof(p->id))
		return (struct ev_port *)port_find(b, id, len);
	s = strmap_slot(&b->port_ids, &k, id, len);
	if (s->id1)
		return &b->ports[s->id1 - 1];
	XGROW(b->ports, b->nports, b->ports_cap, 8);
	i = (uint32_t)b->nports++;
	p = &b->ports[i];
	memset(p, 0, sizeof(*p));
	memcpy(p->id, id, len);
	p->addr_group = p->model_group = EV_NO_GROUP;
	strmap_fill(&b->port_ids, s, i);
	/* "ata3.00": the link "ata3" (log_port_token() gives no other shape) */
	if (len > 3 && id[len - 3] == '.') {
		uint32_t link = EV_NO_GROUP;

		ev_groups_move(&b->port_links, &link, id, len - 3, i);
	}
	return p;
}

/* The key a pending port waits under: its model cut as SCSI cuts it. */
static size_t model_key(const struct ev_port *p)
{
	size_t n = strlen(p->model);

	if (n > 16)
		n = 16;
	while (n > 0 && p->model[n - 1] == ' ')
		n--;
	return n;
}

static void set_port_addr(struct log_boot *b, struct ev_port *p,
			  const char *addr, size_t len)
{
	ev_groups_hold(&b->port_addrs, &p->addr_group,
		       (uint32_t)(p - b->ports), p->addr, addr, len);
}

static void set_pending(struct log_boot *b, struct ev_port *p, bool pending)
{
	uint32_t i = (uint32_t)(p - b->ports);

	p->pending = pending;
	if (pending)
		ev_groups_move(&b->port_models, &p->model_group, p->model,
			       model_key(p), i);
	else
		ev_groups_leave(&b->port_models, &p->model_group, i);
}

void log_ports_event(struct log_boot *b, const struct log_rec *r)
{
	const struct log_event_info *ev = &r->event_info;
	struct ev_port *p;
	struct ev_group *g;
	uint32_t gi;

	if (r->event == LOG_EVENT_ATA_ID) {
		p = port_get(b, ev->arg, ev->arg_len);
		if (!p)
			return;
		/* a device identified anew: what the port was tied to ends */
		set_port_addr(b, p, "", 0);
		if (ev->model_len < sizeof(p->model)) {
			memcpy(p->model, ev->model, ev->model_len);
			p->model[ev->model_len] = '\0';
			set_pending(b, p, true);
		} else {
			set_pending(b, p, false);
		}
		return;
	}
	if (r->event != LOG_EVENT_INQUIRY || ev->arg_len > LOG_ADDR_MAX)
		return;
	/* the address is the new disk's now, whatever was there */
	gi = ev_groups_find(&b->port_addrs, ev->arg, ev->arg_len);
	while (gi != EV_NO_GROUP && b->port_addrs.g[gi].n)
		set_port_addr(b, &b->ports[b->port_addrs.g[gi].ids[0]], "", 0);
	if (!ev->model_len)
		return;
	gi = ev_groups_find(&b->port_models, ev->model, ev->model_len);
	if (gi == EV_NO_GROUP || b->port_models.g[gi].n == 0)
		return;
	g = &b->port_models.g[gi];
	if (g->n > 1) {
		while (g->n)	/* which is which? */
			set_pending(b, &b->ports[g->ids[0]], false);
		return;
	}
	p = &b->ports[g->ids[0]];
	set_pending(b, p, false);
	set_port_addr(b, p, ev->arg, ev->arg_len);
}

/* "ata3": its one device of the boot, or NULL. */
static const struct ev_port *port_device(const struct log_boot *b,
					 const char *id, size_t len)
{
	uint32_t gi = ev_groups_find(&b->port_links, id, len);

	if (gi == EV_NO_GROUP || b->port_links.g[gi].n != 1)
		return NULL;
	return &b->ports[b->port_links.g[gi].ids[0]];
}
uint32_t log_port_disk(struct log_boot *b, const char *text, size_t len,
		       size_t *start, size_t *tok_len)
{
	size_t n = log_port_token(text, len, start);
	const struct ev_port *p;

	*tok_len = n;
	if (!n)
		return EV_NONE;
	if (*start == 5)
		return EV_NONE;		/* a controller: see above */
	if (text[n - 3] == '.')
		p = port_find(b, text, n);
	else
		p = port_device(b, text, n);
	if (!p || !p->addr[0])
		return EV_NONE;
	return ev_map_by_addr(&b->ev, p->addr, strlen(p->addr));
}

void log_ports_reset(struct log_boot *b)
{
	b->nports = 0;
	if (b->port_ids.slots)
		memset(b->port_ids.slots, 0,
		       (b->port_ids.mask + 1) * sizeof(*b->port_ids.slots));
	b->port_ids.count = 0;
	ev_groups_reset(&b->port_links);
	ev_groups_reset(&b->port_addrs);
	ev_groups_reset(&b->port_models);
}

void log_ports_free(struct log_boot *b)
{
	free(b->ports);
	b->ports = NULL;
	b->nports = b->ports_cap = 0;
	strmap_free(&b->port_ids);
	ev_groups_free(&b->port_links);
	ev_groups_free(&b->port_addrs);
	ev_groups_free(&b->port_models);
}
