// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diskalias log: the kernel log with each disk it mentions annotated with
 * its alias and most stable persistent name, "sdb[data0 wwn-0x5000...]".
 * A patched kernel ends a message about an aliased disk with " (alias
 * data0)" itself: that disk's note then holds the persistent name alone.
 *
 * The input is read in large blocks and annotated in place: no allocation
 * per record, a table-driven scan for candidate words and one hash lookup
 * each, so a log of a million lines takes about as long as reading it.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "alias_rules.h"
#include "disk_index.h"
#include "diskalias.h"
#include "json_writer.h"
#include "kmsg.h"
#include "sysroot.h"

#define READ_SIZE	(1u << 20)	/* bytes asked of read(2) at once */
#define RECORD_MAX	(1u << 20)	/* longer "lines" pass through in pieces */
#define KMSG_READ_MAX	16384		/* a /dev/kmsg record is at most 8 KiB */
#define RESCAN_SECONDS	1		/* at most one re-scan a second */
#define FOLLOW_POLL_MS	200		/* a followed regular file: poll period */

enum {
	OPT_INPUT = OPT_VERB_BASE,
	OPT_FORMAT,
	OPT_DISK,
};

struct hit {
	size_t start, len;		/* in the text */
	const struct dx_disk *disk;
	enum log_token_kind kind;
};

struct logger {
	struct disk_index dx;
	bool have_index;
	bool live;			/* /dev/kmsg: disks may come while we read */
	time_t last_scan;
	struct log_scanner scanner;	/* the index's names, hotplug names */

	char *filter_name;		/* --disk, resolved; NULL for all */
	char *filter_alias;

	bool json;
	enum log_format format;
	struct hit *hits;		/* reused for every record */
	size_t nhits, hits_cap;
	const struct dx_disk *meta;	/* the disk of DEVICE= */
	const char *text_alias;		/* " (alias NAME)" ending the record */
	size_t text_alias_len;		/* NAME's length; 0 when none */

	/*
	 * Per disk, the number of the last record that mentioned it, named
	 * it by a word, and had it annotated: each disk is annotated once a
	 * record, at its first name, without a quadratic search.
	 */
	uint64_t nrecords;
	uint64_t *mentioned, *named, *noted;
	size_t nstamps;
	char *unescaped;		/* JSON text of a kmsg record */
	size_t unescaped_cap;

	unsigned long nmalformed, nlost;
	FILE *out;
};

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static time_t now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
	return ts.tv_sec;
}

static void set_bit(uint8_t *set, unsigned char c)
{
	set[c >> 3] |= 1u << (c & 7);
}

static void build_index(struct logger *lg)
{
	/* first letters of the names a hotplugged disk may get */
	static const char hotplug_first[] = "dhlmnprsvxz";
	uint8_t first[32];
	size_t max_len;
	int r;

	if (lg->have_index)
		disk_index_free(&lg->dx);
	r = disk_index_build(&lg->dx, !lg->have_index);
	if (r < 0) {
		/* no /sys/block: annotate nothing, pass everything through */
		if (!lg->have_index)
			warnx("/sys/block: %s; disks are not annotated", strerror(-r));
		memset(&lg->dx, 0, sizeof(lg->dx));
	}
	lg->have_index = true;
	lg->last_scan = now_seconds();
	memcpy(first, lg->dx.first_bytes, sizeof(first));
	max_len = lg->dx.max_name_len;
	if (lg->live) {
		for (const char *p = hotplug_first; *p; p++)
			set_bit(first, (unsigned char)*p);
		if (max_len < 32)
			max_len = 32;
	}
	log_scanner_init(&lg->scanner, first, max_len);

	free(lg->mentioned);
	free(lg->named);
	free(lg->noted);
	lg->nstamps = lg->dx.ndisks;
	lg->mentioned = calloc(lg->nstamps + 1, sizeof(uint64_t));
	lg->named = calloc(lg->nstamps + 1, sizeof(uint64_t));
	lg->noted = calloc(lg->nstamps + 1, sizeof(uint64_t));
	if (!lg->mentioned || !lg->named || !lg->noted)
		err(DA_EXIT_FAILURE, "cannot allocate memory");
}

