// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The text of a kernel log message (kmsg.h): the " (alias NAME)" a
 * patched kernel ends it with, what a line says of a disk's name
 * (log_classify()), and kernel names' parts.  log_scan.c finds the names
 * in it.
 */
#include "kmsg.h"

#include <string.h>

#include "alias/alias_rules.h"
#include "lib/span.h"
#include "log_bytes.h"

size_t log_alias_suffix(const char *text, size_t len, const char **alias,
			size_t *alias_len)
{
	const size_t head = sizeof(LOG_ALIAS_SUFFIX_HEAD) - 1;
	size_t end, start;

	if (len < head + 2 || text[len - 1] != ')')
		return 0;
	end = len - 1;
	start = end;
	while (start > 0 && end - start < ALIAS_MAX_LEN &&
	       alias_byte_ok((unsigned char)text[start - 1]))
		start--;
	/* a longer word runs into the head's last byte, a space, and fails */
	if (start == end || start < head ||
	    memcmp(text + start - head, LOG_ALIAS_SUFFIX_HEAD, head) != 0)
		return 0;
	*alias = text + start;
	*alias_len = end - start;
	return len - (start - head);
}

/* A word of name bytes at s[*i] up to a byte in ends; its length. */
static size_t word_at(const char *s, size_t len, size_t i)
{
	size_t start = i;

	while (i < len && is_word(s[i]))
		i++;
	return i - start;
}

/* "[NAME] " at s[i]: NAME's length (0 when not so); *i moves past it. */
static size_t bracket_name(const char *s, size_t len, size_t *i)
{
	size_t n;

	if (*i >= len || s[*i] != '[')
		return 0;
	n = word_at(s, len, *i + 1);
	if (!n || *i + 1 + n >= len || s[*i + 1 + n] != ']')
		return 0;
	*i += n + 2;
	if (*i < len && s[*i] == ' ')
		(*i)++;
	return n;
}

/*
 * "ARG: [NAME]" at s[*i..], ARG a word of arg_len bytes (a SCSI address,
 * "virtio0"): fills ev's arg and name and moves *i past the ']'.
 */
static bool arg_and_name(const char *s, size_t len, size_t *i, size_t arg_len,
			 struct log_event_info *ev)
{
	size_t n;

	if (!arg_len || *i + arg_len + 2 >= len || s[*i + arg_len] != ':' ||
	    s[*i + arg_len + 1] != ' ')
		return false;
	ev->arg = s + *i;
	ev->arg_len = arg_len;
	*i += arg_len + 2;
	ev->name = s + *i + 1;
	n = bracket_name(s, len, i);
	ev->name_len = n;
	return n != 0;
}

/* "N B-byte logical blocks" at s[i] */
static bool capacity_at(const char *s, size_t len, size_t i)
{
	uint64_t v;

	return get_number(s, len, &i, &v) && i < len && s[i++] == ' ' &&
	       get_number(s, len, &i, &v) &&
	       SPAN_STARTS(s + i, len - i, "-byte logical blocks");
}

/* "sd H:C:T:L: [NAME] REST" */
static enum log_event sd_line(const char *s, size_t len,
			      struct log_event_info *ev)
{
	size_t i = 3;

	if (!arg_and_name(s, len, &i, log_scsi_address_len(s, len, i), ev))
		return LOG_EVENT_NONE;
	/* sd_probe(): "Attached SCSI disk", or "removable disk" for media */
	if (SPAN_STARTS(s + i, len - i, "Attached SCSI disk") ||
	    SPAN_STARTS(s + i, len - i, "Attached SCSI removable disk"))
		return LOG_EVENT_ATTACH;
	if (SPAN_STARTS(s + i, len - i, "Synchronizing SCSI cache"))
		return LOG_EVENT_REMOVE;
	/* sd_print_capacity(): at a probe's first scan, or a new size */
	if (capacity_at(s, len, i))
		return LOG_EVENT_CAPACITY;
	/* sd_resume_common(): with manage_start_stop */
	if (SPAN_STARTS(s + i, len - i, "Starting disk"))
		return LOG_EVENT_RESUME;
	return LOG_EVENT_TIE;
}

/* "virtio_blk virtioN: [NAME] REST" */
static enum log_event virtio_line(const char *s, size_t len,
				  struct log_event_info *ev)
{
	size_t i = 11, j;
	uint64_t v;

	if (!arg_and_name(s, len, &i, word_at(s, len, i), ev))
		return LOG_EVENT_NONE;
	/* printed once, when the disk is probed: "[vda] 16777216 512-byte" */
	j = i;
	if (get_number(s, len, &j, &v) &&
	    SPAN_STARTS(s + j, len - j, " 512-byte logical blocks"))
		return LOG_EVENT_ATTACH;
	return LOG_EVENT_TIE;
}

