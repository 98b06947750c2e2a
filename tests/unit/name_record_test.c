// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The tool's name records as the log reads them (cli/kmsg/journal.h,
 * name_record.c): the trust rule, one case for each way a user can write
 * a record that looks like the tool's, and the parse of the fields.
 * Each record is export text, as journalctl -o export gives it.
 * Output is TAP; exit status 1 when a check fails.
 */
#include <stdio.h>
#include <string.h>

#include "kmsg/journal.h"
#include "tap.h"

/* The fields a genuine record has from the tool (cmd/udev_record.c). */
#define BODY \
	"MESSAGE=sdb: wwn-0x5000c500a1b2c3d4 (alias data0)\n" \
	"PRIORITY=6\n" \
	"SYSLOG_IDENTIFIER=diskalias\n" \
	"DISKALIAS_EVENT=add\n" \
	"DISKALIAS_DISK=sdb\n" \
	"DISKALIAS_MAJ_MIN=8:16\n" \
	"DISKALIAS_DISKSEQ=12\n" \
	"DISKALIAS_KEY=/dev/disk/by-id/wwn-0x5000c500a1b2c3d4\n" \
	"DISKALIAS_WWN=0x5000c500a1b2c3d4\n" \
	"DISKALIAS_SERIAL=Z1Z2Z3Z4\n" \
	"DISKALIAS_LINK=/dev/disk/by-id/wwn-0x5000c500a1b2c3d4\n" \
	"DISKALIAS_LINK=/dev/disk/by-path/pci-0000:00:04.0-scsi-0:0:0:1\n" \
	"DISKALIAS_ALIAS=data0\n" \
	"DISKALIAS_ALIAS_FROM=kernel\n"
#define BOOT "_BOOT_ID=0f5c1d8e2a3b4c5d6e7f8091a2b3c4d5\n"
#define ROOT "_UID=0\n_GID=0\n"
#define TOOL "_COMM=diskalias\n_EXE=/usr/sbin/diskalias\n"

static const struct {
	const char *what, *text;
	int trusted;
} trust[] = {
	{ "the tool run by root (from udev) is evidence",
	  BOOT "_TRANSPORT=journal\n" ROOT TOOL BODY, 1 },
	{ "... also when journald could not read _COMM and _EXE (a short-lived helper)",
	  BOOT "_TRANSPORT=journal\n" ROOT BODY, 1 },
	{ "... installed elsewhere (_EXE's name is what counts)",
	  BOOT "_TRANSPORT=journal\n" ROOT "_EXE=/usr/local/sbin/diskalias\n" BODY, 1 },
	{ "a user's logger -t diskalias (syslog) is not",
	  BOOT "_TRANSPORT=syslog\n_UID=1000\n_COMM=logger\n" BODY, 0 },
	{ "root's logger -t diskalias (syslog) is not",
	  BOOT "_TRANSPORT=syslog\n" ROOT "_COMM=logger\n" BODY, 0 },
	{ "systemd-cat -t diskalias as another uid (stdout) is not",
	  BOOT "_TRANSPORT=stdout\n_UID=1000\n_COMM=cat\n" BODY, 0 },
	{ "systemd-cat -t diskalias as root (stdout) is not",
	  BOOT "_TRANSPORT=stdout\n" ROOT BODY, 0 },
	{ "a user's sd_journal_send() with the tool's fields is not",
	  BOOT "_TRANSPORT=journal\n_UID=1000\n_COMM=diskalias\n_EXE=/home/u/diskalias\n" BODY, 0 },
	{ "root's other program sending the tool's fields (_COMM) is not",
	  BOOT "_TRANSPORT=journal\n" ROOT "_COMM=python3\n_EXE=/usr/bin/python3.11\n" BODY, 0 },
	{ "... nor with only _EXE read",
	  BOOT "_TRANSPORT=journal\n" ROOT "_EXE=/usr/bin/python3.11\n" BODY, 0 },
	{ "... nor with an _EXE that only ends in diskalias",
	  BOOT "_TRANSPORT=journal\n" ROOT "_EXE=/usr/bin/notdiskalias\n" BODY, 0 },
	{ "a record without _UID is not",
	  BOOT "_TRANSPORT=journal\n" TOOL BODY, 0 },
	{ "two _UID fields are not",
	  BOOT "_TRANSPORT=journal\n_UID=1000\n" ROOT TOOL BODY, 0 },
	{ "two _TRANSPORT fields are not",
	  BOOT "_TRANSPORT=syslog\n_TRANSPORT=journal\n" ROOT TOOL BODY, 0 },
	{ "another SYSLOG_IDENTIFIER is not",
	  BOOT "_TRANSPORT=journal\n" ROOT TOOL "SYSLOG_IDENTIFIER=diskalias2\n"
	  "DISKALIAS_EVENT=add\nDISKALIAS_DISK=sdb\n", 0 },
	{ "a kernel record is not a name record",
	  BOOT "_TRANSPORT=kernel\nSYSLOG_IDENTIFIER=kernel\nMESSAGE=block sdb: alias set to data0\n", 0 },
};