static size_t disk_no(const struct logger *lg, const struct dx_disk *d)
{
	return (size_t)(d - lg->dx.disks);
}

/* Stamp the disks of the record just found. */
static void mark_hits(struct logger *lg)
{
	uint64_t n = ++lg->nrecords;

	for (size_t i = 0; i < lg->nhits; i++) {
		size_t k = disk_no(lg, lg->hits[i].disk);

		lg->mentioned[k] = n;
		if (lg->hits[i].kind == LOG_TOKEN_WORD)
			lg->named[k] = n;
	}
}

static void add_hit(struct logger *lg, size_t start, size_t len,
		    const struct dx_disk *d, enum log_token_kind kind)
{
	if (lg->nhits == lg->hits_cap) {
		lg->hits_cap = lg->hits_cap ? lg->hits_cap * 2 : 16;
		lg->hits = reallocarray(lg->hits, lg->hits_cap, sizeof(*lg->hits));
		if (!lg->hits)
			err(DA_EXIT_FAILURE, "cannot allocate memory");
	}
	lg->hits[lg->nhits++] = (struct hit){ start, len, d, kind };
}

/*
 * Find the disks of a record; true when a name was not in the index.  The
 * " (alias NAME)" a patched kernel ends it with is the kernel's note, not
 * a mention: NAME is not looked up, even when it looks like a disk name.
 */
static bool find_disks(struct logger *lg, const struct log_record *rec,
		       bool parsed)
{
	struct log_token tok;
	bool missed = false;
	size_t pos = 0, len = rec->text_len;

	lg->nhits = 0;
	lg->meta = NULL;
	lg->text_alias_len = 0;
	if (parsed)
		len -= log_alias_suffix(rec->text, rec->text_len,
					&lg->text_alias, &lg->text_alias_len);
	if (rec->device) {
		lg->meta = disk_index_device(&lg->dx, rec->device, rec->device_len);
		if (!lg->meta && lg->live && rec->device_len > 1 &&
		    (rec->device[0] == 'b' || rec->device[0] == '+'))
			missed |= (rec->device[0] == 'b') ||
				  (rec->device_len > 6 && !memcmp(rec->device, "+scsi:", 6)) ||
				  (rec->device_len > 7 && !memcmp(rec->device, "+block:", 7));
	}
	while (log_next_token(&lg->scanner, rec->text, len, &pos, &tok)) {
		const char *w = rec->text + tok.start;
		const struct dx_disk *d = disk_index_lookup(&lg->dx, w, tok.len);

		if (d)
			add_hit(lg, tok.start, tok.len, d, tok.kind);
		else if (lg->live && (tok.kind == LOG_TOKEN_SCSI ||
				      disk_index_plausible_name(w, tok.len)))
			missed = true;
	}
	return missed;
}

static void find_disks_or_rescan(struct logger *lg, const struct log_record *rec,
				 bool parsed)
{
	bool missed = find_disks(lg, rec, parsed);

	/*
	 * On the live log, a disk may have come, or got its alias or links,
	 * since the last scan: scan again before naming one, but not more
	 * than once a second.  In a saved log, an unknown disk is gone.
	 */
	if (lg->live && (missed || lg->nhits || lg->meta) &&
	    now_seconds() - lg->last_scan >= RESCAN_SECONDS) {
		build_index(lg);
		find_disks(lg, rec, parsed);
	}
	mark_hits(lg);
}

static bool is_filtered_disk(const struct logger *lg, const struct dx_disk *d)
{
	if (strcmp(d->name, lg->filter_name) == 0)
		return true;
	return lg->filter_alias && d->alias && strcmp(d->alias, lg->filter_alias) == 0;
}

/* Whether alias (may be NULL) is the NAME of the record's " (alias NAME)". */
static bool is_text_alias(const struct logger *lg, const char *alias)
{
	return lg->text_alias_len && alias &&
	       strncmp(alias, lg->text_alias, lg->text_alias_len) == 0 &&
	       alias[lg->text_alias_len] == '\0';
}