/*
 * "block NAME: alias set to ALIAS" and "block NAME: alias ALIAS released"
 * (the ABI document's two lines), the alias the rest of the line or
 * followed by " released"
 */
static enum log_event alias_line(const char *s, size_t len,
				 struct log_event_info *ev)
{
	static const char set[] = ": alias set to ", drop[] = ": alias ",
			  released[] = " released";
	size_t i = 6, n = word_at(s, len, i), a;
	enum log_event event;

	if (!n)
		return LOG_EVENT_NONE;
	if (SPAN_STARTS(s + i + n, len - i - n, set)) {
		event = LOG_EVENT_ALIAS;
		i += n + sizeof(set) - 1;
	} else if (SPAN_STARTS(s + i + n, len - i - n, drop)) {
		event = LOG_EVENT_RELEASED;
		i += n + sizeof(drop) - 1;
	} else {
		return LOG_EVENT_NONE;
	}
	for (a = i; a < len && alias_byte_ok((unsigned char)s[a]); a++)
		;
	if (a == i || a - i > ALIAS_MAX_LEN)
		return LOG_EVENT_NONE;
	/* a patched kernel's own note may follow on later lines' form only */
	if (event == LOG_EVENT_ALIAS ? a != len
	    : len - a != sizeof(released) - 1 ||
	      memcmp(s + a, released, sizeof(released) - 1) != 0)
		return LOG_EVENT_NONE;
	ev->name = s + 6;
	ev->name_len = n;
	ev->arg = s + i;
	ev->arg_len = a - i;
	return event;
}

/* s[0..n) without the blanks that pad it at the end */
static size_t trimmed(const char *s, size_t n)
{
	while (n > 0 && s[n - 1] == ' ')
		n--;
	return n;
}

size_t log_port_token(const char *text, size_t len, size_t *start)
{
	size_t i = 3;
	uint64_t v;

	if (SPAN_STARTS(text, len, "ata")) {
		/* "ataN:" (a port or link) or "ataN.DD:" (a device) */
		if (!get_number(text, len, &i, &v))
			return 0;
		if (i + 3 < len && text[i] == '.' && is_digit(text[i + 1]) &&
		    is_digit(text[i + 2]))
			i += 3;
		*start = 0;
		return i < len && text[i] == ':' ? i : 0;
	}
	if (SPAN_STARTS(text, len, "nvme nvme")) {
		i = 9;
		if (!get_number(text, len, &i, &v) || i >= len || text[i] != ':')
			return 0;
		*start = 5;
		return i - 5;
	}
	return 0;
}

/* "ataN.DD: ATA-V: MODEL, FIRMWARE, max MODE" (ata_dev_configure()) */
static enum log_event ata_line(const char *s, size_t len,
			       struct log_event_info *ev)
{
	size_t start, n = log_port_token(s, len, &start), i, m;

	if (!n || s[n - 3] != '.' || !SPAN_STARTS(s + n, len - n, ": ATA-"))
		return LOG_EVENT_NONE;
	i = n + 6;
	while (i < len && is_digit(s[i]))
		i++;
	if (!SPAN_STARTS(s + i, len - i, ": "))
		return LOG_EVENT_NONE;
	i += 2;
	for (m = i; m + 1 < len && !(s[m] == ',' && s[m + 1] == ' '); m++)
		;
	if (m + 1 >= len || m == i)
		return LOG_EVENT_NONE;
	ev->arg = s;
	ev->arg_len = n;
	ev->model = s + i;
	ev->model_len = trimmed(s + i, m - i);
	return LOG_EVENT_ATA_ID;
}

/* " PQ: D ANSI: " in s[i..len) */
static bool has_pq(const char *s, size_t len, size_t i)
{
	static const char pq[] = " PQ: ";

	for (; i + sizeof(pq) - 1 < len; i++)
		if (memcmp(s + i, pq, sizeof(pq) - 1) == 0)
			return i + 5 < len && is_digit(s[i + 5]) &&
			       SPAN_STARTS(s + i + 6, len - i - 6, " ANSI: ");
	return false;
}

/*
 * "scsi H:C:T:L: Direct-Access     ATA      MODEL16          REV4 PQ: 0
 * ANSI: 5" (scsi_add_lun(): the type padded to 17 bytes, then vendor,
 * model and revision in fields of 8, 16 and 4 bytes): a new device at the
 * address, printed once, when SCSI adds it; an ATA disk's model is given.
 */
