/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_LOG_H
#define DISKALIAS_LOG_H

/*
 * "diskalias log": the kernel log with each disk it names annotated with
 * what was true of that name when the record was logged, from evidence
 * valid at that time, strongest first:
 *
 *  log      the log's own lines: "block sdb: alias set to data0", the
 *           " (alias data0)" a patched kernel ends a message with, and the
 *           lines that tie a name to a device or end that tie ("sd 2:0:0:1:
 *           [sdb] Attached SCSI disk", "... Synchronizing SCSI cache");
 *  journal  the record's own fields (_UDEV_SYSNAME, _KERNEL_DEVICE,
 *           _UDEV_DEVLINK), as udev knew them when it was logged;
 *  system   today's disks (sysfs), only for records of the running boot
 *           and only from the last time the log shows the name change.
 *
 * A boot starts at "Linux version", a new _BOOT_ID, or a time that goes
 * back; the evidence of one boot never reaches into another.  Files:
 * log_evidence.c (per-boot evidence, boots), log_running.c (the running
 * boot's records), log_annotate.c
 * (a record's disks and notes), log_output.c (plain and JSON), log_read.c
 * (the input formats), cmd_log.c (options).
 */

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "alias_rules.h"
#include "disk_index.h"
#include "journal.h"
#include "kmsg.h"

#define LOG_NAME_MAX	32	/* longer words are not disk names */
#define LOG_ADDR_MAX	32

enum log_source {
	SRC_NONE,
	SRC_LOG,
	SRC_JOURNAL,
	SRC_SYSTEM,
};

const char *log_source_name(enum log_source s);

/* A kernel name of one boot of the log and what that boot showed of it. */
struct ev_disk {
	char name[LOG_NAME_MAX + 1];
	char addr[LOG_ADDR_MAX + 1];	/* the bus address tied to it, or "" */
	char alias[ALIAS_MAX_LEN + 1];	/* or "" */
	enum log_source alias_src;	/* SRC_LOG or SRC_JOURNAL */
	char *persistent;		/* from the journal, or NULL */
	uint32_t hash;
	uint8_t name_len;
	bool attached;		/* an attach line since its last change */
	bool removed;		/* a removal line, no new attach since */
	bool changed;		/* taken by another disk, or removed */
	bool changed_no_time;	/* ... at a record without a time */
	uint64_t changed_at;	/* the last change's time (usec) */
	uint64_t changed_rec;	/* ... and record number */
	uint64_t mentioned, named, noted;	/* record stamps */
	const struct dx_disk *sys;	/* today's disk of the name, as of */
	unsigned sys_gen;		/* ... this index generation (0: none) */
	uint32_t run_k;			/* the name in the running boot's map */
	bool run_looked;
};

/* The kernel names of one boot, by name (open addressing into disks). */
struct ev_map {
	struct ev_disk *disks;
	size_t n, cap;
	uint32_t *slots;	/* index + 1; 0 empty */
	size_t mask;
};

#define EV_MAX_NAMES	65536	/* more names in one boot: not tracked */
#define EV_NONE		UINT32_MAX

void ev_map_reset(struct ev_map *m);
void ev_map_free(struct ev_map *m);
/* The entry of name (created when create); EV_NONE when none. */
uint32_t ev_map_get(struct ev_map *m, const char *name, size_t len, bool create);
uint32_t ev_map_by_addr(const struct ev_map *m, const char *addr, size_t len);

/* What the running boot's /dev/kmsg shows: read before annotating. */
struct run_boot {
	bool loaded;
	unsigned nboots;	/* boots in it; the last is the running one */
	uint64_t nrecords;
	uint64_t oldest;	/* time of its last boot's first timed record */
	uint64_t newest;	/* ... and of its latest */
	bool have_oldest;
	struct run_seen {
		uint64_t usec;		/* 0: empty */
		uint32_t key;		/* a hash of the text */
	} *seen;		/* its last boot's timed records */
	size_t seen_n, seen_mask;
	struct ev_map names;	/* its last boot's names and their changes */
};