static bool wanted(const struct logger *lg)
{
	if (!lg->filter_name)
		return true;
	/* the kernel said which alias the record is about */
	if (is_text_alias(lg, lg->filter_alias))
		return true;
	if (lg->meta && is_filtered_disk(lg, lg->meta))
		return true;
	for (size_t i = 0; i < lg->nhits; i++)
		if (is_filtered_disk(lg, lg->hits[i].disk))
			return true;
	return false;
}

/*
 * Bytes a terminal would act on: C0 controls but the tab and the newline
 * (which only a malformed record, shown as read, can hold), DEL, and the
 * first byte of a UTF-8 C1 control (U+0080..U+009F, "\xc2\x9b" is CSI).
 */
static bool unsafe_at(const unsigned char *s, size_t len, size_t i)
{
	unsigned char c = s[i];

	if (c < 0x20)
		return c != '\t' && c != '\n';
	if (c == 0x7f)
		return true;
	return c == 0xc2 && i + 1 < len && s[i + 1] >= 0x80 && s[i + 1] <= 0x9f;
}

/* Write s[0..len), each unsafe byte as \xNN as dmesg(1) shows them. */
static void put(struct logger *lg, const char *s, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *u = (const unsigned char *)s;
	size_t run = 0;

	for (size_t i = 0; i < len; i++) {
		if (!unsafe_at(u, len, i))
			continue;
		if (i > run)
			fwrite_unlocked(s + run, 1, i - run, lg->out);
		/* a C1 control is both of its bytes */
		for (size_t k = i; k <= i + (u[i] == 0xc2); k++) {
			char esc[4] = { '\\', 'x', hex[u[k] >> 4], hex[u[k] & 15] };

			fwrite_unlocked(esc, 1, 4, lg->out);
		}
		i += u[i] == 0xc2;
		run = i + 1;
	}
	if (len > run)
		fwrite_unlocked(s + run, 1, len - run, lg->out);
}

/*
 * "[name note]", "[note]", or nothing for an empty one.  The alias is left
 * out of the note when the record ends with the kernel's own " (alias
 * NAME)" for it.
 */
static void put_note(struct logger *lg, const struct dx_disk *d, bool with_name)
{
	const char *note = d->note;
	size_t len = d->note_len;

	if (is_text_alias(lg, d->alias)) {
		note = d->persistent ? d->persistent : "";
		len = strlen(note);
	}
	if (!with_name && !len)
		return;
	fputc_unlocked('[', lg->out);
	if (with_name) {
		put(lg, d->name, d->name_len);
		if (len)
			fputc_unlocked(' ', lg->out);
	}
	put(lg, note, len);
	fputc_unlocked(']', lg->out);
}

/*
 * The text with a note after the first name of each disk; a SCSI address
 * gets one (with the disk's name) only when no name of the disk follows.
 * The " (alias NAME)" of a patched kernel stays where it is, at the end.
 */
static void put_annotated(struct logger *lg, const struct log_record *rec)
{
	uint64_t n = lg->nrecords;
	size_t pos = 0;

	if (lg->meta && lg->mentioned[disk_no(lg, lg->meta)] != n) {
		/* tied by DEVICE= alone: say which disk, as dev_printk would */
		put(lg, lg->meta->name, lg->meta->name_len);
		put_note(lg, lg->meta, false);
		put(lg, ": ", 2);
	}
	for (size_t i = 0; i < lg->nhits; i++) {
		const struct hit *h = &lg->hits[i];
		size_t k = disk_no(lg, h->disk);
		bool scsi = h->kind == LOG_TOKEN_SCSI;
		size_t end = h->start + h->len;

		if (lg->noted[k] == n || (scsi && lg->named[k] == n))
			continue;
		lg->noted[k] = n;
		put(lg, rec->text + pos, end - pos);
		put_note(lg, h->disk, scsi);
		pos = end;
	}
	put(lg, rec->text + pos, rec->text_len - pos);
}

