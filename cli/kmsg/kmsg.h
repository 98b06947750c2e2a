/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_KMSG_H
#define DISKALIAS_KMSG_H

/*
 * Kernel log records, as /dev/kmsg hands them out or as dmesg prints
 * them, and the disk names in their text.  Pure functions on byte
 * ranges: no allocation, no I/O, nothing assumed about NUL termination,
 * so a fuzzer can feed them anything.  kmsg.c parses records,
 * log_scan.c finds the names in their text, log_text.c reads the rest.
 *
 * /dev/kmsg (Documentation/ABI/testing/dev-kmsg):
 *
 *	6,339,5140900,-,caller=T1;sd 0:0:1:0: [sdb] Attached SCSI disk\n
 *	 SUBSYSTEM=scsi\n
 *	 DEVICE=+scsi:0:0:1:0\n
 *
 * dmesg: "[    5.140900] text", "<6>[    5.140900] text" (-r),
 * "kern  :info  : [    5.140900] text" (-x), or text alone (--notime).
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum log_format {
	LOG_FORMAT_AUTO = 0,
	LOG_FORMAT_KMSG,
	LOG_FORMAT_DMESG,
	LOG_FORMAT_EXPORT,	/* journalctl -o export */
	LOG_FORMAT_JSON,	/* journalctl -o json */
};

/* Whether records of format come from the journal, with its fields. */
static inline bool log_format_is_journal(enum log_format format)
{
	return format == LOG_FORMAT_EXPORT || format == LOG_FORMAT_JSON;
}

struct log_record {
	const char *text;	/* the message (kmsg: still \xNN escaped) */
	size_t text_len;
	const char *prefix;	/* dmesg: what precedes text, printed as is */
	size_t prefix_len;
	const char *device;	/* kmsg: the DEVICE= value, or NULL */
	size_t device_len;
	const char *subsystem;	/* kmsg: the SUBSYSTEM= value, or NULL */
	size_t subsystem_len;
	uint64_t usec;		/* time since boot */
	bool has_time;
	int level;		/* 0 (emerg) .. 7 (debug), -1 unknown */
	int facility;		/* 0 kernel, 1 user, ...; -1 unknown */
};

/* The format of a log that starts with buf[0..len): kmsg or dmesg. */
enum log_format log_detect_format(const char *buf, size_t len);

/*
 * Length of the kmsg record at buf: its header line and the dictionary
 * lines (" KEY=VALUE") after it, newlines included.  Returns 0 when the
 * record may go on past len and more input is needed (at_eof false).
 */
size_t kmsg_record_len(const char *buf, size_t len, bool at_eof);

/* Parse a kmsg record of kmsg_record_len() bytes.  0, or -1 if malformed. */
int kmsg_parse(const char *buf, size_t len, struct log_record *rec);

/* Parse one dmesg line (without its newline).  0, or -1 if malformed. */
int dmesg_parse(const char *line, size_t len, struct log_record *rec);

/* "err", "warn", ... for level 0..7; NULL otherwise. */
const char *log_level_name(int level);

/* A name found in a message: a word such as "sdb1" or a SCSI address. */
enum log_token_kind {
	LOG_TOKEN_WORD,		/* letters, digits, '_' and '-' */
	LOG_TOKEN_SCSI,		/* H:C:T:L */
};

struct log_token {
	size_t start, len;
	enum log_token_kind kind;
};

/*
 * The heads of a set of names: the first two bytes of each, or of a
 * one-byte name its byte and 0; a bit each.  A word is of the set's
 * heads when its own head is one.
 */
struct log_heads {
	uint8_t bits[256][32];
};

void log_heads_add(struct log_heads *h, const char *name, size_t len);

static inline bool log_heads_has(const struct log_heads *h, const char *word,
				 size_t len)
{
	unsigned c0 = (unsigned char)word[0];
	unsigned c1 = len >= 2 ? (unsigned char)word[1] : 0;

	return len && (h->bits[c0][c1 >> 3] & (1u << (c1 & 7)));
}

