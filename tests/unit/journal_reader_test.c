// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The sd-journal reader (cli/log/journal_reader.c) on journal files this test
 * writes: systemd-journal-remote (its path is argv[1]) turns an export
 * stream into a journal file without a running journald.  Two boots of
 * kernel records in real kernels' wording, with user-space records
 * between them that must not be read.
 * Output is TAP-like; exit status 1 when a case fails.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "log/journal_reader.h"
#include "tap.h"

#define BOOT_A "0f5c1d8e2a3b4c5d6e7f8091a2b3c4d5"
#define BOOT_B "7e6d5c4b3a291807f6e5d4c3b2a19081"

/* One export field; binary framing when the value has a newline. */
static void field(FILE *f, const char *key, const char *val)
{
	size_t n = strlen(val);

	if (!strchr(val, '\n')) {
		fprintf(f, "%s=%s\n", key, val);
		return;
	}
	fprintf(f, "%s\n", key);
	for (int i = 0; i < 8; i++)
		fputc((int)((n >> (8 * i)) & 0xff), f);
	fwrite(val, 1, n, f);
	fputc('\n', f);
}

static unsigned long long realtime = 1733300000000000ULL;

static void entry(FILE *f, const char *boot, const char *transport,
		  unsigned long long mono, const char *prio, const char *msg,
		  const char *const *extra)
{
	char num[32];

	snprintf(num, sizeof(num), "%llu", realtime += 1000);
	field(f, "__REALTIME_TIMESTAMP", num);
	snprintf(num, sizeof(num), "%llu", mono);
	field(f, "__MONOTONIC_TIMESTAMP", num);
	field(f, "_BOOT_ID", boot);
	field(f, "_TRANSPORT", transport);
	field(f, "PRIORITY", prio);
	field(f, "MESSAGE", msg);
	for (; extra && extra[0]; extra += 2)
		field(f, extra[0], extra[1]);
	fputc('\n', f);
}

static const char *const sd_attach[] = {
	"_KERNEL_DEVICE", "+scsi:2:0:0:1", "_KERNEL_SUBSYSTEM", "scsi",
	"_UDEV_DEVLINK", "/dev/disk/by-id/wwn-0x5000c500a1b2c3d4",
	"_UDEV_DEVLINK", "/dev/disk/by-path/pci-0000:00:1f.2-ata-3",
	"_SOURCE_MONOTONIC_TIMESTAMP", "2301456", NULL,
};
static const char *const block_dev[] = {
	"_KERNEL_DEVICE", "b8:16", "_UDEV_SYSNAME", "sdb", NULL,
};

/* The tool's name record as journald stamps it, and users' forgeries. */
#define NAME_FIELDS "SYSLOG_IDENTIFIER", "diskalias", "DISKALIAS_EVENT", "add", \
	"DISKALIAS_DISK", "sdb", "DISKALIAS_ALIAS", "data0"
static const char *const by_tool[] = {
	"_UID", "0", "_COMM", "diskalias", "_EXE", "/usr/sbin/diskalias", NAME_FIELDS, NULL,
};
static const char *const by_user[] = {		/* logger, systemd-cat, send */
	"_UID", "1000", NAME_FIELDS, NULL,
};
static const char *const by_root_other[] = {	/* root's script, the same fields */
	"_UID", "0", "_COMM", "python3", NAME_FIELDS, NULL,
};
static const char *const by_root[] = {		/* root's logger, systemd-cat */
	"_UID", "0", NAME_FIELDS, NULL,
};