/* dmesg's "[%5lu.%06lu] ", without printf's cost on every record */
static void put_time(struct logger *lg, uint64_t usec)
{
	char buf[40], *p = buf + sizeof(buf);
	uint64_t sec = usec / 1000000, frac = usec % 1000000;
	int width = 0;

	*--p = ' ';
	*--p = ']';
	for (int i = 0; i < 6; i++, frac /= 10)
		*--p = (char)('0' + frac % 10);
	*--p = '.';
	do {
		*--p = (char)('0' + sec % 10);
		width++;
	} while ((sec /= 10));
	for (; width < 5; width++)
		*--p = ' ';
	*--p = '[';
	put(lg, p, (size_t)(buf + sizeof(buf) - p));
}

static void print_plain(struct logger *lg, const struct log_record *rec)
{
	if (lg->format == LOG_FORMAT_KMSG)
		put_time(lg, rec->usec);
	else
		put(lg, rec->prefix, rec->prefix_len);
	put_annotated(lg, rec);
	fputc_unlocked('\n', lg->out);
}

/* text[0..len) as a C string; kmsg escapes turned back into bytes. */
static const char *json_text(struct logger *lg, const char *text, size_t len,
			     bool unescape)
{
	if (len + 1 > lg->unescaped_cap) {
		lg->unescaped_cap = len + 1;
		lg->unescaped = realloc(lg->unescaped, lg->unescaped_cap);
		if (!lg->unescaped)
			err(DA_EXIT_FAILURE, "cannot allocate memory");
	}
	if (unescape)
		len = kmsg_unescape(text, len, lg->unescaped);
	else
		memcpy(lg->unescaped, text, len);
	/* a NUL byte would end the string early: show it as the kernel does */
	for (size_t i = 0; i < len; i++)
		if (lg->unescaped[i] == '\0')
			lg->unescaped[i] = ' ';
	lg->unescaped[len] = '\0';
	return lg->unescaped;
}

static void json_disk(struct json_writer *js, const struct dx_disk *d)
{
	json_object_begin(js, NULL);
	json_string(js, "name", d->name);
	json_string(js, "alias", d->alias);
	json_string(js, "persistent", d->persistent);
	json_object_end(js);
}

static void print_json(struct logger *lg, const struct log_record *rec,
		       const char *raw, size_t raw_len, bool malformed)
{
	struct json_writer js;
	char num[48];

	json_init(&js, lg->out);
	js.compact = true;
	json_object_begin(&js, NULL);
	if (rec->has_time) {
		snprintf(num, sizeof(num), "%" PRIu64 ".%06" PRIu64,
			 rec->usec / 1000000, rec->usec % 1000000);
		json_raw(&js, "time", num);
	} else {
		json_null(&js, "time");
	}
	json_string(&js, "level", log_level_name(rec->level));
	if (malformed)
		json_string(&js, "text", json_text(lg, raw, raw_len, false));
	else
		json_string(&js, "text", json_text(lg, rec->text, rec->text_len,
						   lg->format == LOG_FORMAT_KMSG));
	if (lg->text_alias_len) {
		char alias[ALIAS_MAX_LEN + 1];

		memcpy(alias, lg->text_alias, lg->text_alias_len);
		alias[lg->text_alias_len] = '\0';
		json_string(&js, "text_alias", alias);
	} else {
		json_null(&js, "text_alias");
	}
	json_array_begin(&js, "disks", true);
	if (lg->meta) {
		json_disk(&js, lg->meta);
		lg->noted[disk_no(lg, lg->meta)] = lg->nrecords;
	}
	for (size_t i = 0; i < lg->nhits; i++) {
		size_t k = disk_no(lg, lg->hits[i].disk);

		if (lg->noted[k] != lg->nrecords) {
			lg->noted[k] = lg->nrecords;
			json_disk(&js, lg->hits[i].disk);
		}
	}
	json_array_end(&js);
	if (malformed)
		json_bool(&js, "malformed", true);
	json_object_end(&js);
	json_finish(&js);
}

