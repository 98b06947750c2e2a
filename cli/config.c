// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * /etc/diskalias.conf: parse, look up, rewrite atomically under a lock.
 */
#include "config.h"

#include <dirent.h>
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "alias_rules.h"
#include "sysroot.h"

#define DEV_DISK "/dev/disk/"
#define QUOTE_MAX 80

static void *xrealloc_array(void *p, size_t n, size_t size)
{
	p = reallocarray(p, n ? n : 1, size);
	if (!p)
		err(EXIT_FAILURE, "cannot allocate memory");
	return p;
}

static char *xstrndup(const char *s, size_t n)
{
	char *p = strndup(s, n);

	if (!p)
		err(EXIT_FAILURE, "cannot allocate memory");
	return p;
}

static void __attribute__((format(printf, 3, 4)))
add_problem(struct conf *c, unsigned int line, const char *fmt, ...)
{
	struct conf_problem *p;
	va_list ap;
	int r;

	c->problems = xrealloc_array(c->problems, c->nproblems + 1,
				     sizeof(*c->problems));
	p = &c->problems[c->nproblems++];
	p->line = line;
	va_start(ap, fmt);
	r = vasprintf(&p->reason, fmt, ap);
	va_end(ap);
	if (r < 0)
		err(EXIT_FAILURE, "cannot allocate memory");
}

static const char *quote(const char *s, size_t len, char *buf)
{
	return alias_quote(s, len, buf, QUOTE_MAX);
}

/*
 * DEVICE: "/dev/disk/by-X/NAME" or "NAME" alone, NAME a single path
 * component.  Returns the offset of NAME, or -1 when malformed.
 */
static ssize_t device_name_offset(const char *dev, size_t len)
{
	const char *slash, *name, *dir = dev;
	size_t dl = strlen(DEV_DISK);

	if (len == 0 || len >= PATH_MAX)
		return -1;
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)dev[i] < 0x20 || dev[i] == 0x7f)
			return -1;
	if (!memchr(dev, '/', len)) {
		name = dev;
	} else {
		/* "/dev/disk/by-id/NAME", or "by-id/NAME" for short */
		if (len > dl && strncmp(dev, DEV_DISK, dl) == 0)
			dir = dev + dl;
		if (len - (size_t)(dir - dev) <= 3 || strncmp(dir, "by-", 3) != 0)
			return -1;
		slash = memchr(dir, '/', len - (size_t)(dir - dev));
		if (!slash || slash == dir + 3)
			return -1;
		name = slash + 1;
		if (memchr(name, '/', len - (size_t)(name - dev)))
			return -1;
	}
	len -= (size_t)(name - dev);
	if (len == 0 || (len == 1 && name[0] == '.') ||
	    (len == 2 && name[0] == '.' && name[1] == '.'))
		return -1;
	return name - dev;
}

/* "by-id/NAME" of a DEVICE with a directory, else the name alone. */
static const char *device_key(const char *dev)
{
	size_t dl = strlen(DEV_DISK);

	return strncmp(dev, DEV_DISK, dl) == 0 ? dev + dl : dev;
}

/* device_key() of a DEVICE not NUL terminated */
static const char *device_key_n(const char *dev, size_t len)
{
	size_t dl = strlen(DEV_DISK);

	return len > dl && strncmp(dev, DEV_DISK, dl) == 0 ? dev + dl : dev;
}

/* Do two DEVICE spellings name the same link? A bare name matches any dir. */
static bool same_device(const char *a, const char *b)
{
	const char *na = strrchr(a, '/'), *nb = strrchr(b, '/');

	if (na && nb)
		return strcmp(device_key(a), device_key(b)) == 0;
	return strcmp(na ? na + 1 : a, nb ? nb + 1 : b) == 0;
}

/*
 * Entries indexed by alias and by the DEVICE's last component, so that
 * the duplicate checks stay linear in the file's size.
 */
struct conf_index {
	size_t *alias_slots, *dev_slots;	/* entry index + 1; 0: free */
	size_t mask;
};

static size_t hash_str(const char *s)
{
	size_t h = 14695981039346656037u;	/* FNV-1a */

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211u;
	return h;
}

static const char *last_component(const char *dev)
{
	const char *slash = strrchr(dev, '/');

	return slash ? slash + 1 : dev;
}