static void write_journal(const char *remote, const char *file)
{
	char *cmd;
	FILE *f;

	if (asprintf(&cmd, "%s -o %s - 2>/dev/null", remote, file) < 0)
		exit(2);
	f = popen(cmd, "w");
	if (!f) {
		perror(remote);
		exit(2);
	}
	entry(f, BOOT_A, "kernel", 10, "5",
	      "Linux version 6.1.0-26-amd64 (debian-kernel@lists.debian.org) "
	      "(gcc-12 (Debian 12.2.0-14) 12.2.0) #1 SMP PREEMPT_DYNAMIC Debian "
	      "6.1.112-1 (2024-09-30)", NULL);
	entry(f, BOOT_A, "kernel", 2301500, "5", "sd 2:0:0:1: [sdb] Attached SCSI disk",
	      sd_attach);
	entry(f, BOOT_A, "stdout", 2400000, "6", "systemd-udevd: not a kernel record", NULL);
	entry(f, BOOT_A, "journal", 2500000, "6", "sdb: wwn-0x5000c500a1b2c3d4 (alias data0)",
	      by_tool);
	entry(f, BOOT_A, "syslog", 2500001, "6", "forged: logger", by_user);
	entry(f, BOOT_A, "stdout", 2500002, "6", "forged: systemd-cat", by_user);
	entry(f, BOOT_A, "journal", 2500003, "6", "forged: sd_journal_send", by_user);
	entry(f, BOOT_A, "journal", 2500004, "6", "forged: root's script", by_root_other);
	entry(f, BOOT_A, "syslog", 2500005, "6", "forged: root's logger", by_root);
	entry(f, BOOT_A, "stdout", 2500006, "6", "forged: root's systemd-cat", by_root);
	entry(f, BOOT_A, "kernel", 5140900, "3",
	      "I/O error, dev sdb, sector 2048 op 0x0:(READ) flags 0x0 phys_seg 1 "
	      "prio class 2", NULL);
	entry(f, BOOT_A, "kernel", 5141000, "4",
	      "EXT4-fs warning (device sdb1): ext4_end_bio:343: I/O error 10\nsecond line",
	      block_dev);
	entry(f, BOOT_B, "kernel", 12, "5", "Linux version 6.1.0-26-amd64", NULL);
	entry(f, BOOT_B, "syslog", 900000, "6", "kernel: a forwarded line", NULL);
	entry(f, BOOT_B, "kernel", 1900000, "6",
	      "nvme nvme0: I/O tag 12 (100c) opcode 0x2 (I/O Cmd) QID 3 timeout, aborting",
	      NULL);
	if (pclose(f) != 0) {
		fprintf(stderr, "%s: could not write %s\n", remote, file);
		exit(2);
	}
	free(cmd);
}

/* The system root's paths, as the tool's sysroot_open() has them. */
static int rootfd = -1;

static int open_in_root(const char *abs_path, int flags)
{
	return openat(rootfd, abs_path + 1, flags | O_CLOEXEC);
}

/* The texts of every record the reader gives, joined by '|'. */
static int read_all(const struct journal_source *src, char *out, size_t cap)
{
	struct journal_reader *jr;
	struct log_record rec;
	struct journal_fields jf;
	int r = journal_reader_open(&jr, src);

	out[0] = '\0';
	if (r < 0)
		return r;
	while ((r = journal_reader_next(jr, &rec, &jf)) > 0) {
		size_t len = strlen(out);

		snprintf(out + len, cap - len, "%s%.*s", len ? "|" : "",
			 (int)(rec.text_len > 20 ? 20 : rec.text_len), rec.text);
	}
	journal_reader_close(jr);
	return r;
}

static void boots(const char *dir)
{
	static const struct {
		const char *boot;
		int ret;
		const char *texts;
	} cases[] = {
		{ NULL, 0, "Linux version 6.1.0-|sd 2:0:0:1: [sdb] At|I/O error, dev sdb, |"
			   "EXT4-fs warning (dev|Linux version 6.1.0-|nvme nvme0: I/O tag " },
		{ "0", 0, "Linux version 6.1.0-|nvme nvme0: I/O tag " },
		{ "-1", 0, "Linux version 6.1.0-|sd 2:0:0:1: [sdb] At|I/O error, dev sdb, |"
			   "EXT4-fs warning (dev" },
		{ "1", 0, "Linux version 6.1.0-|sd 2:0:0:1: [sdb] At|I/O error, dev sdb, |"
			  "EXT4-fs warning (dev" },
		{ "2", 0, "Linux version 6.1.0-|nvme nvme0: I/O tag " },
		{ BOOT_B, 0, "Linux version 6.1.0-|nvme nvme0: I/O tag " },
		{ "3", -ESRCH, "" },
		{ "-2", -ESRCH, "" },
		{ "last", -EINVAL, "" },
		{ "", -EINVAL, "" },
	};
	char got[1024], what[256];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct journal_source src = { .dir = dir, .boot = cases[i].boot };
		int r = read_all(&src, got, sizeof(got));

		snprintf(what, sizeof(what), "boot %s: %d, %s", cases[i].boot ?
			 cases[i].boot : "(all)", cases[i].ret, cases[i].texts);
		check(r == cases[i].ret && strcmp(got, cases[i].texts) == 0, what);
		if (r != cases[i].ret || strcmp(got, cases[i].texts) != 0)
			printf("#   got %d, %s\n", r, got);
	}
}

/*
 * With name records asked for: the tool's, and no forgery, in their
 * place among the kernel's; never any other record.
 */