/*
 * A record that does not parse is shown as it came, and counted; with
 * --disk it is kept when its words name the disk.  A line too long for
 * the buffer goes out in pieces, counted once; only a last piece cut by
 * the end of input gets a newline.
 */
static void malformed_record(struct logger *lg, const char *raw, size_t len,
			     bool count, bool piece)
{
	struct log_record rec = { .level = -1, .facility = -1 };
	size_t text_len = len;

	if (count)
		lg->nmalformed++;
	while (text_len > 0 && raw[text_len - 1] == '\n')
		text_len--;
	rec.text = raw;
	rec.text_len = text_len;
	find_disks_or_rescan(lg, &rec, false);
	lg->meta = NULL;
	if (!wanted(lg))
		return;
	if (lg->json) {
		print_json(lg, &rec, raw, text_len, true);
	} else {
		put(lg, raw, len);
		if (!piece && (!len || raw[len - 1] != '\n'))
			fputc_unlocked('\n', lg->out);	/* cut at EOF */
	}
}

/* One unit of input: a kmsg record or a dmesg line, newline(s) included. */
static void handle_record(struct logger *lg, const char *raw, size_t len)
{
	struct log_record rec;
	size_t body = len;
	int r;

	if (lg->format == LOG_FORMAT_KMSG) {
		r = kmsg_parse(raw, len, &rec);
	} else {
		if (body > 0 && raw[body - 1] == '\n')
			body--;
		r = dmesg_parse(raw, body, &rec);
	}
	if (r < 0) {
		malformed_record(lg, raw, len, true, false);
		return;
	}
	find_disks_or_rescan(lg, &rec, true);
	if (!wanted(lg))
		return;
	if (lg->json)
		print_json(lg, &rec, raw, len, false);
	else
		print_plain(lg, &rec);
}

/* ---- reading ---- */

struct reader {
	int fd;
	const char *name;	/* for messages */
	char *buf;
	size_t cap, start, end;
	bool eof;
	bool follow;		/* a regular file followed: poll at EOF */
};

/* Read more into r->buf; returns false at the end of input. */
static bool fill(struct reader *r)
{
	ssize_t n;

	if (r->start > 0) {
		memmove(r->buf, r->buf + r->start, r->end - r->start);
		r->end -= r->start;
		r->start = 0;
	}
	for (;;) {
		size_t room = r->cap - r->end;

		if (room > READ_SIZE)
			room = READ_SIZE;
		n = read(r->fd, r->buf + r->end, room);
		if (n > 0) {
			r->end += (size_t)n;
			return true;
		}
		if (n < 0 && errno == EINTR && !stop)
			continue;
		if (n < 0 && errno != EINTR)
			err(DA_EXIT_FAILURE, "%s", r->name);
		if (r->follow && !stop) {
			fflush(stdout);
			poll(NULL, 0, FOLLOW_POLL_MS);
			if (!stop)
				continue;
		}
		r->eof = true;
		return false;
	}
}

/* Length of the next complete unit at buf[start..end), or 0. */
static size_t next_unit(const struct logger *lg, const struct reader *r)
{
	const char *p = r->buf + r->start;
	size_t avail = r->end - r->start;
	const char *nl;

	if (lg->format == LOG_FORMAT_KMSG)
		return kmsg_record_len(p, avail, r->eof);
	nl = memchr(p, '\n', avail);
	if (nl)
		return (size_t)(nl - p) + 1;
	return r->eof ? avail : 0;
}