static int parse(const char *text, struct log_record *rec,
		 struct journal_fields *jf)
{
	return journal_export_parse(text, strlen(text), rec, jf);
}

static void test_trust(void)
{
	for (size_t i = 0; i < sizeof(trust) / sizeof(*trust); i++) {
		struct log_record rec;
		struct journal_fields jf;

		expect(parse(trust[i].text, &rec, &jf) == 0 &&
		       journal_is_name_record(&jf) == trust[i].trusted,
		       trust[i].what, trust[i].text);
	}
}

static void test_fields(void)
{
	static const char text[] = BOOT "_TRANSPORT=journal\n" ROOT TOOL BODY
		"DISKALIAS_LATER=a field of a later version\n";
	struct log_record rec;
	struct journal_fields jf;
	struct name_record nr;
	int ok;

	ok = parse(text, &rec, &jf) == 0 && journal_name_record(&jf, &nr) == 0;
	expect(ok, "a record parses (a field it does not know is left)", text);
	if (!ok)
		return;
	expect(nr.event == NAME_EVENT_ADD, "its event", text);
	expect(span_is(nr.disk.p, nr.disk.len, "sdb"), "its kernel name", text);
	expect(nr.has_devno && nr.major == 8 && nr.minor == 16, "its MAJ:MIN", text);
	expect(nr.has_diskseq && nr.diskseq == 12, "its diskseq", text);
	expect(span_is(nr.key.p, nr.key.len, "/dev/disk/by-id/wwn-0x5000c500a1b2c3d4"),
	       "its key", text);
	expect(span_is(nr.wwn.p, nr.wwn.len, "0x5000c500a1b2c3d4") &&
	       span_is(nr.serial.p, nr.serial.len, "Z1Z2Z3Z4"), "its WWN and serial", text);
	expect(nr.nlinks == 2 &&
	       span_is(nr.links[1].p, nr.links[1].len,
		       "/dev/disk/by-path/pci-0000:00:04.0-scsi-0:0:0:1"),
	       "its links, in order", text);
	expect(span_is(nr.alias.p, nr.alias.len, "data0") &&
	       nr.alias_from == NAME_ALIAS_KERNEL, "its alias, the kernel's", text);
	expect(span_is(nr.boot_id.p, nr.boot_id.len, "0f5c1d8e2a3b4c5d6e7f8091a2b3c4d5"),
	       "its boot", text);
}