static void name_records(const char *dir)
{
	struct journal_source src = { .dir = dir, .boot = "-1", .name_records = true };
	static const char want[] = "Linux version 6.1.0-|sd 2:0:0:1: [sdb] At|"
		"sdb: wwn-0x5000c500a|I/O error, dev sdb, |EXT4-fs warning (dev";
	struct journal_reader *jr;
	struct log_record rec;
	struct journal_fields jf;
	char got[1024];
	int r = read_all(&src, got, sizeof(got));

	check(r == 0 && strcmp(got, want) == 0,
	      "name records: the tool's as root, none a user or another program wrote");
	if (r != 0 || strcmp(got, want) != 0)
		printf("#   got %d, %s\n", r, got);
	if (journal_reader_open(&jr, &src) < 0)
		return;
	while ((r = journal_reader_next(jr, &rec, &jf)) > 0 && journal_is_kernel(&jf))
		;
	check(r > 0 && journal_is_name_record(&jf) && jf.name.nlinks == 0 &&
	      jf.name.fields[NAME_FIELD_ALIAS].len == 5,
	      "... its fields read through sd-journal");
	journal_reader_close(jr);
}

static void fields(const char *dir)
{
	struct journal_source src = { .dir = dir, .boot = "-1" };
	struct journal_reader *jr;
	struct log_record rec;
	struct journal_fields jf;
	int r = journal_reader_open(&jr, &src);

	check(r == 0 && strcmp(journal_reader_boot(jr), BOOT_A) == 0,
	      "boot -1 selects the first boot's _BOOT_ID");
	if (r < 0)
		return;
	journal_reader_next(jr, &rec, &jf);
	check(rec.level == 5 && rec.has_time && rec.usec == 10 &&
	      jf.boot_id.len == 32 && memcmp(jf.boot_id.p, BOOT_A, 32) == 0,
	      "Linux version: level 5, time from __MONOTONIC_TIMESTAMP, _BOOT_ID");
	journal_reader_next(jr, &rec, &jf);
	check(rec.usec == 2301456 && jf.ndevlinks == 2 &&
	      jf.device.len == 13 && memcmp(jf.device.p, "+scsi:2:0:0:1", 13) == 0 &&
	      jf.devlinks[0].len == strlen("/dev/disk/by-id/wwn-0x5000c500a1b2c3d4"),
	      "sd attach: _SOURCE_MONOTONIC_TIMESTAMP, _KERNEL_DEVICE, both _UDEV_DEVLINKs");
	journal_reader_next(jr, &rec, &jf);
	check(rec.level == 3 && jf.device.len == 0 && jf.ndevlinks == 0,
	      "I/O error: no device fields, read anyway");
	journal_reader_next(jr, &rec, &jf);
	check(rec.text_len == strlen("EXT4-fs warning (device sdb1): ext4_end_bio:343: "
				      "I/O error 10\nsecond line") &&
	      jf.sysname.len == 3 && memcmp(jf.sysname.p, "sdb", 3) == 0,
	      "a message with a newline comes whole; _UDEV_SYSNAME");
	check(journal_reader_next(jr, &rec, &jf) == 0, "the boot ends there");
	journal_reader_close(jr);
}

int main(int argc, char **argv)
{
	char dir[] = "/tmp/journal-reader-test.XXXXXX", *path, *root;
	char got[1024];
	int r;

	if (argc != 2) {
		fprintf(stderr, "usage: %s PATH-OF-systemd-journal-remote\n", argv[0]);
		return 2;
	}
	if (!mkdtemp(dir))
		return 2;
	if (asprintf(&path, "%s/files", dir) < 0 || mkdir(path, 0755) < 0)
		return 2;
	{
		struct journal_source empty = { .dir = path };

		check(read_all(&empty, got, sizeof(got)) == -ENOENT,
		      "a directory without journal files: -ENOENT");
	}
	free(path);
	if (asprintf(&path, "%s/files/remote.journal", dir) < 0)
		return 2;
	write_journal(argv[1], path);
	free(path);
	if (asprintf(&path, "%s/files", dir) < 0)
		return 2;
	boots(path);
	name_records(path);
	fields(path);

	/* a system's journal: /var/log/journal/MACHINE-ID below its root */
	if (asprintf(&root, "mkdir -p %s/root/var/log/journal/5a1d0b9a7c3e4f2a8b6d1e0f9c8b7a6d"
		     " && cp %s/remote.journal %s/root/var/log/journal/"
		     "5a1d0b9a7c3e4f2a8b6d1e0f9c8b7a6d/system.journal",
		     dir, path, dir) < 0 || system(root) != 0)
		return 2;
	free(root);
	if (asprintf(&root, "%s/root", dir) < 0)
		return 2;
	rootfd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	{
		struct journal_source sys = { .open_in_root = open_in_root,
					      .boot = "0" };

		r = read_all(&sys, got, sizeof(got));
		check(r == 0 && strcmp(got, "Linux version 6.1.0-|nvme nvme0: I/O tag ") == 0,
		      "a system root's /var/log/journal, its latest boot");
	}
	close(rootfd);
	free(root);
	free(path);
	if (asprintf(&root, "rm -rf %s", dir) >= 0 && system(root) != 0)
		fprintf(stderr, "could not remove %s\n", dir);
	free(root);
	return tap_end();
}