void run_boot_add(struct run_boot *rb, uint64_t usec, const char *text, size_t len);
bool run_boot_has(const struct run_boot *rb, uint64_t usec, const char *text, size_t len);
void run_boot_free(struct run_boot *rb);

struct hit {
	size_t start, len;		/* in the text */
	uint32_t ev;
	enum log_token_kind kind;
};

/* A disk's note at one record: each half with where it came from. */
struct note {
	const char *alias, *persistent;
	enum log_source alias_src, persistent_src;
	const struct dx_disk *sys;	/* today's disk, when valid */
};

struct logger {
	/* today's disks */
	struct disk_index dx;
	bool have_index;
	bool live;			/* /dev/kmsg: the running boot */
	time_t last_scan;
	uint64_t dx_built_rec;		/* the record the index is as of */
	unsigned dx_gen;		/* counts index builds, from 1 */
	bool dx_stale;
	struct log_scanner scanner;

	/* the boot of the record at hand */
	bool gather_only;		/* reading the running boot: no output */
	struct ev_map ev;
	unsigned boot_no;
	uint64_t boot_records;
	bool current;			/* the record's boot is the running one */
	/* a saved kernel log: which of its boots is the running one */
	bool *verdicts;			/* by boot number - 1 */
	size_t nverdicts;
	uint64_t nmatched, nmismatched;	/* the boot's records in /dev/kmsg, not */
	bool prepass;			/* counting them */
	bool have_last_time;
	uint64_t last_time;
	char boot_id[40];
	char running_boot_id[40];	/* /proc/sys/kernel/random/boot_id */
	struct run_boot run;

	/* the record at hand */
	const struct log_record *rec;
	const struct journal_fields *jf;
	enum log_event event;
	struct log_event_info event_info;
	struct hit *hits;
	size_t nhits, hits_cap;
	uint32_t meta;			/* the disk of DEVICE=, or EV_NONE */
	const char *text_alias;		/* " (alias NAME)" ending the record */
	size_t text_alias_len;
	uint64_t nrecords;

	/* --disk: what the disk was called at the record's time */
	bool filter;
	char *filter_alias, *filter_persistent, *filter_name;

	/* output */
	bool json;
	enum log_format format;
	FILE *out;
	char *buf;			/* unescaped text, journal scratch */
	size_t buf_cap;
	char *scratch;
	size_t scratch_cap;
	unsigned long nmalformed, nlost;
};

/* log_evidence.c */
uint32_t log_hash(const char *s, size_t len);
void log_build_index(struct logger *lg);
void log_boot_track(struct logger *lg);
void log_events_before(struct logger *lg);
void log_events_after(struct logger *lg);
void log_journal_evidence(struct logger *lg);
void log_read_running_boot(struct logger *lg);
void log_end_prepass(struct logger *lg);
bool log_system_valid(struct logger *lg, struct ev_disk *e);
const struct dx_disk *log_system_disk(struct logger *lg, struct ev_disk *e);

/* log_annotate.c */
void log_find_disks(struct logger *lg, const struct log_record *rec, bool parsed);
void log_note(struct logger *lg, uint32_t ev, struct note *n);
bool log_wanted(struct logger *lg);
void log_set_filter(struct logger *lg, const char *arg);
void log_handle(struct logger *lg, const struct log_record *rec,
		const struct journal_fields *jf, const char *raw, size_t raw_len);
void log_malformed(struct logger *lg, const char *raw, size_t len, bool count,
		   bool piece);

/* log_output.c */
void log_print_plain(struct logger *lg, const struct log_record *rec);
void log_print_json(struct logger *lg, const struct log_record *rec,
		    const char *raw, size_t raw_len, bool malformed);
void log_put(struct logger *lg, const char *s, size_t len);

/* log_read.c */
extern volatile sig_atomic_t log_stop;
void log_read_input(struct logger *lg, const char *path);
void log_read_kmsg(struct logger *lg, bool follow);

#endif
