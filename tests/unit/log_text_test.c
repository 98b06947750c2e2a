// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel's lines read alone (cli/kmsg/log_text.c, log_alias_lines.c):
 * the " (alias NAME)" suffix and the messages that may carry it, the
 * classifier of the lines that tie a disk to its hardware, a port's or
 * controller's first word, and a partition's disk, table-driven.
 * Output is TAP-like (tap.h); exit status 1 when a case fails.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmsg/kmsg.h"
#include "tap.h"

/* The " (alias NAME)" a patched kernel ends a message with. */
static void test_alias_suffix(void)
{
	static const char a64[] = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
	static const char a65[] = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
	static const struct {
		const char *in, *want;	/* want: NAME, or NULL for no suffix */
	} cases[] = {
		{ "I/O error, dev sdb, sector 2048 op 0x0:(READ) flags 0x0 "
		  "phys_seg 1 prio class 2 (alias data0)", "data0" },
		{ "sd 2:0:0:0: [sdb] tag#3 Sense Key : Medium Error [current] "
		  "(alias data0)", "data0" },
		{ "x (alias a)", "a" },
		{ "x (alias Az09-_)", "Az09-_" },
		{ " (alias data0)", "data0" },		/* the whole text */
		{ "x (alias (alias data0)", "data0" },
		{ "x (alias data0) ", NULL },		/* not the last thing */
		{ "x (alias data0)x", NULL },
		{ "x (alias data0))", NULL },
		{ "x (alias data0)\n", NULL },
		{ "x (alias )", NULL },			/* empty */
		{ "x (alias da ta0)", NULL },
		{ "x (alias da.ta0)", NULL },
		{ "x (alias caf\xe9)", NULL },		/* Latin-1 */
		{ "x (alias caf\xc3\xa9)", NULL },	/* UTF-8 */
		{ "x (alias caf\\xc3\\xa9)", NULL },	/* as kmsg escapes it */
		{ "x (Alias data0)", NULL },
		{ "x(alias data0)", NULL },
		{ "x  alias data0)", NULL },
		{ "(alias data0)", NULL },
		{ "dev sdb (data0), sector 2048", NULL },	/* the old form */
		{ "[sdb (data0)] tag#3", NULL },
		{ "alias data0)", NULL },
		{ ")", NULL },
		{ "", NULL },
	};
	char in[200], what[120];
	const char *alias = NULL;
	size_t alias_len = 0, n;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *t = cases[i].in, *want = cases[i].want;

		n = log_alias_suffix(t, strlen(t), &alias, &alias_len);
		snprintf(what, sizeof(what), "log_alias_suffix case %zu", i);
		expect(want ? n == strlen(" (alias )") + strlen(want) &&
			      span_is(alias, alias_len, want) &&
			      alias == t + strlen(t) - 1 - alias_len
			    : n == 0, what, t);
	}

	/* 64 bytes is the longest alias; 65 is none, nor its last 64 bytes */
	snprintf(in, sizeof(in), "x (alias %s)", a64);
	n = log_alias_suffix(in, strlen(in), &alias, &alias_len);
	expect(n == 73 && span_is(alias, alias_len, a64),
	       "log_alias_suffix: a 64-byte alias", in);
	snprintf(in, sizeof(in), "x (alias %s)", a65);
	expect(log_alias_suffix(in, strlen(in), &alias, &alias_len) == 0,
	       "log_alias_suffix: a 65-byte word is no alias", in);
	snprintf(in, sizeof(in), "(alias %s)", a64);	/* no room for the head */
	expect(log_alias_suffix(in + 1, strlen(in) - 1, &alias, &alias_len) == 0,
	       "log_alias_suffix: the head must be inside the text", in + 1);
}