static void read_stream(struct logger *lg, struct reader *r)
{
	bool in_long_line = false;

	r->cap = RECORD_MAX + READ_SIZE;
	r->buf = malloc(r->cap);
	if (!r->buf)
		err(DA_EXIT_FAILURE, "cannot allocate memory");
	r->start = r->end = 0;
	r->eof = false;

	fill(r);
	if (lg->format == LOG_FORMAT_AUTO)
		lg->format = log_detect_format(r->buf, r->end);
	while (r->start < r->end || !r->eof) {
		size_t n = next_unit(lg, r);

		if (n) {
			if (in_long_line)	/* the end of an over-long line */
				malformed_record(lg, r->buf + r->start, n, false, false);
			else
				handle_record(lg, r->buf + r->start, n);
			in_long_line = false;
			r->start += n;
			continue;
		}
		if (r->end - r->start >= RECORD_MAX) {
			malformed_record(lg, r->buf + r->start, RECORD_MAX,
					 !in_long_line, true);
			in_long_line = true;
			r->start += RECORD_MAX;
			continue;
		}
		if (r->eof || stop)
			break;
		fill(r);
	}
	free(r->buf);
}

/* The live /dev/kmsg: one record a read(2), non-blocking. */
static void read_kmsg_device(struct logger *lg, int fd, bool follow)
{
	static char buf[KMSG_READ_MAX];
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	ssize_t n;

	lg->format = LOG_FORMAT_KMSG;
	while (!stop) {
		n = read(fd, buf, sizeof(buf));
		if (n > 0) {
			handle_record(lg, buf, (size_t)n);
			continue;
		}
		if (n < 0 && errno == EPIPE) {
			lg->nlost++;	/* overwritten before we read them */
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno != EAGAIN)
			err(DA_EXIT_FAILURE, "/dev/kmsg");
		if (!follow)
			break;
		fflush(lg->out);
		if (poll(&pfd, 1, -1) < 0 && errno != EINTR)
			err(DA_EXIT_FAILURE, "/dev/kmsg: poll");
	}
}

static void read_kmsg(struct logger *lg, bool follow)
{
	struct reader r = { .name = "/dev/kmsg" };
	struct stat st;
	int fd;

	fd = sysroot_open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (fd < 0 && (errno == EACCES || errno == EPERM))
		errx(DA_EXIT_FAILURE, "/dev/kmsg: permission denied: reading the "
		     "kernel log needs root or CAP_SYSLOG (kernel.dmesg_restrict)");
	if (fd < 0)
		err(DA_EXIT_FAILURE, "/dev/kmsg");
	if (fstat(fd, &st) == 0 && S_ISCHR(st.st_mode)) {
		read_kmsg_device(lg, fd, follow);
	} else {
		/* a saved log in a fake tree: read it to its end (and on) */
		r.fd = fd;
		r.follow = follow && S_ISREG(st.st_mode);
		read_stream(lg, &r);
	}
	close(fd);
}

static void read_input(struct logger *lg, const char *path)
{
	struct reader r = { .name = path };

	if (strcmp(path, "-") == 0) {
		r.fd = STDIN_FILENO;
		r.name = "stdin";
	} else {
		r.fd = open(path, O_RDONLY | O_CLOEXEC);
		if (r.fd < 0)
			err(DA_EXIT_FAILURE, "%s", path);
		posix_fadvise(r.fd, 0, 0, POSIX_FADV_SEQUENTIAL);
	}
	read_stream(lg, &r);
	if (r.fd != STDIN_FILENO)
		close(r.fd);
}

/* ---- options ---- */

static void __attribute__((noreturn)) log_usage(void)
{
	printf("Usage:\n");
	printf(" %s log [options]\n", program_invocation_short_name);
	printf("\nShow the kernel log with each disk it names annotated with its alias\n"
	       "and most stable persistent name: sdb[data0 wwn-0x5000c500a1b2c3d4].\n");
	printf("\nOptions:\n");
	printf(" -f, --follow           wait for new records of /dev/kmsg\n");
	printf(" -J, --json             one JSON object a record\n");
	printf("     --disk <disk>      only records about this disk (name, link or alias)\n");
	printf("     --input <file>     read saved records from file (\"-\": stdin)\n");
	printf("     --format <format>  the input's format: kmsg or dmesg (default: detect)\n");
	printf("     --sysroot <dir>    use the specified directory as system root\n");
	printf(" -h, --help             display this help\n");
	printf(" -V, --version          display version\n");
	printf("\nFor more details see diskalias(8).\n");
	exit(DA_EXIT_OK);
}

