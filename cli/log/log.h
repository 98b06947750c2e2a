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
 *           lines that tie a name to a device ("sd 2:0:0:1: [sdb] Attached
 *           SCSI disk"); a name's meaning ends only where another device
 *           takes it (a new attach, another address, SCSI adding a device
 *           at its address, a probe's capacity line after a removal,
 *           for every NVMe name an NVMe controller's probe or removal),
 *           never at a removal line alone ("... Synchronizing SCSI
 *           cache" is also a suspend) nor a partition table's line; of
 *           a dm-N the log shows no change at all, and its alias from
 *           the log holds for the record that gave it alone;
 *  journal  the record's own fields (_UDEV_SYSNAME, _KERNEL_DEVICE,
 *           _UDEV_DEVLINK), as udev knew them when it was logged;
 *  system   today's disks (sysfs), only for records of the running boot
 *           and only from the last time the log shows the name change.
 *
 * A boot starts at "Linux version", a new _BOOT_ID, or a time that goes
 * back to under 10 s; the evidence of one boot never reaches into another.
 *
 * The state is split by concern: what is known of the running boot
 * (struct log_system, its record set in run_boot.c), one boot's evidence
 * (struct log_boot), the record at hand (struct log_rec), the --disk
 * filter (struct log_filter) and the output (struct log_output).  A pass
 * over records is a composition of them, fed by a reader (struct
 * log_sink): gathering the running boot's /dev/kmsg (a boot and its
 * records: log_running.c), judging a saved log's boots (the same and a
 * tally: log_running.c), and annotating (struct logger).  A record's
 * road: its boot (log_evidence.c), its disks and their notes, settled
 * (log_annotate.c, log_system.c), kept or not by --disk (log_filter.c),
 * then out (log_output.c), which only reads.  It flows one way: a
 * reader knows only its sink, which it tells when it waits (idle()), and
 * a failure goes back to the verb as -errno (log_input.c words it).
 * log_names.c holds the names of one boot, log_ports.c its ATA ports and
 * NVMe controllers; the readers are reader.c (the bytes), unit.c (the
 * records of each input format), log_read.c (a saved log), log_kmsg.c
 * (/dev/kmsg) and log_journal.c (the journal, through sd-journal);
 * cmd_log.c has the options.
 */

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "alias/alias_rules.h"
#include "disk_index.h"
#include "kmsg/journal.h"
#include "kmsg/kmsg.h"
#include "lib/strmap.h"

#define LOG_NAME_MAX	32	/* longer words are not disk names */
#define LOG_ADDR_MAX	32

enum log_source {
	SRC_NONE,
	SRC_LOG,
	SRC_JOURNAL,
	SRC_SYSTEM,
};

/*
 * Ids grouped by a short key that they hold for a while (a name's bus
 * address, a port's model): which ids hold a key now, found by a hash of
 * the key, so a boot of many thousand names costs the same per line as a
 * boot of ten.  A key's group stays when its last id leaves (a boot's keys
 * are few): the strmap has no removal.
 */
#define EV_KEY_MAX	LOG_ADDR_MAX

struct ev_group {
	char key[EV_KEY_MAX];
	uint8_t key_len;
	uint32_t *ids;		/* in no order */
	uint32_t n, cap;
};

struct ev_groups {
	struct strmap map;
	struct ev_group *g;
	size_t n, cap;
};

/* A member's place: its group, EV_NONE for none. */
#define EV_NO_GROUP	UINT32_MAX

/* A kernel name of one boot of the log and what that boot showed of it. */
struct ev_disk {
	char name[LOG_NAME_MAX + 1];
	char addr[LOG_ADDR_MAX + 1];	/* the bus address tied to it, or "" */
	uint32_t addr_group;		/* ... its group in ev_map.by_addr */
	char alias[ALIAS_MAX_LEN + 1];	/* or "" */
	enum log_source alias_src;	/* SRC_LOG or SRC_JOURNAL */
	uint64_t alias_rec;		/* the record that gave a log alias */
	char *persistent;		/* from the journal, or NULL */
	uint32_t hash;
	uint8_t name_len;
	bool attached;		/* an attach line since its last change */
	bool removed;		/* a removal line, no line of it since */
	bool stopped;		/* a removal line, no attach or resume since */
	bool changed;		/* taken by another disk */
	bool changed_no_time;	/* ... at a record without a time */
	uint64_t changed_at;	/* the last change's time (usec) */
	uint64_t changed_rec;	/* ... and record number */
	bool attach_seen;	/* an attach line of the name in the boot */
	bool attach_no_time;	/* ... the last one without a time */
	uint64_t attach_at;	/* ... the last one's time (usec) */
	/* the record at hand's marks (record numbers; log_annotate.c) */
	uint64_t mentioned, named, noted, listed;
	uint32_t rec_disk;		/* its place in log_rec.disks, if listed */
	const struct dx_disk *sys;	/* today's disk of the name, as of */
	unsigned sys_gen;		/* ... this index generation (0: none) */
	uint32_t run_k;			/* the name in the running boot's map */
	bool run_looked;
	uint32_t nvme_end;		/* ev_map.nvme_end it is settled to */
};