/* The messages the patched kernel ends with its alias, and look-alikes. */
static void test_alias_message(void)
{
	static const struct {
		const char *text;	/* the alias taken off */
		bool want;
	} cases[] = {
		{ "I/O error, dev sdb, sector 2048 op 0x0:(READ) flags 0x0 phys_seg 1 prio class 2", true },
		{ "critical medium error, dev nvme0c1n1, sector 0 op 0x0:(READ) flags 0x800 phys_seg 1 prio class 0", true },
		{ "Trying to write to read-only block-device sdb1", true },
		{ "kworker/u8:2: attempt to access beyond end of device\x0asdb1: rw=2049, sector=8, nr_sectors = 8 limit=0", true },
		{ "dd: attempt to access beyond end of device\nsdb: rw=0, sector=8, nr_sectors = 8 limit=0", true },
		{ "VFS: Dirty inode writeback failed for block device sdb1 (err=-5).", true },
		{ "VFS: busy inodes on changed media sr0", true },
		{ "sdb: detected capacity change from 0 to 8388610", true },
		{ "sd 2:0:0:1: [sdb] tag#3 Sense Key : Medium Error [current]", true },
		{ "sd 2:0:0:1: [sdb] Write Protect is off", true },
		{ "nvme0n1: Read(0x2) @ LBA 0, 8 blocks, Unrecovered Read Error (sct 0x2 / sc 0x81)", true },
		{ "nvme0n1: Write Zeroes(0x8) @ LBA 8, 1 blocks, Invalid Field in Command (sct 0x0 / sc 0x2) MORE DNR", true },
		/* a device's, a label's or a user's text */
		{ "usb 1-2: Product: sdc", false },
		{ "usb 1-2: SerialNumber: I/O error, dev sdc, sector 8 op 0x0:(READ) flags 0x0 phys_seg 1 prio class 2", false },
		{ "usb 1-2: Product: x: attempt to access beyond end of device\x0asdc: rw=0, sector=0, nr_sectors = 1 limit=0", false },
		{ "scsi 2:0:0:2: Direct-Access     FORGE    sdd", false },
		{ "BTRFS: device label sde", false },
		{ "Buffer I/O error on dev sdb1, logical block 154, async page read", false },
		{ "sd 2:0:0:1: Medium access timeout failure. Offlining disk!", false },
		{ "I/O error, dev sdb, sector 2048", false },
		{ "nvme0n1: Read(0x2) @ LBA 0, 8 blocks, Unrecovered Read Error (sct 0x2 / sc 0x81) sdc", false },
		{ "", false },
	};
	char what[80];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(what, sizeof(what), "log_alias_message case %zu", i);
		expect(log_alias_message(cases[i].text, strlen(cases[i].text)) ==
		       cases[i].want, what, cases[i].text);
	}
}