/* Records with the trusted fields that still say nothing to go by. */
static const struct {
	const char *what, *fields;
	int ok;
} shapes[] = {
	{ "a remove with nothing but its kernel name",
	  "DISKALIAS_EVENT=remove\nDISKALIAS_DISK=sdb\n", 1 },
	{ "an alias given up (no alias)",
	  "DISKALIAS_EVENT=alias-released\nDISKALIAS_DISK=loop0\n", 1 },
	{ "an alias from the config",
	  "DISKALIAS_EVENT=change\nDISKALIAS_DISK=sdb\nDISKALIAS_ALIAS=data0\n"
	  "DISKALIAS_ALIAS_FROM=config\n", 1 },
	{ "no event", "DISKALIAS_DISK=sdb\n", 0 },
	{ "an unknown event", "DISKALIAS_EVENT=move\nDISKALIAS_DISK=sdb\n", 0 },
	{ "no kernel name", "DISKALIAS_EVENT=add\n", 0 },
	{ "an empty kernel name", "DISKALIAS_EVENT=add\nDISKALIAS_DISK=\n", 0 },
	{ "a kernel name with a slash",
	  "DISKALIAS_EVENT=add\nDISKALIAS_DISK=../sdb\n", 0 },
	{ "two kernel names",
	  "DISKALIAS_EVENT=add\nDISKALIAS_DISK=sdb\nDISKALIAS_DISK=sdc\n", 0 },
	{ "two aliases",
	  "DISKALIAS_EVENT=add\nDISKALIAS_DISK=sdb\nDISKALIAS_ALIAS=a\nDISKALIAS_ALIAS=b\n", 0 },
	{ "an alias the kernel refuses",
	  "DISKALIAS_EVENT=add\nDISKALIAS_DISK=sdb\nDISKALIAS_ALIAS=data 0\n", 0 },
	{ "a MAJ:MIN without its colon",
	  "DISKALIAS_EVENT=add\nDISKALIAS_DISK=sdb\nDISKALIAS_MAJ_MIN=816\n", 0 },
	{ "a MAJ:MIN out of range",
	  "DISKALIAS_EVENT=add\nDISKALIAS_DISK=sdb\nDISKALIAS_MAJ_MIN=8:99999999\n", 0 },
	{ "a diskseq that is no number",
	  "DISKALIAS_EVENT=add\nDISKALIAS_DISK=sdb\nDISKALIAS_DISKSEQ=x\n", 0 },
	{ "an unknown source of the alias",
	  "DISKALIAS_EVENT=add\nDISKALIAS_DISK=sdb\nDISKALIAS_ALIAS=a\nDISKALIAS_ALIAS_FROM=user\n", 0 },
};

static void test_shapes(void)
{
	for (size_t i = 0; i < sizeof(shapes) / sizeof(*shapes); i++) {
		char text[1024];
		struct log_record rec;
		struct journal_fields jf;
		struct name_record nr;

		snprintf(text, sizeof(text), "_TRANSPORT=journal\n" ROOT
			 "SYSLOG_IDENTIFIER=diskalias\n%s", shapes[i].fields);
		expect(parse(text, &rec, &jf) == 0 &&
		       (journal_name_record(&jf, &nr) == 0) == shapes[i].ok,
		       shapes[i].what, text);
	}
}

/* journalctl -o json gives the same record. */
static void test_json(void)
{
	static const char line[] =
		"{\"_TRANSPORT\":\"journal\",\"_UID\":\"0\",\"SYSLOG_IDENTIFIER\":\"diskalias\","
		"\"MESSAGE\":\"sdb removed: wwn-0x5000c500a1b2c3d4\",\"DISKALIAS_EVENT\":\"remove\","
		"\"DISKALIAS_DISK\":\"sdb\",\"DISKALIAS_LINK\":[\"/dev/disk/by-id/a\",\"/dev/disk/by-path/b\"]}";
	char scratch[sizeof(line)];
	struct log_record rec;
	struct journal_fields jf;
	struct name_record nr;

	expect(journal_json_parse(line, strlen(line), &rec, &jf, scratch) == 0 &&
	       journal_is_name_record(&jf) && journal_name_record(&jf, &nr) == 0 &&
	       nr.event == NAME_EVENT_REMOVE && nr.nlinks == 2,
	       "a JSON record is read alike", line);
}

int main(void)
{
	test_trust();
	test_fields();
	test_shapes();
	test_json();
	return tap_end();
}