static void index_insert(size_t *slots, size_t mask, const char *key,
			 size_t idx)
{
	size_t i = hash_str(key) & mask;

	while (slots[i])
		i = (i + 1) & mask;
	slots[i] = idx + 1;
}

static void index_grow(struct conf_index *x, const struct conf *c)
{
	size_t n = (x->mask + 1) * 2;

	/* room for one more entry at a load of one half at most */
	if (x->mask && (c->nentries + 1) * 2 <= x->mask + 1)
		return;
	if (n < 64)
		n = 64;
	free(x->alias_slots);
	free(x->dev_slots);
	x->alias_slots = calloc(n, sizeof(size_t));
	x->dev_slots = calloc(n, sizeof(size_t));
	if (!x->alias_slots || !x->dev_slots)
		err(EXIT_FAILURE, "cannot allocate memory");
	x->mask = n - 1;
	for (size_t i = 0; i < c->nentries; i++) {
		index_insert(x->alias_slots, x->mask, c->entries[i].alias, i);
		index_insert(x->dev_slots, x->mask,
			     last_component(c->entries[i].device), i);
	}
}

static const struct conf_entry *index_find_alias(const struct conf_index *x,
						 const struct conf *c,
						 const char *alias)
{
	if (!x->mask)
		return NULL;
	for (size_t i = hash_str(alias) & x->mask; x->alias_slots[i];
	     i = (i + 1) & x->mask) {
		const struct conf_entry *e = &c->entries[x->alias_slots[i] - 1];

		if (strcmp(e->alias, alias) == 0)
			return e;
	}
	return NULL;
}

