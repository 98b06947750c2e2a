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

#include "log.h"
#include "xalloc.h"

static const struct ev_port *port_find(const struct log_boot *b,
				      const char *id, size_t len)
{
	for (size_t i = 0; i < b->nports; i++)
		if (strlen(b->ports[i].id) == len &&
		    memcmp(b->ports[i].id, id, len) == 0)
			return &b->ports[i];
	return NULL;
}

static struct ev_port *port_get(struct log_boot *b, const char *id, size_t len)
{
	struct ev_port *p = (struct ev_port *)port_find(b, id, len);

	if (p || len >= sizeof(p->id))
		return p;
	if (b->nports == b->ports_cap) {
		b->ports_cap = b->ports_cap ? b->ports_cap * 2 : 8;
		b->ports = xreallocarray(b->ports, b->ports_cap, sizeof(*b->ports));
	}
	p = &b->ports[b->nports++];
	memset(p, 0, sizeof(*p));
	memcpy(p->id, id, len);
	return p;
}

/* Whether SCSI's model (16 bytes at most, trimmed) is libata's, cut. */
static bool same_model(const struct ev_port *p, const char *m, size_t len)
{
	size_t n = strlen(p->model);

	if (n > 16)
		n = 16;
	while (n > 0 && p->model[n - 1] == ' ')
		n--;
	return n == len && memcmp(p->model, m, len) == 0;
}

void log_ports_event(struct log_boot *b, const struct log_rec *r)
{
	const struct log_event_info *ev = &r->event_info;
	struct ev_port *p, *match = NULL;
	size_t nmatch = 0;

	if (r->event == LOG_EVENT_ATA_ID) {
		p = port_get(b, ev->arg, ev->arg_len);
		if (!p)
			return;
		/* a device identified anew: what the port was tied to ends */
		p->addr[0] = '\0';
		p->pending = ev->model_len < sizeof(p->model);
		if (p->pending) {
			memcpy(p->model, ev->model, ev->model_len);
			p->model[ev->model_len] = '\0';
		}
		return;
	}
	if (r->event != LOG_EVENT_INQUIRY || ev->arg_len > LOG_ADDR_MAX)
		return;
	for (size_t i = 0; i < b->nports; i++) {
		p = &b->ports[i];
		/* the address is the new disk's now, whatever was there */
		if (strlen(p->addr) == ev->arg_len &&
		    memcmp(p->addr, ev->arg, ev->arg_len) == 0)
			p->addr[0] = '\0';
		if (p->pending && ev->model_len &&
		    same_model(p, ev->model, ev->model_len)) {
			match = p;
			nmatch++;
		}
	}
	for (size_t i = 0; nmatch > 1 && i < b->nports; i++)
		if (b->ports[i].pending && ev->model_len &&
		    same_model(&b->ports[i], ev->model, ev->model_len))
			b->ports[i].pending = false;	/* which is which? */
	if (nmatch != 1)
		return;
	match->pending = false;
	memcpy(match->addr, ev->arg, ev->arg_len);
	match->addr[ev->arg_len] = '\0';
}

/* "ata3": its one device of the boot, or NULL. */
static const struct ev_port *port_device(const struct log_boot *b,
					 const char *id, size_t len)
{
	const struct ev_port *one = NULL;

	for (size_t i = 0; i < b->nports; i++) {
		const struct ev_port *p = &b->ports[i];

		if (strncmp(p->id, id, len) != 0 || p->id[len] != '.')
			continue;
		if (one)
			return NULL;
		one = p;
	}
	return one;
}

uint32_t log_port_disk(const struct log_boot *b, const char *text, size_t len,
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

void log_ports_free(struct log_boot *b)
{
	free(b->ports);
	b->ports = NULL;
	b->nports = b->ports_cap = 0;
}