/*
 * What log_next_token() looks for: words of a set's heads (those of the
 * known names and naming schemes) no longer than max_len, and SCSI
 * addresses.  How it looks (impl): a byte at a time with one byte class
 * table (log_scan.c: the reference); or sixteen bytes at a time
 * (log_scan_simd.c), which needs the heads' first bytes each sixteen
 * times to compare with (SSE2: nfirst of them, LOG_SCAN_FIRST_MAX + 1
 * for too many, looked up in the table), or as tables of sixteen looked
 * up by each byte's halves (SSSE3's pshufb), which also tell the bytes
 * that may come second.  log_scanner_init() takes the best the processor
 * has.
 */
#define LOG_SCAN_FIRST_MAX	16

enum log_scan_impl {
	LOG_SCAN_BYTES,
	LOG_SCAN_SSE2,
	LOG_SCAN_SSSE3,
};

struct log_scanner {
	uint8_t cls[256];
	size_t max_len;
	struct log_heads heads;
	enum log_scan_impl impl;
	unsigned nfirst;
	uint8_t firstv[LOG_SCAN_FIRST_MAX][16] __attribute__((aligned(16)));
	/*
	 * SSSE3: the heads' first bytes in at most eight groups, bit j for
	 * group j, whose bytes share their high half: the byte h << 4 | l is
	 * of group j when bit j is set in first_low[l] and first_high[h];
	 * and may come second after a byte of group j (or more: the
	 * product of the halves of the bytes that may) when it is set in
	 * second_low[l] and second_high[h].
	 */
	uint8_t first_low[16] __attribute__((aligned(16)));
	uint8_t first_high[16] __attribute__((aligned(16)));
	uint8_t second_low[16] __attribute__((aligned(16)));
	uint8_t second_high[16] __attribute__((aligned(16)));
};

void log_scanner_init(struct log_scanner *sc, const struct log_heads *heads,
		      size_t max_len);

/* Whether this build and processor have impl (for the tests and the
 * fuzzer: they set sc->impl to each). */
bool log_scan_impl_supported(enum log_scan_impl impl);

/*
 * The next candidate name in text at or after *pos; advances *pos.
 * Words end at bytes other than letters, digits, '_' and '-', so "sdb"
 * is never found inside "usdbx", but is in "[sdb]", "dev sdb," and
 * "/dev/sdb"; a SCSI address "H:C:T:L" is not part of a longer run of
 * numbers and colons.  Returns false at the end of text.
 */
bool log_next_token(const struct log_scanner *sc, const char *text,
		    size_t len, size_t *pos, struct log_token *tok);

/*
 * A patched kernel prints a message about an aliased disk as it would
 * without the alias, byte for byte, and appends " (alias NAME)" at the
 * end (diskalias(8), "log"): NAME is the alias of the disk the message is about,
 * 1 to ALIAS_MAX_LEN bytes of [A-Za-z0-9_-], and a partition's message
 * carries its disk's.  Finds that end in text[0..len): returns the length
 * of the whole " (alias NAME)" and points *alias, *alias_len at NAME, or
 * returns 0 when the text does not end so.  The suffix has no byte that
 * /dev/kmsg escapes, so escaped text is read as it is.
 */
#define LOG_ALIAS_SUFFIX_HEAD	" (alias "
size_t log_alias_suffix(const char *text, size_t len, const char **alias,
			size_t *alias_len);

/*
 * Whether text[0..len), a message without the " (alias NAME)" that ends
 * it, is one the patched kernel ends so (log_alias_lines.c: the block
 * layer's, sd's and the SCSI midlayer's, NVMe's): only there is the
 * ending the kernel's.
 */
bool log_alias_message(const char *text, size_t len);

/*
 * What a line of the log says about a disk's name itself (the evidence
 * "diskalias log" annotates by).  text is the message alone.
 */