static const struct conf_entry *index_find_device(const struct conf_index *x,
						  const struct conf *c,
						  const char *dev)
{
	if (!x->mask)
		return NULL;
	for (size_t i = hash_str(last_component(dev)) & x->mask;
	     x->dev_slots[i]; i = (i + 1) & x->mask) {
		const struct conf_entry *e = &c->entries[x->dev_slots[i] - 1];

		if (same_device(e->device, dev))
			return e;
	}
	return NULL;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

static void parse_line(struct conf *c, struct conf_index *x,
		       unsigned int lineno, const char *s, size_t len)
{
	const char *w[4];
	size_t wl[4], nw = 0, i = 0;
	char q1[QUOTE_MAX], q2[QUOTE_MAX], why[256];
	struct alias_check chk;
	const char *hash;

	if (memchr(s, '\0', len)) {
		add_problem(c, lineno, "contains a NUL byte");
		return;
	}
	hash = memchr(s, '#', len);
	if (hash)
		len = (size_t)(hash - s);
	while (i < len && nw < 4) {
		while (i < len && is_blank(s[i]))
			i++;
		if (i == len)
			break;
		w[nw] = s + i;
		while (i < len && !is_blank(s[i]))
			i++;
		wl[nw] = (size_t)(s + i - w[nw]);
		nw++;
	}
	if (nw == 0)
		return;
	if (wl[0] != 5 || memcmp(w[0], "alias", 5) != 0) {
		add_problem(c, lineno,
			    "unknown keyword %s; a line is \"alias NAME DEVICE\"",
			    quote(w[0], wl[0], q1));
		return;
	}
	if (nw == 1) {
		add_problem(c, lineno, "\"alias\" needs NAME and DEVICE");
		return;
	}
	if (nw == 2) {
		add_problem(c, lineno, "alias %s has no DEVICE",
			    quote(w[1], wl[1], q1));
		return;
	}
	if (nw == 4) {
		add_problem(c, lineno, "unexpected %s after DEVICE",
			    quote(w[3], wl[3], q1));
		return;
	}
	if (alias_check(w[1], wl[1], &chk) != 0 || chk.len != wl[1]) {
		if (chk.verdict == ALIAS_OK)	/* a trailing '\n' cannot occur */
			chk.verdict = ALIAS_BAD_BYTE;
		add_problem(c, lineno, "invalid alias %s: %s",
			    quote(w[1], wl[1], q1),
			    alias_reason(&chk, why, sizeof(why)));
		return;
	}
	if (device_name_offset(w[2], wl[2]) < 0) {
		add_problem(c, lineno,
			    "device %s is neither a /dev/disk/by-*/ link nor a link's name",
			    quote(w[2], wl[2], q1));
		return;
	}

	if (memchr(w[2], '/', wl[2])) {
		const char *dir = device_key_n(w[2], wl[2]);
		size_t dirlen = (size_t)((const char *)memchr(dir, '/', wl[2] - (size_t)(dir - w[2])) - dir);

		if (!conf_key_dir(dir, dirlen)) {
			add_problem(c, lineno,
				    "device %s is not a by-id or by-path link: %.*s names %s, not the hardware, and another disk could carry that name",
				    quote(w[2], wl[2], q1), (int)dirlen, dir,
				    dirlen == 10 && memcmp(dir, "by-diskseq", 10) == 0 ?
				    "a boot's numbering" : "what a disk holds");
			return;
		}
	}

	char *alias = xstrndup(w[1], wl[1]), *dev = xstrndup(w[2], wl[2]);

	const struct conf_entry *e = index_find_alias(x, c, alias);

	if (e) {
		add_problem(c, lineno, "alias %s is already given on line %u",
			    quote(alias, wl[1], q1), e->line);
		goto drop;
	}
	e = index_find_device(x, c, dev);
	if (e) {
		add_problem(c, lineno, "device %s already has alias %s on line %u",
			    quote(dev, wl[2], q1),
			    quote(e->alias, strlen(e->alias), q2), e->line);
		goto drop;
	}
	index_grow(x, c);
	c->entries = xrealloc_array(c->entries, c->nentries + 1,
				    sizeof(*c->entries));
	c->entries[c->nentries++] = (struct conf_entry){ alias, dev, lineno };
	index_insert(x->alias_slots, x->mask, alias, c->nentries - 1);
	index_insert(x->dev_slots, x->mask, last_component(dev),
		     c->nentries - 1);
	return;
drop:
	free(alias);
	free(dev);
}

size_t conf_parse(const char *buf, size_t len, struct conf *c)
{
	struct conf_index x = { 0 };
	unsigned int lineno = 0;
	size_t pos = 0;

	memset(c, 0, sizeof(*c));
	while (pos < len) {
		const char *nl = memchr(buf + pos, '\n', len - pos);
		size_t end = nl ? (size_t)(nl - buf) : len;

		if (lineno == UINT_MAX) {
			add_problem(c, 0, "too many lines");
			break;
		}
		parse_line(c, &x, ++lineno, buf + pos, end - pos);
		pos = end + 1;
	}
	free(x.alias_slots);
	free(x.dev_slots);
	return c->nproblems;
}

void conf_free(struct conf *c)
{
	for (size_t i = 0; i < c->nentries; i++) {
		free(c->entries[i].alias);
		free(c->entries[i].device);
	}
	for (size_t i = 0; i < c->nproblems; i++)
		free(c->problems[i].reason);
	free(c->entries);
	free(c->problems);
	memset(c, 0, sizeof(*c));
}

const char *conf_strerror(int e)
{
	switch (e) {
	case EFBIG:
		return "file too large; the limit is 1 MiB";
	case EISDIR:
		return "is a directory, not a file";
	case ELOOP:
		return "a loop of symbolic links";
	case ENOENT:
		return "no such file";
	case EACCES:
	case EPERM:
		return "permission denied";
	case EINVAL:
		return "not a regular file";
	default:
		return strerror(e);
	}
}

/* regular_only: /etc/diskalias.conf, never a FIFO or device to wait on */
static int read_all(int fd, bool regular_only, char **text, size_t *textlen)
{
	struct stat sb;
	size_t cap, len = 0;
	ssize_t n;
	char *buf;

	if (fstat(fd, &sb) != 0)
		return -errno;
	if (S_ISDIR(sb.st_mode))
		return -EISDIR;
	if (!S_ISREG(sb.st_mode) &&
	    (regular_only || (!S_ISCHR(sb.st_mode) && !S_ISFIFO(sb.st_mode))))
		return -EINVAL;
	if (S_ISREG(sb.st_mode) && sb.st_size > CONF_MAX_SIZE)
		return -EFBIG;
	cap = S_ISREG(sb.st_mode) ? (size_t)sb.st_size + 1 : 4096;
	buf = malloc(cap + 1);
	if (!buf)
		return -ENOMEM;
	for (;;) {
		if (len == cap) {
			char *p;

			if (cap > CONF_MAX_SIZE) {
				free(buf);
				return -EFBIG;
			}
			cap *= 2;
			p = realloc(buf, cap + 1);
			if (!p) {
				free(buf);
				return -ENOMEM;
			}
			buf = p;
		}
		n = read(fd, buf + len, cap - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = -errno;

			free(buf);
			return e;
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	if (len > CONF_MAX_SIZE) {
		free(buf);
		return -EFBIG;
	}
	buf[len] = '\0';
	*text = buf;
	*textlen = len;
	return 0;
}

int conf_load(const char *path, bool in_sysroot, bool missing_ok,
	      struct conf *c, char **text, size_t *textlen)
{
	char *buf = NULL;
	size_t len = 0;
	int fd, r;

	memset(c, 0, sizeof(*c));
	if (text)
		*text = NULL;
	if (textlen)
		*textlen = 0;
	/* --config FILE may be a pipe, "<(...)"; the file in /etc may not */
	fd = in_sysroot ? sysroot_open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK)
			: open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		r = -errno;
		if (r == -ENOENT && missing_ok)
			goto parse;
		return r;
	}
	r = read_all(fd, in_sysroot, &buf, &len);
	close(fd);
	if (r < 0)
		return r;
parse:
	conf_parse(buf ? buf : "", len, c);
	if (text) {
		if (!buf)
			buf = xstrndup("", 0);
		*text = buf;
		*textlen = len;
	} else {
		free(buf);
	}
	return 0;
}

void conf_warn_problems(const char *path, const struct conf *c)
{
	for (size_t i = 0; i < c->nproblems; i++) {
		if (c->problems[i].line)
			warnx("%s:%u: %s", path, c->problems[i].line,
			      c->problems[i].reason);
		else
			warnx("%s: %s", path, c->problems[i].reason);
	}
	if (c->nproblems)
		warnx("%s: %zu problem%s; the file is ignored until fixed",
		      path, c->nproblems, c->nproblems == 1 ? "" : "s");
}

int conf_load_or_warn(const char *path, bool in_sysroot, bool missing_ok,
		      struct conf *c, char **text, size_t *textlen)
{
	int r = conf_load(path, in_sysroot, missing_ok, c, text, textlen);

	if (r < 0) {
		warnx("%s: cannot read the config: %s", path, conf_strerror(-r));
		return r;
	}
	if (c->nproblems) {
		conf_warn_problems(path, c);
		if (text) {
			free(*text);
			*text = NULL;
		}
		conf_free(c);
		return -EINVAL;
	}
	return 0;
}

bool conf_key_dir(const char *dir, size_t len)
{
	return (len == 5 && memcmp(dir, "by-id", 5) == 0) ||
	       (len == 7 && memcmp(dir, "by-path", 7) == 0);
}

bool conf_device_matches(const char *device, const char *dir,
			 const char *name)
{
	size_t dl = strlen(dir);

	if (!conf_key_dir(dir, dl))
		return false;	/* a label or a UUID names content */
	if (!strchr(device, '/'))
		return strcmp(device, name) == 0;
	device = device_key(device);
	return strncmp(device, dir, dl) == 0 && device[dl] == '/' &&
	       strcmp(device + dl + 1, name) == 0;
}

bool conf_entry_matches_disk(const struct conf_entry *e, const struct disk *d)
{
	for (size_t j = 0; j < d->nlinks; j++) {
		const struct disk_link *l = &d->links[j];

		if (l->part == -1 && conf_device_matches(e->device, l->dir, l->name))
			return true;
	}
	return false;
}

const struct conf_entry *conf_find_disk(const struct conf *c,
					const struct disk *d, size_t *nmatch)
{
	const struct conf_entry *found = NULL;
	size_t n = 0;

	for (size_t i = 0; i < c->nentries; i++) {
		if (conf_entry_matches_disk(&c->entries[i], d)) {
			if (!found)
				found = &c->entries[i];
			n++;
		}
	}
	if (nmatch)
		*nmatch = n;
	return found;
}

const struct conf_entry *conf_find_alias(const struct conf *c,
					 const char *alias)
{
	for (size_t i = 0; i < c->nentries; i++)
		if (strcmp(c->entries[i].alias, alias) == 0)
			return &c->entries[i];
	return NULL;
}

static bool has_prefix(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* "-part3" at the end: a partition's link, never a disk's key */
static bool is_part_name(const char *name)
{
	const char *p = strstr(name, "-part");
	const char *last = NULL;

	while (p) {
		last = p;
		p = strstr(p + 1, "-part");
	}
	if (!last || !last[5])
		return false;
	for (p = last + 5; *p; p++)
		if (*p < '0' || *p > '9')
			return false;
	return true;
}

/* Lower is more stable; -1: not a persistent name of the disk. */
static int stable_rank(const struct disk_link *l)
{
	static const char *const transports[] = {
		"scsi-", "nvme-", "virtio-", "ata-",
	};
	size_t len = strlen(l->name);

	if (l->part != -1 || is_part_name(l->name))
		return -1;
	if (strcmp(l->dir, "by-id") == 0) {
		if (has_prefix(l->name, "wwn-"))
			return 0;
		/* duplicates udev keeps for compatibility */
		if (has_prefix(l->name, "nvme-eui.") ||
		    has_prefix(l->name, "nvme-nguid.") ||
		    (len > 2 && strcmp(l->name + len - 2, "_1") == 0))
			return 10;
		for (size_t i = 0; i < sizeof(transports) / sizeof(*transports); i++)
			if (has_prefix(l->name, transports[i]))
				return 1 + (int)i;
		return 9;
	}
	if (strcmp(l->dir, "by-path") == 0)
		return 20;
	return -1;
}

bool conf_stable_name(const struct disk *d, char *buf, size_t bufsz)
{
	const struct disk_link *best = NULL;
	int best_rank = INT_MAX;

	/* links are sorted by directory and name: the first of a rank wins */
	for (size_t i = 0; i < d->nlinks; i++) {
		int r = stable_rank(&d->links[i]);

		if (r >= 0 && r < best_rank) {
			best = &d->links[i];
			best_rank = r;
		}
	}
	if (!best)
		return false;
	return (size_t)snprintf(buf, bufsz, DEV_DISK "%s/%s", best->dir,
				best->name) < bufsz;
}

int conf_lock(void)
{
	int fd;

	fd = sysroot_open_mode(CONF_LOCK_PATH, O_RDWR | O_CREAT | O_NOCTTY, 0644);
	if (fd < 0 && (errno == EROFS || errno == EACCES)) {
		/* a lock file made before /etc went read-only still locks */
		int e = errno;

		fd = sysroot_open(CONF_LOCK_PATH, O_RDONLY | O_NOCTTY);
		if (fd < 0)
			return -e;
	}
	if (fd < 0)
		return -errno;
	while (flock(fd, LOCK_EX) != 0) {
		if (errno != EINTR) {
			int e = -errno;

			close(fd);
			return e;
		}
	}
	return 0;	/* fd stays open: the lock lasts until exit */
}

/* Test hook: DISKALIAS_TEST_CRASH=before-rename dies as a power cut would. */
static void maybe_crash(const char *where)
{
	const char *hook = getenv("DISKALIAS_TEST_CRASH");

	if (hook && strcmp(hook, where) == 0)
		raise(SIGKILL);
}

static int write_all(int fd, const char *p, size_t len)
{
	size_t half = len / 2;

	while (len > 0) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			return -EIO;
		p += n;
		len -= (size_t)n;
		if (half && len <= half) {
			half = 0;
			maybe_crash("mid-write");
		}
	}
	return 0;
}

/* ".diskalias.conf.XXXXXX", a temp file's name (the lock's is not one) */
static bool is_temp_name(const char *name)
{
	static const char prefix[] = ".diskalias.conf.";
	const char *x = name + sizeof(prefix) - 1;

	if (strncmp(name, prefix, sizeof(prefix) - 1) != 0 || strlen(x) != 6)
		return false;
	for (; *x; x++)
		if (!((*x >= 'a' && *x <= 'z') || (*x >= '0' && *x <= '9')))
			return false;
	return true;
}

/*
 * Writers make their temp file under the lock, so one found while
 * holding it was left by a writer that died (power cut, kill -9).
 */
static void remove_stale_temp_files(int dfd)
{
	struct dirent *de;
	DIR *dir;
	int fd = dup(dfd);

	if (fd < 0)
		return;
	dir = fdopendir(fd);
	if (!dir) {
		close(fd);
		return;
	}
	while ((de = readdir(dir)))
		if (is_temp_name(de->d_name))
			unlinkat(dfd, de->d_name, 0);
	closedir(dir);
}

/*
 * Where the config's content lives: /etc/diskalias.conf, or the file it
 * links to (configuration management keeps it elsewhere), in path[] as an
 * absolute path below the sysroot.  Replacing the link with a file would
 * leave its target stale: the target is rewritten in its own directory.
 */
static int conf_real_path(char *path, size_t size)
{
	char target[PATH_MAX];
	struct stat sb;

	snprintf(path, size, "%s", CONF_PATH);
	for (int depth = 0;; depth++) {
		char *slash;
		ssize_t n;

		if (fstatat(sysroot_fd(), path + 1, &sb, AT_SYMLINK_NOFOLLOW) != 0 ||
		    !S_ISLNK(sb.st_mode))
			return 0;	/* a file, or none yet: written here */
		if (depth == 8)
			return -ELOOP;
		n = readlinkat(sysroot_fd(), path + 1, target, sizeof(target) - 1);
		if (n < 0)
			return -errno;
		target[n] = '\0';
		if (target[0] == '/') {
			/* absolute: below the sysroot, as every path here */
			if ((size_t)n >= size)
				return -ENAMETOOLONG;
			memcpy(path, target, (size_t)n + 1);
		} else {
			slash = strrchr(path, '/');
			if ((size_t)(slash - path) + 1 + (size_t)n >= size)
				return -ENAMETOOLONG;
			memcpy(slash + 1, target, (size_t)n + 1);
		}
	}
}

int conf_write_atomic(const char *text, size_t len)
{
	char tmp[32], real[PATH_MAX], dir[PATH_MAX];
	const char *base;
	struct stat sb;
	mode_t mode = 0644;
	int fd, dfd, r;

	r = conf_real_path(real, sizeof(real));
	if (r < 0)
		return r;
	base = strrchr(real, '/') + 1;
	snprintf(dir, sizeof(dir), "%.*s", (int)(base - real), real);
	if (!*base)
		return -EISDIR;
	snprintf(tmp, sizeof(tmp), ".diskalias.conf.XXXXXX");
	dfd = sysroot_open(dir, O_RDONLY | O_DIRECTORY);
	if (dfd < 0)
		return -errno;
	if (fstatat(dfd, base, &sb, 0) == 0)
		mode = sb.st_mode & 07777;
	remove_stale_temp_files(dfd);

	/* mkstemp() wants a path: build the name, create it with openat() */
	for (int tries = 0;; tries++) {
		static const char chars[] = "abcdefghijklmnopqrstuvwxyz0123456789";
		unsigned long v = (unsigned long)getpid() * 2654435761u ^
				  (unsigned long)tries * 40503u ^
				  (unsigned long)time(NULL);
		char *x = tmp + strlen(tmp) - 6;

		for (int i = 0; i < 6; i++, v /= 36)
			x[i] = chars[v % 36];
		fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL |
			    O_CLOEXEC | O_NOCTTY, 0600);
		if (fd >= 0 || errno != EEXIST || tries > 100)
			break;
	}
	if (fd < 0) {
		r = -errno;
		close(dfd);
		return r;
	}
	r = write_all(fd, text, len);
	if (!r && fchmod(fd, mode) != 0)
		r = -errno;
	if (!r && fsync(fd) != 0)
		r = -errno;
	if (close(fd) != 0 && !r)
		r = -errno;
	if (!r) {
		maybe_crash("before-rename");
		if (renameat(dfd, tmp, dfd, base) != 0)
			r = -errno;
	}
	if (r) {
		unlinkat(dfd, tmp, 0);
		close(dfd);
		return r;
	}
	/*
	 * The rename should survive a power cut too, but it is done: failing
	 * now would tell the caller the old file is in place when it is not.
	 */
	if (fsync(dfd) != 0 && errno != EINVAL)
		warnx("%s: written, but flushing /etc failed (%s); it may revert to the old file after a power cut",
		      CONF_PATH, strerror(errno));
	close(dfd);
	return 0;
}