static void test_classify(void)
{
	static const struct {
		const char *text;
		enum log_event ev;
		const char *name, *arg;
	} cases[] = {
		{ "Linux version 6.1.0 (x)", LOG_EVENT_BOOT, NULL, NULL },
		{ "Linux versions", LOG_EVENT_NONE, NULL, NULL },
		{ "block sdb: alias set to data0", LOG_EVENT_ALIAS, "sdb", "data0" },
		{ "block sdb: alias set to da.ta", LOG_EVENT_NONE, NULL, NULL },
		{ "block sdb: alias set to ", LOG_EVENT_NONE, NULL, NULL },
		{ "block sdb: alias set to data0 and more", LOG_EVENT_NONE, NULL, NULL },
		{ "block loop0: alias imgA released", LOG_EVENT_RELEASED, "loop0", "imgA" },
		{ "block loop0: alias imgA released now", LOG_EVENT_NONE, NULL, NULL },
		{ "block loop0: alias img.A released", LOG_EVENT_NONE, NULL, NULL },
		{ "block loop0: alias  released", LOG_EVENT_NONE, NULL, NULL },
		{ "block loop0: alias imgA", LOG_EVENT_NONE, NULL, NULL },
		{ "sd 2:0:0:1: [sdb] Attached SCSI disk", LOG_EVENT_ATTACH, "sdb", "2:0:0:1" },
		{ "sd 6:0:0:0: [sdb] Attached SCSI removable disk", LOG_EVENT_ATTACH, "sdb", "6:0:0:0" },
		{ "sd 2:0:0:1: [sdb] Stopping disk", LOG_EVENT_TIE, "sdb", "2:0:0:1" },
		{ "sd 2:0:0:1: [sdb] Synchronizing SCSI cache", LOG_EVENT_REMOVE, "sdb", "2:0:0:1" },
		{ "sd 2:0:0:1: [sdb] Write Protect is off", LOG_EVENT_TIE, "sdb", "2:0:0:1" },
		{ "sd 7:0:0:0: [sdb] 7821312 512-byte logical blocks: (4.00 GB/3.73 GiB)",
		  LOG_EVENT_CAPACITY, "sdb", "7:0:0:0" },
		{ "sd 2:0:0:1: [sdb] 1953506646 4096-byte logical blocks: (8.00 TB/7.28 TiB)",
		  LOG_EVENT_CAPACITY, "sdb", "2:0:0:1" },
		{ "sd 2:0:0:1: [sdb] 4096-byte physical blocks", LOG_EVENT_TIE, "sdb", "2:0:0:1" },
		{ "sd 2:0:0:1: [sdb] Starting disk", LOG_EVENT_RESUME, "sdb", "2:0:0:1" },
		{ "sd 2:0:0:1: [sdb] tag#3 Sense Key : Medium Error [current] (alias data0)",
		  LOG_EVENT_TIE, "sdb", "2:0:0:1" },
		{ "sd 2:0:0:1: Power-on or device reset occurred", LOG_EVENT_NONE, NULL, NULL },
		{ "sd 2:0:0: [sdb] three numbers", LOG_EVENT_NONE, NULL, NULL },
		{ "sd 2:0:0:1: [sdb", LOG_EVENT_NONE, NULL, NULL },
		{ "virtio_blk virtio2: [vda] 16777216 512-byte logical blocks (8.59 GB/8.00 GiB)",
		  LOG_EVENT_ATTACH, "vda", "virtio2" },
		{ "virtio_blk virtio2: [vda] new size: 10 512-byte logical blocks",
		  LOG_EVENT_TIE, "vda", "virtio2" },
		{ "I/O error, dev sdb, sector 8", LOG_EVENT_NONE, NULL, NULL },
		{ "", LOG_EVENT_NONE, NULL, NULL },
	};
	char what[96];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct log_event_info ev;
		enum log_event e = log_classify(cases[i].text, strlen(cases[i].text), &ev);
		int ok = e == cases[i].ev;

		if (ok && cases[i].name)
			ok = span_is(ev.name, ev.name_len, cases[i].name) &&
			     span_is(ev.arg, ev.arg_len, cases[i].arg);
		snprintf(what, sizeof(what), "log_classify case %zu", i);
		expect(ok, what, cases[i].text);
	}
}

/* libata's identify line and SCSI's inquiry line; a port's or a
 * controller's line's first word */
