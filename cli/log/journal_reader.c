// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The kernel's records of a journal through sd-journal: see
 * journal_reader.h.  Each entry's fields that "diskalias log" uses are
 * written out as one "journalctl -o export" record and parsed by
 * journal.c, so this file only selects and copies.
 */
#include "journal_reader.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <systemd/sd-id128.h>
#include <systemd/sd-journal.h>

#include "lib/xalloc.h"

struct journal_reader {
	sd_journal *j;
	char boot[SD_ID128_STRING_MAX];	/* "" for every boot */
	char *rec;			/* the entry as an export record */
	size_t len, cap;
	int *fds;			/* a system's journal files, until
					 * sd-journal takes them */
	size_t nfds, fds_cap;
};

/* The fields journal.c takes from a record (the monotonic time is the
 * entry's own, not a field). */
static const char *const wanted[] = {
	"MESSAGE=", "PRIORITY=", "SYSLOG_FACILITY=", "_TRANSPORT=", "_BOOT_ID=",
	"_KERNEL_SUBSYSTEM=", "_KERNEL_DEVICE=", "_UDEV_SYSNAME=", "_UDEV_DEVLINK=",
	"_SOURCE_MONOTONIC_TIMESTAMP=",
	/* a name record's, and who wrote it */
	"SYSLOG_IDENTIFIER=", "_UID=", "_COMM=", "_EXE=", NAME_RECORD_PREFIX,
};

static void put(struct journal_reader *jr, const void *p, size_t n)
{
	if (jr->cap - jr->len < n) {
		size_t cap = jr->cap ? jr->cap : 4096;

		while (cap - jr->len < n)
			cap *= 2;
		jr->rec = xreallocarray(jr->rec, cap, 1);
		jr->cap = cap;
	}
	memcpy(jr->rec + jr->len, p, n);
	jr->len += n;
}

/* One field "KEY=value" in export form: binary when the value holds a
 * newline (journalctl -o export does the same). */
static void put_field(struct journal_reader *jr, const char *d, size_t n)
{
	const char *eq = memchr(d, '=', n);
	size_t klen = (size_t)(eq - d), vlen = n - klen - 1;
	unsigned char le[8];

	if (!memchr(eq + 1, '\n', vlen)) {
		put(jr, d, n);
		put(jr, "\n", 1);
		return;
	}
	put(jr, d, klen);
	put(jr, "\n", 1);
	for (int i = 0; i < 8; i++)
		le[i] = (unsigned char)((uint64_t)vlen >> (8 * i));
	put(jr, le, 8);
	put(jr, eq + 1, vlen);
	put(jr, "\n", 1);
}

static bool is_wanted(const char *d, size_t n)
{
	for (size_t i = 0; i < sizeof(wanted) / sizeof(wanted[0]); i++) {
		size_t k = strlen(wanted[i]);

		if (n >= k && memcmp(d, wanted[i], k) == 0)
			return true;
	}
	return false;
}

struct boot_start {
	sd_id128_t id;
	uint64_t first;		/* realtime of its first entry */
};

static int by_first(const void *a, const void *b)
{
	const struct boot_start *x = a, *y = b;

	return (x->first > y->first) - (x->first < y->first);
}

/* The boots of the journal, oldest first (as journalctl --list-boots). */
static int list_boots(sd_journal *j, struct boot_start **out, size_t *n)
{
	struct boot_start *b = NULL;
	size_t nb = 0;
	const void *d;
	size_t len;
	int r;

	r = sd_journal_query_unique(j, "_BOOT_ID");
	if (r < 0)
		return r;
	SD_JOURNAL_FOREACH_UNIQUE(j, d, len) {
		char id[SD_ID128_STRING_MAX];

		if (len != 9 + 32)
			continue;
		memcpy(id, (const char *)d + 9, 32);
		id[32] = '\0';
		b = xreallocarray(b, nb + 1, sizeof(*b));
		if (sd_id128_from_string(id, &b[nb].id) == 0)
			nb++;
	}
	for (size_t i = 0; i < nb; i++) {
		char match[9 + SD_ID128_STRING_MAX] = "_BOOT_ID=";

		sd_id128_to_string(b[i].id, match + 9);
		sd_journal_flush_matches(j);
		if ((r = sd_journal_add_match(j, match, 0)) < 0 ||
		    (r = sd_journal_seek_head(j)) < 0)
			goto fail;
		b[i].first = UINT64_MAX;
		if (sd_journal_next(j) > 0)
			sd_journal_get_realtime_usec(j, &b[i].first);
	}
	sd_journal_flush_matches(j);
	qsort(b, nb, sizeof(*b), by_first);
	*out = b;
	*n = nb;
	return 0;
fail:
	free(b);
	return r;
}