enum log_event {
	LOG_EVENT_NONE,
	LOG_EVENT_BOOT,		/* "Linux version ...": a boot starts */
	LOG_EVENT_ALIAS,	/* "block sdb: alias set to data0" */
	LOG_EVENT_RELEASED,	/* "block loop0: alias imgA released": what
				 * the disk showed went (loop, nbd, zram) */
	LOG_EVENT_TIE,		/* "sd 2:0:0:1: [sdb] ...": name at an address */
	LOG_EVENT_ATTACH,	/* "sd 2:0:0:1: [sdb] Attached SCSI disk", or
				 * virtio_blk's "virtio2: [vda] N 512-byte
				 * logical blocks": a disk took the name */
	LOG_EVENT_REMOVE,	/* "sd 2:0:0:1: [sdb] Synchronizing SCSI cache":
				 * the disk is going away or suspending */
	LOG_EVENT_CAPACITY,	/* "sd 2:0:0:1: [sdb] 7821312 512-byte logical
				 * blocks: ...": printed at a probe, or when
				 * the capacity changed (a TIE too) */
	LOG_EVENT_RESUME,	/* "sd 2:0:0:1: [sdb] Starting disk": a disk
				 * that stopped is back (a TIE too) */
	/* lines about a disk's controller or port, not its name */
	LOG_EVENT_ATA_ID,	/* "ata3.00: ATA-9: WDC WD10EZEX-08WN4A0, ...":
				 * libata identified a disk on the port */
	LOG_EVENT_INQUIRY,	/* "scsi 2:0:0:0: Direct-Access     ATA      WDC
				 * WD10EZEX-08W 1A01 PQ: 0 ANSI: 5": SCSI found
				 * a new device at the address; an ATA disk's
				 * model, cut to 16 bytes, is given */
	LOG_EVENT_NVME_CTRL,	/* "nvme nvme0: pci function 0000:06:00.0" (a
				 * probe) or "nvme nvme0: Removing ctrl: ..."
				 * (fabrics, an explicit delete): a controller
				 * came or went; a PCIe drive's removal prints
				 * nothing */
};

struct log_event_info {
	const char *name;	/* the disk's kernel name */
	size_t name_len;
	const char *arg;	/* ALIAS: the alias; TIE, ATTACH, INQUIRY: the
				 * address; ATA_ID: the port ("ata3.00");
				 * NVME_CTRL: the controller ("nvme0") */
	size_t arg_len;
	const char *model;	/* ATA_ID, INQUIRY of an ATA disk: the model,
				 * blanks trimmed ("" for other devices) */
	size_t model_len;
};

/*
 * The port or controller a line of libata or the NVMe driver starts with:
 * "ata3.00: failed command: ..." and "ata3: EH complete" give "ata3.00"
 * and "ata3"; "nvme nvme0: I/O tag 12 ... timeout" gives "nvme0" (at
 * *start).  Its length, or 0 when the line starts otherwise.
 */
size_t log_port_token(const char *text, size_t len, size_t *start);

/* Whether a message is a boot's first line, "Linux version ...". */
bool log_is_boot_line(const char *text, size_t len);

/*
 * Classify a message.  Cheap for the common line: it looks at the first
 * bytes only, and further only when they are "Linux ", "block " or a
 * driver name followed by a bus address and "[name]".
 */
enum log_event log_classify(const char *text, size_t len,
			    struct log_event_info *ev);

/*
 * The length of the whole-disk part of a kernel name: "sdb1" -> 3,
 * "nvme0n1p2" -> 7, "mmcblk0p1" -> 7, "sdb" -> 3; len itself when the
 * name has no partition part.
 */
size_t log_disk_part(const char *name, size_t len);
/*
 * The name of the multipath head whose path disk is name[0..len)
 * ("nvme1c2n1" -> "nvme1n1": the kernel names a path nvme<subsystem>c
 * <controller>n<namespace> and its head nvme<subsystem>n<namespace>),
 * written to out (size bytes, NUL-terminated); its length, or 0 when the
 * name is no path disk's.
 */
size_t log_nvme_head(const char *name, size_t len, char *out, size_t size);

/* The length of the SCSI address H:C:T:L at text[start] (a word of its
 * own), or 0. */
size_t log_scsi_address_len(const char *text, size_t len, size_t start);

/* Turn \xNN escapes of a kmsg message back into bytes; returns the length. */
size_t kmsg_unescape(const char *in, size_t len, char *out);

#endif