static void test_ports(void)
{
	static const struct {
		const char *text;
		enum log_event ev;
		const char *arg, *model;
	} cases[] = {
		{ "ata3.00: ATA-9: WDC WD10EZEX-08WN4A0, 01.01A01, max UDMA/133",
		  LOG_EVENT_ATA_ID, "ata3.00", "WDC WD10EZEX-08WN4A0" },
		{ "ata12.01: ATA-10: ST4000DM004-2CV104, 0001, max UDMA/133",
		  LOG_EVENT_ATA_ID, "ata12.01", "ST4000DM004-2CV104" },
		{ "ata1.00: ATAPI: QEMU DVD-ROM, 2.5+, max UDMA/100", LOG_EVENT_NONE, NULL, NULL },
		{ "ata3.00: ATA-9: no comma after the model", LOG_EVENT_NONE, NULL, NULL },
		{ "ata3: ATA-9: MODEL, 1, max UDMA/133", LOG_EVENT_NONE, NULL, NULL },
		{ "scsi 2:0:0:0: Direct-Access     ATA      WDC WD10EZEX-08W 1A01 PQ: 0 ANSI: 5",
		  LOG_EVENT_INQUIRY, "2:0:0:0", "WDC WD10EZEX-08W" },
		{ "scsi 3:0:0:0: Direct-Access     ATA      ST500            1A01 PQ: 0 ANSI: 5",
		  LOG_EVENT_INQUIRY, "3:0:0:0", "ST500" },
		/* another device SCSI adds: its address, no model */
		{ "scsi 2:0:0:1: Direct-Access     QEMU     QEMU HARDDISK    2.5+ PQ: 0 ANSI: 5",
		  LOG_EVENT_INQUIRY, "2:0:0:1", "" },
		{ "scsi 1:0:0:0: CD-ROM            ATA      QEMU DVD-ROM     2.5+ PQ: 0 ANSI: 5",
		  LOG_EVENT_INQUIRY, "1:0:0:0", "" },
		{ "scsi 7:0:0:0: Direct-Access     Generic  Flash Disk       8.07 PQ: 0 ANSI: 4",
		  LOG_EVENT_INQUIRY, "7:0:0:0", "" },
		{ "scsi 2:0:0:0: Direct-Access     ATA      WDC", LOG_EVENT_NONE, NULL, NULL },
		{ "scsi 2:0:0:0: Direct-Access     ATA      WDC PQ: x ANSI: 5",
		  LOG_EVENT_NONE, NULL, NULL },
		{ "scsi 2:0:0:2: Power-on or device reset occurred", LOG_EVENT_NONE, NULL, NULL },
		/* an NVMe controller probed or removed */
		{ "nvme nvme0: pci function 0000:06:00.0", LOG_EVENT_NVME_CTRL, "nvme0", NULL },
		{ "nvme nvme12: Removing ctrl: NQN \"nqn.2014-08.org.example:t\"",
		  LOG_EVENT_NVME_CTRL, "nvme12", NULL },
		{ "nvme nvme0: 8/0/0 default/read/poll queues", LOG_EVENT_NONE, NULL, NULL },
		{ "nvme nvme0n1: pci function 0000:06:00.0", LOG_EVENT_NONE, NULL, NULL },
	};
	static const struct {
		const char *text;
		const char *token;
	} tokens[] = {
		{ "ata3.00: failed command: READ FPDMA QUEUED", "ata3.00" },
		{ "ata3: EH complete", "ata3" },
		{ "nvme nvme0: I/O tag 12 (100c) opcode 0x2 (I/O Cmd) QID 3 timeout, aborting",
		  "nvme0" },
		{ "ata3.0: two digits or none", NULL },
		{ "ata: no number", NULL },
		{ "atari3: not libata", NULL },
		{ "nvme nvme0n1: a disk, not a controller", NULL },
		{ "nvme0n1: p1 p2", NULL },
	};
	char what[96];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct log_event_info ev;
		enum log_event e = log_classify(cases[i].text, strlen(cases[i].text), &ev);
		int ok = e == cases[i].ev;

		if (ok && cases[i].arg)
			ok = span_is(ev.arg, ev.arg_len, cases[i].arg) &&
			     span_is(ev.model, ev.model_len, cases[i].model);
		snprintf(what, sizeof(what), "log_classify port case %zu", i);
		expect(ok, what, cases[i].text);
	}
	for (size_t i = 0; i < sizeof(tokens) / sizeof(tokens[0]); i++) {
		const char *t = tokens[i].text;
		size_t start = 0, n = log_port_token(t, strlen(t), &start);
		int ok = tokens[i].token ? span_is(t + start, n, tokens[i].token) : n == 0;

		snprintf(what, sizeof(what), "log_port_token case %zu", i);
		expect(ok, what, t);
	}
}

static void test_disk_part(void)
{
	static const struct {
		const char *name;
		size_t want;
	} cases[] = {
		{ "sdb", 3 }, { "sdb1", 3 }, { "sdb12", 3 }, { "sdaa3", 4 },
		{ "vda2", 3 }, { "xvda1", 4 }, { "hdc3", 3 },
		{ "nvme0n1", 7 }, { "nvme0n1p2", 7 }, { "mmcblk0", 7 },
		{ "mmcblk0p1", 7 }, { "md0", 3 }, { "md0p1", 3 }, { "loop2", 5 },
		{ "loop2p1", 5 }, { "dm-3", 4 }, { "sr0", 3 },
	};
	char what[80];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(what, sizeof(what), "log_disk_part(%s) is %zu",
			 cases[i].name, cases[i].want);
		expect(log_disk_part(cases[i].name, strlen(cases[i].name)) == cases[i].want,
		       what, cases[i].name);
	}
}

int main(void)
{
	test_alias_suffix();
	test_alias_message();
	test_classify();
	test_ports();
	test_disk_part();
	return tap_end();
}