/* A journalctl -b offset: 0, -N or N, into *off. */
static bool boot_offset(const char *boot, long *off)
{
	char *end;

	if (!strchr("+-0123456789", *boot) || !*boot)
		return false;
	errno = 0;
	*off = strtol(boot, &end, 10);
	return end > boot && !*end && !errno;
}

bool journal_boot_valid(const char *boot)
{
	sd_id128_t id;
	long off;

	return sd_id128_from_string(boot, &id) == 0 || boot_offset(boot, &off);
}

/* boot as an ID or a journalctl -b offset, into jr->boot. */
static int pick_boot(struct journal_reader *jr, const char *boot)
{
	struct boot_start *b;
	size_t nb;
	sd_id128_t id;
	long off;
	int r;

	if (sd_id128_from_string(boot, &id) == 0) {
		sd_id128_to_string(id, jr->boot);
		return 0;
	}
	if (!boot_offset(boot, &off))
		return -EINVAL;
	r = list_boots(jr->j, &b, &nb);
	if (r < 0)
		return r;
	if (off <= 0 && (size_t)-off < nb)
		sd_id128_to_string(b[nb - 1 - (size_t)-off].id, jr->boot);
	else if (off > 0 && (size_t)off <= nb)
		sd_id128_to_string(b[off - 1].id, jr->boot);
	else
		r = -ESRCH;
	free(b);
	return r;
}

static bool ends_with(const char *s, const char *end)
{
	size_t ls = strlen(s), le = strlen(end);

	return ls >= le && strcmp(s + ls - le, end) == 0;
}

/* A journal directory's entry that sd-journal would read as a file. */
static bool is_journal_file(const struct dirent *de)
{
	return (de->d_type == DT_REG || de->d_type == DT_LNK ||
		de->d_type == DT_UNKNOWN) &&
	       (ends_with(de->d_name, ".journal") ||
		ends_with(de->d_name, ".journal~"));
}

/* A machine's directory in it (the default namespace's: a bare ID). */
static bool is_machine_dir(const struct dirent *de)
{
	sd_id128_t id;

	return (de->d_type == DT_DIR || de->d_type == DT_LNK ||
		de->d_type == DT_UNKNOWN) &&
	       strlen(de->d_name) == 32 && sd_id128_from_string(de->d_name, &id) == 0;
}

/* Keep fd when it is a regular file (a FIFO is opened without blocking
 * and never read). */
static void keep_file(struct journal_reader *jr, int fd)
{
	struct stat st;

	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return;
	}
	XGROW(jr->fds, jr->nfds, jr->fds_cap, 16);
	jr->fds[jr->nfds++] = fd;
}

/*
 * The journal files of dir (a path of the system) and of its machines'
 * directories, as sd-journal's SD_JOURNAL_OS_ROOT finds them; each opened
 * by its whole path through src->open_in_root, so that no link, of the
 * directory or of a file in it, leads out of the system's root.
 */
static void find_files(struct journal_reader *jr,
		       const struct journal_source *src, const char *dir,
		       bool top)
{
	struct dirent *de;
	DIR *d;
	int fd;

	fd = src->open_in_root(dir, O_RDONLY | O_DIRECTORY);
	if (fd < 0)
		return;
	d = fdopendir(fd);
	if (!d) {
		close(fd);
		return;
	}
	while ((de = readdir(d))) {
		char *path;
		bool file = is_journal_file(de);

		if (!file && !(top && is_machine_dir(de)))
			continue;
		path = xasprintf("%s/%s", dir, de->d_name);
		if (!file)
			find_files(jr, src, path, false);
		else if ((fd = src->open_in_root(path, O_RDONLY | O_NONBLOCK)) >= 0)
			keep_file(jr, fd);
		free(path);
	}
	closedir(d);
}

/*
 * sd-journal takes the descriptors when it opens them, not when it fails.
 * sd_journal_open_files_fd() refuses every file when one cannot be read
 * as a journal (an empty or damaged file): drop those, as reading a
 * directory does, each tried on a copy of its descriptor.
 */