/* The kernel names of one boot, by name (open addressing into disks). */
struct ev_map {
	struct ev_disk *disks;
	size_t n, cap;
	uint32_t *slots;	/* index + 1; 0 empty */
	size_t mask;
	struct ev_groups by_addr;	/* the names that hold an address */
	/*
	 * The last NVMe controller line ends what every NVMe name meant: each
	 * is settled when next found (ev_map_get(), ev_map_by_addr()), not
	 * all at each line, which made a log of many controllers quadratic.
	 */
	uint32_t nvme_end;		/* counts those lines */
	bool nvme_end_no_time;		/* ... the last one's time, */
	uint64_t nvme_end_at, nvme_end_rec;	/* and record number */
	size_t nnvme;			/* NVMe names in the map */
};

#define EV_MAX_NAMES	65536	/* more names in one boot: not tracked */
#define EV_NONE		UINT32_MAX

/* log_names.c */
void ev_map_reset(struct ev_map *m);
void ev_map_free(struct ev_map *m);
/* The entry of name (created when create); EV_NONE when none. */
uint32_t ev_map_get(struct ev_map *m, const char *name, size_t len, bool create);
uint32_t ev_map_by_addr(struct ev_map *m, const char *addr, size_t len);
/* Name k means nothing of what it meant: taken by another device at a
 * record (its time, unless no_time, and its number). */
void ev_disk_end(struct ev_map *m, uint32_t k, bool no_time, uint64_t at,
		 uint64_t rec);
/* Every NVMe name's meaning ends at the record (settled lazily). */
void ev_map_end_nvme(struct ev_map *m, bool no_time, uint64_t at, uint64_t rec);
/* Each name settled: for a map read by index from now on. */
void ev_map_settle_all(struct ev_map *m);
/* Name k's address becomes addr[0..len) ("" with len 0). */
void ev_map_set_addr(struct ev_map *m, uint32_t k, const char *addr, size_t len);

/* The group of key (EV_NO_GROUP: none yet); a group's ids are g[i].ids. */
uint32_t ev_groups_find(const struct ev_groups *gs, const char *key, size_t len);
/* id joins key's group (len <= EV_KEY_MAX), leaving *group's; *group
 * becomes the new group. */
void ev_groups_move(struct ev_groups *gs, uint32_t *group, const char *key,
		    size_t len, uint32_t id);
/* id leaves *group (EV_NO_GROUP: none), which becomes EV_NO_GROUP. */
void ev_groups_leave(struct ev_groups *gs, uint32_t *group, uint32_t id);
/* id holds key[0..len) now (len 0: none), copied to out (EV_KEY_MAX + 1
 * bytes) as a string. */
void ev_groups_hold(struct ev_groups *gs, uint32_t *group, uint32_t id,
		    char *out, const char *key, size_t len);
void ev_groups_reset(struct ev_groups *gs);
void ev_groups_free(struct ev_groups *gs);

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

/* What is known of the running boot: today's disks, its own log. */
struct log_system {
	struct disk_index dx;
	bool have_index;
	bool live;			/* the log is /dev/kmsg: the running boot */
	time_t last_scan;
	uint64_t dx_built_rec;		/* the record the index is as of */
	unsigned dx_gen;		/* counts index builds, from 1 */
	bool dx_stale;
	struct log_scanner scanner;
	char running_boot_id[40];	/* /proc/sys/kernel/random/boot_id */
	struct run_boot run;
	/* a saved kernel log: which of its boots is the running one */
	bool *verdicts;			/* by boot number - 1 */
	size_t nverdicts;
};

/* A port's device as the boot's log identified it (log_ports.c). */
struct ev_port {
	char id[16];			/* "ata3.00" */
	char model[48];			/* the model libata read */
	char addr[LOG_ADDR_MAX + 1];	/* the SCSI address proven, or "" */
	bool pending;			/* no SCSI line matched it yet */
	uint32_t addr_group;		/* in log_boot.port_addrs */
	uint32_t model_group;		/* pending: in log_boot.port_models */
};