/* --disk: any DISK argument, a partition (for its disk) or an alias. */
static void resolve_filter(struct logger *lg, const char *arg)
{
	char disk[DISK_NAME_MAX], part[DISK_NAME_MAX], reason[DISK_NAME_MAX * 3];
	const struct dx_disk *d = NULL;
	int st;

	st = disk_resolve(arg, disk, part);
	if (st == DISK_ARG_OK || (st == DISK_ARG_PARTITION && disk[0]))
		d = disk_index_lookup(&lg->dx, disk, strlen(disk));
	else if (st == DISK_ARG_UNKNOWN && alias_check(arg, strlen(arg), NULL) == 0)
		d = disk_index_find_alias(&lg->dx, arg);
	if (!d && st == DISK_ARG_BROKEN_LINK)
		errx(DA_EXIT_FAILURE, "%s: %s", arg,
		     disk_arg_reason(st, arg, disk, part, reason, sizeof(reason)));
	if (!d)
		errx(DA_EXIT_FAILURE, "%s: no disk has this name or alias", arg);
	lg->filter_name = strdup(d->name);
	lg->filter_alias = d->alias ? strdup(d->alias) : NULL;
	if (!lg->filter_name || (d->alias && !lg->filter_alias))
		err(DA_EXIT_FAILURE, "cannot allocate memory");
}

int verb_log(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "follow", no_argument,       NULL, 'f' },
		{ "json",   no_argument,       NULL, 'J' },
		{ "disk",   required_argument, NULL, OPT_DISK },
		{ "input",  required_argument, NULL, OPT_INPUT },
		{ "format", required_argument, NULL, OPT_FORMAT },
		COMMON_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	static char outbuf[1 << 20];
	struct logger lg = { .out = stdout };
	const char *input = NULL, *disk = NULL;
	struct sigaction sa = { .sa_handler = on_signal };
	bool follow = false;
	int c;

	while ((c = getopt_long(argc, argv, "fJ" COMMON_SHORTOPTS, longopts,
				NULL)) != -1) {
		switch (c) {
		case 'f':
			follow = true;
			break;
		case 'J':
			lg.json = true;
			break;
		case OPT_DISK:
			disk = optarg;
			break;
		case OPT_INPUT:
			input = optarg;
			break;
		case OPT_FORMAT:
			if (strcmp(optarg, "kmsg") == 0)
				lg.format = LOG_FORMAT_KMSG;
			else if (strcmp(optarg, "dmesg") == 0)
				lg.format = LOG_FORMAT_DMESG;
			else
				usage_error("log: %s: unknown format (kmsg or dmesg)", optarg);
			break;
		case 'h':
			log_usage();
		default:
			common_option(c, optarg);
		}
	}
	if (optind < argc)
		usage_error("log: %s: unexpected argument", argv[optind]);
	if (follow && input)
		usage_error("log: --follow reads /dev/kmsg, not --input");
	setup_sysroot();

	setvbuf(stdout, outbuf, _IOFBF, sizeof(outbuf));
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	lg.live = !input;
	build_index(&lg);
	if (disk)
		resolve_filter(&lg, disk);

	if (input)
		read_input(&lg, input);
	else
		read_kmsg(&lg, follow);

	if (fflush(stdout) != 0 || ferror(stdout))
		err(DA_EXIT_FAILURE, "write error");
	if (lg.nlost)
		warnx("/dev/kmsg: records were overwritten before they could be read "
		      "(%lu times)", lg.nlost);
	if (lg.nmalformed)
		warnx("%s: %lu malformed record%s, shown as read",
		      input ? (strcmp(input, "-") ? input : "stdin") : "/dev/kmsg",
		      lg.nmalformed, lg.nmalformed == 1 ? "" : "s");
	disk_index_free(&lg.dx);
	free(lg.hits);
	free(lg.unescaped);
	free(lg.filter_name);
	free(lg.filter_alias);
	free(lg.mentioned);
	free(lg.named);
	free(lg.noted);
	return DA_EXIT_OK;
}