static int open_files(sd_journal **j, struct journal_reader *jr)
{
	size_t kept = 0;
	int r;

	if (jr->nfds == 0)
		return -ENOENT;
	r = sd_journal_open_files_fd(j, jr->fds, (unsigned)jr->nfds, 0);
	if (r < 0) {
		for (size_t i = 0; i < jr->nfds; i++) {
			int copy = fcntl(jr->fds[i], F_DUPFD_CLOEXEC, 3);
			sd_journal *one;

			if (copy >= 0 &&
			    sd_journal_open_files_fd(&one, &copy, 1, 0) >= 0) {
				sd_journal_close(one);
				jr->fds[kept++] = jr->fds[i];
				continue;
			}
			if (copy >= 0)
				close(copy);
			close(jr->fds[i]);
		}
		jr->nfds = kept;
		r = kept ? sd_journal_open_files_fd(j, jr->fds, (unsigned)kept, 0)
			 : -ENOENT;
	}
	if (r >= 0)
		jr->nfds = 0;
	return r;
}

static int open_journal(struct journal_reader *jr,
			const struct journal_source *src)
{
	if (src->dir)
		return sd_journal_open_directory(&jr->j, src->dir, 0);
	find_files(jr, src, "/var/log/journal", true);
	find_files(jr, src, "/run/log/journal", true);
	return open_files(&jr->j, jr);
}

/*
 * Or the tool's name records, as journald recorded them sent by root:
 * the trust rule in full is journal_is_name_record()'s, on each record.
 */
static int match_name_records(sd_journal *j)
{
	static const char *const fields[] = {
		"_TRANSPORT=journal", "SYSLOG_IDENTIFIER=" NAME_RECORD_IDENTIFIER,
		"_UID=0",
	};
	int r = sd_journal_add_disjunction(j);

	for (size_t i = 0; r >= 0 && i < sizeof(fields) / sizeof(*fields); i++)
		r = sd_journal_add_match(j, fields[i], 0);
	return r;
}

int journal_reader_open(struct journal_reader **out, const struct journal_source *src)
{
	struct journal_reader *jr = xcalloc(1, sizeof(*jr));
	uint64_t bytes = 0;
	int r;

	r = open_journal(jr, src);
	if (r < 0) {
		jr->j = NULL;
		goto fail;
	}
	/* whole messages: the default cuts fields at 64 KiB */
	sd_journal_set_data_threshold(jr->j, 0);
	/* a directory without journal files opens fine: say there is none */
	if (sd_journal_get_usage(jr->j, &bytes) < 0 || bytes == 0) {
		r = -ENOENT;
		goto fail;
	}
	if (src->boot && (r = pick_boot(jr, src->boot)) < 0)
		goto fail;
	r = sd_journal_add_match(jr->j, "_TRANSPORT=kernel", 0);
	if (r >= 0 && src->name_records)
		r = match_name_records(jr->j);
	if (r >= 0 && jr->boot[0]) {
		char match[9 + SD_ID128_STRING_MAX] = "_BOOT_ID=";

		memcpy(match + 9, jr->boot, sizeof(jr->boot));
		r = sd_journal_add_conjunction(jr->j);
		if (r >= 0)
			r = sd_journal_add_match(jr->j, match, 0);
	}
	if (r >= 0)
		r = sd_journal_seek_head(jr->j);
	if (r < 0)
		goto fail;
	*out = jr;
	return 0;
fail:
	journal_reader_close(jr);
	return r;
}

int journal_reader_next(struct journal_reader *jr, struct log_record *rec,
			struct journal_fields *jf)
{
	const void *d;
	size_t n;
	uint64_t mono;
	sd_id128_t boot;
	char stamp[48];
	int r;

again:
	r = sd_journal_next(jr->j);
	if (r <= 0)
		return r;
	jr->len = 0;
	sd_journal_restart_data(jr->j);
	while ((r = sd_journal_enumerate_data(jr->j, &d, &n)) > 0) {
		if (memchr(d, '=', n) && is_wanted(d, n))
			put_field(jr, d, n);
	}
	if (r < 0)
		return r;
	if (sd_journal_get_monotonic_usec(jr->j, &mono, &boot) == 0) {
		int len = snprintf(stamp, sizeof(stamp), "__MONOTONIC_TIMESTAMP=%llu\n",
				   (unsigned long long)mono);

		put(jr, stamp, (size_t)len);
	}
	put(jr, "\n", 1);
	if (journal_export_parse(jr->rec, jr->len, rec, jf) < 0)
		return -EBADMSG;
	/* the second match found it; the whole trust rule says if it counts */
	if (!journal_is_kernel(jf) && !journal_is_name_record(jf))
		goto again;
	return 1;
}

const char *journal_reader_boot(const struct journal_reader *jr)
{
	return jr->boot;
}

void journal_reader_close(struct journal_reader *jr)
{
	if (!jr)
		return;
	if (jr->j)
		sd_journal_close(jr->j);
	for (size_t i = 0; i < jr->nfds; i++)
		close(jr->fds[i]);
	free(jr->fds);
	free(jr->rec);
	free(jr);
}