/* One boot of the log: where it is, and its names' evidence. */
struct log_boot {
	struct ev_map ev;
	struct ev_port *ports;		/* its ports' devices */
	size_t nports, ports_cap;
	struct strmap port_ids;		/* ports by id */
	struct ev_groups port_links;	/* ... by link ("ata3" of "ata3.00") */
	struct ev_groups port_addrs;	/* ... by the address proven */
	struct ev_groups port_models;	/* the pending ones by model, cut */
	unsigned boot_no;
	uint64_t boot_records;
	bool current;			/* it is the running boot */
	bool have_last_time;
	uint64_t last_time;
	/* the journal's _BOOT_ID, as long as it is: one cut short could
	 * match the next boot's and carry evidence across */
	char *boot_id;
	size_t boot_id_len;
};

struct hit {
	size_t start, len;		/* in the text */
	uint32_t ev;
	enum log_token_kind kind;
	uint32_t disk;			/* in log_rec.disks */
	bool note_here;			/* plain output: the disk's note follows */
};

/* A disk's note at one record: each half with where it came from. */
struct note {
	const char *alias, *persistent;
	enum log_source alias_src, persistent_src;
	const struct dx_disk *sys;	/* today's disk, when valid */
};

/* A disk of the record at hand, its note settled. */
struct rec_disk {
	uint32_t ev;
	struct note note;
};

/* The record at hand: what it is and which disks it is about. */
struct log_rec {
	const struct log_record *rec;
	const struct journal_fields *jf;
	uint64_t nrecords;		/* its number, from 1 */
	bool kernel;			/* the kernel's record, not a user's */
	enum log_event event;
	struct log_event_info event_info;
	struct hit *hits;
	size_t nhits, hits_cap;
	uint32_t meta;			/* the disk of DEVICE=, or EV_NONE */
	bool meta_unnamed;		/* ... which the text does not name */
	const char *text_alias;		/* " (alias NAME)" ending the record */
	size_t text_alias_len;
	struct rec_disk *disks;		/* meta first, then in text order */
	size_t ndisks, disks_cap;
};

/* Where the annotated records go, and which. */
struct json_writer;

struct log_output {
	bool json;
	FILE *out;
	struct json_writer *js;		/* what goes to out, gathered */
	char *buf;			/* unescaped text */
	size_t buf_cap;
	unsigned long nmalformed;
};

/* --disk: what the disk was called at the record's time. */
struct log_filter {
	bool on;
	char *alias, *persistent, *name;
	bool today;			/* a disk of today has that name or alias */
	char *kname;			/* given as a kernel name: the disk's */
	char *addr;			/* ... or as a SCSI address */
	unsigned long nkept;		/* records it kept */
};

/* The input: its format, and what the reader keeps. */
struct log_input {
	enum log_format format;
	char *scratch;			/* journal JSON scratch */
	size_t scratch_cap;
	unsigned long nlost;
	char *why;			/* what stopped the reader, for the verb */
};

/* Where the reader hands each record: one pass's composition. */
struct log_sink {
	void (*record)(void *pass, const struct log_record *rec,
		       const struct journal_fields *jf, const char *raw,
		       size_t raw_len);
	/* a unit that does not parse; count: a new one, piece: cut long */
	void (*malformed)(void *pass, const char *raw, size_t len, bool count,
			  bool piece);
	/* the reader is about to wait for more input (NULL: nothing to do);
	 * 0, or -errno, which ends the reading */
	int (*idle)(void *pass);
	void *pass;
};

/* The annotating pass. */
struct logger {
	struct log_system sys;
	struct log_input in;
	struct log_boot boot;
	struct log_rec rec;
	struct log_filter filter;
	struct log_output out;
};

/* log_system.c: today's disks, valid for a record of the running boot */
void log_build_index(struct log_system *sys, uint64_t nrecords);
bool log_system_valid(struct log_system *sys, const struct log_boot *b,
		      const struct log_rec *r, struct ev_disk *e, bool may_rescan);
void log_system_refresh(struct log_system *sys, const struct log_boot *b,
			const struct log_rec *r, struct ev_disk *e);
/* Whether today's disk of e's name was there at the record: it holds
 * (log_system_valid()) and the running boot's last attach of the name, if
 * the log still shows one, came before the record. */
bool log_system_was_there(struct log_system *sys, const struct log_boot *b,
			  const struct log_rec *r, struct ev_disk *e);
const struct dx_disk *log_system_disk(struct log_system *sys,
				      const struct log_boot *b,
				      const struct log_rec *r, struct ev_disk *e);
void log_system_free(struct log_system *sys);

/* log_evidence.c: a record's boot, and what it shows of the boot's names */
void log_boot_track(struct log_boot *b, struct log_rec *r,
		    enum log_format format, const struct log_system *sys,
		    bool events);
void log_events_before(struct log_boot *b, const struct log_rec *r,
		       struct log_system *sys);
void log_events_after(struct log_boot *b, const struct log_rec *r,
		      struct log_system *sys);