static enum log_event scsi_line(const char *s, size_t len,
				struct log_event_info *ev)
{
	static const char type[] = ": Direct-Access ";
	size_t i = 5, n = log_scsi_address_len(s, len, i), v;

	if (!n || i + n + 2 >= len || s[i + n] != ':' || s[i + n + 1] != ' ' ||
	    !has_pq(s, len, i + n + 2))
		return LOG_EVENT_NONE;
	ev->arg = s + i;
	ev->arg_len = n;
	ev->model = s + len;
	if (!SPAN_STARTS(s + i + n, len - i - n, type))
		return LOG_EVENT_INQUIRY;
	for (v = i + n + sizeof(type) - 1; v < len && s[v] == ' '; v++)
		;
	if (len - v < 8 + 1 + 16 + 1 || memcmp(s + v, "ATA      ", 9) != 0 ||
	    s[v + 25] != ' ')
		return LOG_EVENT_INQUIRY;
	ev->model = s + v + 9;
	ev->model_len = trimmed(s + v + 9, 16);
	return LOG_EVENT_INQUIRY;
}

/* "nvme nvmeN: pci function ..." or "nvme nvmeN: Removing ctrl: ..." */
static enum log_event nvme_line(const char *s, size_t len,
				struct log_event_info *ev)
{
	size_t start, n = log_port_token(s, len, &start), i;

	if (!n)
		return LOG_EVENT_NONE;
	i = start + n;
	if (!SPAN_STARTS(s + i, len - i, ": pci function ") &&
	    !SPAN_STARTS(s + i, len - i, ": Removing ctrl"))
		return LOG_EVENT_NONE;
	ev->arg = s + start;
	ev->arg_len = n;
	return LOG_EVENT_NVME_CTRL;
}

bool log_is_boot_line(const char *text, size_t len)
{
	return SPAN_STARTS(text, len, "Linux version ");
}

enum log_event log_classify(const char *text, size_t len,
			    struct log_event_info *ev)
{
	memset(ev, 0, sizeof(*ev));
	if (len < 6)
		return LOG_EVENT_NONE;
	switch (text[0]) {
	case 'L':
		return log_is_boot_line(text, len) ? LOG_EVENT_BOOT
						   : LOG_EVENT_NONE;
	case 'b':
		return SPAN_STARTS(text, len, "block ") ?
		       alias_line(text, len, ev) : LOG_EVENT_NONE;
	case 'a':
		return ata_line(text, len, ev);
	case 's':
		if (SPAN_STARTS(text, len, "scsi "))
			return scsi_line(text, len, ev);
		return SPAN_STARTS(text, len, "sd ") ? sd_line(text, len, ev)
						: LOG_EVENT_NONE;
	case 'v':
		return SPAN_STARTS(text, len, "virtio_blk ") ?
		       virtio_line(text, len, ev) : LOG_EVENT_NONE;
	case 'n':
		return nvme_line(text, len, ev);
	default:
		return LOG_EVENT_NONE;
	}
}

size_t log_nvme_head(const char *name, size_t len, char *out, size_t size)
{
	size_t i = 4, c, n;
	uint64_t v;

	if (len < 9 || memcmp(name, "nvme", 4) != 0 ||
	    !get_number(name, len, &i, &v) || i >= len || name[i] != 'c')
		return 0;
	c = i++;
	if (!get_number(name, len, &i, &v) || i >= len || name[i] != 'n')
		return 0;
	n = i++;
	if (!get_number(name, len, &i, &v) || i != len)
		return 0;
	/* "nvme1" and "n1": the name without its "c2" */
	if (len - (n - c) >= size)
		return 0;
	memcpy(out, name, c);
	memcpy(out + c, name + n, len - n);
	out[c + len - n] = '\0';
	return c + len - n;
}

size_t log_disk_part(const char *name, size_t len)
{
	size_t n = len;

	while (n > 0 && is_digit(name[n - 1]))
		n--;
	if (n == len || n == 0)
		return len;
	/* nvme0n1p2, mmcblk0p1, loop0p1, md0p1: "p" after a digit */
	if (n >= 2 && name[n - 1] == 'p' && is_digit(name[n - 2]))
		return n - 1;
	/* sdb1, vda2, xvda1, hdc3: digits after letters; not nvme0n1, md0 */
	if (n >= 3 && (memcmp(name, "sd", 2) == 0 || memcmp(name, "vd", 2) == 0 ||
		       memcmp(name, "hd", 2) == 0 ||
		       (n >= 4 && memcmp(name, "xvd", 3) == 0)))
		return n;
	return len;
}