void log_journal_evidence(struct log_boot *b, const struct log_rec *r);
/*
 * Whether the log shows when e's name changes meaning.  dm prints nothing
 * when it creates or removes a device, so a dm-N of a line may be another
 * device than the dm-N of the line before: the log's alias of it holds
 * for the record that gave it alone.
 */
bool log_name_followed(const struct ev_disk *e);
void log_boot_free(struct log_boot *b);
void log_rec_free(struct log_rec *r);

/* log_ports.c: ATA ports tied to the boot's disks by its lines (an NVMe
 * controller never is: only sysfs ties it, in the running boot) */
void log_ports_event(struct log_boot *b, const struct log_rec *r);
/* The disk of the port or controller a line starts with (at *start, of
 * *len bytes), where the boot's log proves it; EV_NONE otherwise. */
uint32_t log_port_disk(struct log_boot *b, const char *text, size_t len,
		       size_t *start, size_t *tok_len);
void log_ports_reset(struct log_boot *b);	/* a new boot's: none */
void log_ports_free(struct log_boot *b);

/* run_boot.c: the running boot's record set */
void run_boot_add(struct run_boot *rb, uint64_t usec, const char *text, size_t len);
bool run_boot_has(const struct run_boot *rb, uint64_t usec, const char *text, size_t len);
void run_boot_clear_seen(struct run_boot *rb);	/* the records, not the names */
void run_boot_free(struct run_boot *rb);

/* log_running.c: the running boot's /dev/kmsg, and a saved log's boots */
/* What the running boot's records (kmsg, buf[0..len)) show, into rb. */
void log_gather_running(struct run_boot *rb, const char *buf, size_t len);

/*
 * The pass that judges which boots of a saved kernel log are the running
 * one, before any is annotated: boots, and a tally of their records that
 * /dev/kmsg has.  Its verdicts go to sys at log_prepass_end().
 */
struct log_prepass {
	struct log_system *sys;
	enum log_format format;
	struct log_boot boot;
	struct log_rec rec;
	uint64_t nmatched, nmismatched;	/* the boot's records in /dev/kmsg, not */
};

struct log_sink log_prepass_start(struct log_prepass *p, struct log_system *sys,
				  enum log_format format);
void log_prepass_end(struct log_prepass *p);

/*
 * log_filter.c: --disk, a stage between the notes and the output.
 * log_filter_set() returns 0, or -errno with why (whysz bytes) saying
 * what of arg is wrong.
 */
int log_filter_set(struct log_filter *f, const struct log_system *sys,
		   const char *arg, char *why, size_t whysz);
/* Is the record at hand (r, of boot b) about the disk --disk gave? */
bool log_filter_wanted(struct log_filter *f, const struct log_boot *b,
		       const struct log_rec *r);
void log_filter_free(struct log_filter *f);

/* log_annotate.c: the annotating pass's sink */
struct log_sink log_annotating_sink(struct logger *lg);
void logger_free(struct logger *lg);

/* log_output.c: prints what the record at hand settled; reads only */
void log_print_plain(struct log_output *o, const struct log_boot *b,
		     const struct log_rec *r, enum log_format format);
void log_print_raw(struct log_output *o, const char *raw, size_t len,
		   bool piece);
void log_print_json(struct log_output *o, const struct log_boot *b,
		    const struct log_rec *r, enum log_format format,
		    const char *raw, size_t raw_len, bool malformed);
void log_put(struct log_output *o, const char *s, size_t len);
/* Write what is gathered (before waiting for input, and at the end): 0, or EOF */
int log_output_flush(struct log_output *o);
void log_output_free(struct log_output *o);

/*
 * log_input.c: a reader's failure, for the verb to say: in->why as
 * err(3) (with strerror(err)) or errx(3) (without) would word it; both
 * return -err.
 */
int __attribute__((format(printf, 3, 4)))
log_input_fail(struct log_input *in, int err, const char *fmt, ...);
int __attribute__((format(printf, 3, 4)))
log_input_failx(struct log_input *in, int err, const char *fmt, ...);
void log_input_free(struct log_input *in);

/*
 * The readers: each returns 0, or -errno with lg->in.why saying why (no
 * why: the sink's idle() failed, and the output says so).  log_stop (a
 * signal's number) stops them at the next record.
 */
extern volatile sig_atomic_t log_stop;
/* log_kmsg.c: /dev/kmsg, the running boot's alone, or to annotate */
int log_read_running_boot(struct log_system *sys, struct log_input *in);
int log_read_kmsg(struct logger *lg, bool follow);
/* log_read.c: a saved log, path ("-": stdin) */
int log_read_input(struct logger *lg, const char *path);
/* log_journal.c: the journal's kernel records (dir NULL: the sysroot's
 * journal; boot NULL: every boot); name is the journal's in messages */
int log_read_journal(struct logger *lg, const char *dir, const char *boot,
		     const char *name);

#endif
