// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diskalias apply [--config FILE] [--dry-run] [DISK...]: give each disk
 * present the alias /etc/diskalias.conf records for it.
 *
 * diskalias apply --udev DISK: the same for the one disk of a udev event,
 * matched through the links udev gave it (DEVLINKS, since /dev/disk may
 * not have them yet), printing DISKALIAS_ALIAS=<alias> for IMPORT{program}
 * so that udev makes /dev/disk/by-alias/<alias> on any kernel.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "alias_rules.h"
#include "conf_decide.h"
#include "config.h"
#include "diskalias.h"
#include "disks.h"
#include "sysroot.h"

#define NO_ATTRIBUTE "this kernel has no alias attribute (see kernel-patch/)"
#define STAYS "which stays until the disk goes away"

enum {
	OPT_CONFIG = OPT_VERB_BASE,
	OPT_DRY_RUN,
	OPT_UDEV,
};

struct apply_ctx {
	const char *path;	/* the config, as named in messages */
	bool dry_run;
	unsigned int ok, failed;
};

static void __attribute__((noreturn)) usage_apply(void)
{
	printf("Usage:\n");
	printf(" %s apply [options] [DISK...]\n", program_invocation_short_name);
	printf(" %s apply --udev DISK\n", program_invocation_short_name);
	printf("\nSet the aliases /etc/diskalias.conf records on the disks present.\n");
	printf("\nOptions:\n");
	printf("     --config <file>   read this config instead of /etc/diskalias.conf\n");
	printf("     --dry-run         say what would be done, change nothing\n");
	printf("     --udev            for a udev rule: one disk, print DISKALIAS_ALIAS=\n");
	printf("     --sysroot <dir>   use the specified directory as system root\n");
	printf(" -h, --help            display this help\n");
	printf("\nExit status: 0 all set, 1 none set, 64 some set; see diskalias(8).\n");
	exit(DA_EXIT_OK);
}

/* The kernel's refusal in words. */
static const char *write_errno_reason(int e)
{
	switch (e) {
	case EINVAL:
		return "the kernel says it is not a valid alias";
	case EBUSY:
		return "the disk already has another alias, " STAYS;
	case EEXIST:
		return "another disk has it, or it is the kernel name of a disk or partition";
	case ENOENT:
		return NO_ATTRIBUTE;
	case ENODEV:
		return "the disk is being added or deleted";
	case ENOTREG:
		return "/sys/block/<disk>/alias is not a regular file";
	case EACCES:
	case EPERM:
		return "permission denied; setting an alias needs root";
	default:
		return strerror(e);
	}
}

/* Write alias to /sys/block/<disk>/alias; 0 or an errno. */
static int write_alias_attr(const char *disk, const char *alias)
{
	char path[DISK_NAME_MAX + 32];
	size_t len = strlen(alias);
	ssize_t n;
	int fd, e;

	snprintf(path, sizeof(path), "/sys/block/%s/alias", disk);
	fd = sysroot_open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return errno;
	e = -check_regular(fd);
	if (e) {
		close(fd);
		return e;
	}
	n = write(fd, alias, len);
	e = n < 0 ? errno : 0;
	if (close(fd) != 0 && !e)
		e = errno;
	if (!e && (size_t)n != len)
		e = EIO;
	return e;
}

static void __attribute__((format(printf, 3, 4)))
entry_failed(struct apply_ctx *ax, const struct conf_entry *e,
	     const char *fmt, ...)
{
	char reason[512], q[80];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	warnx("%s:%u: alias %s for %s: %s", ax->path, e->line,
	      alias_quote(e->alias, strlen(e->alias), q, sizeof(q)),
	      e->device, reason);
	ax->failed++;
}

static void apply_one(struct apply_ctx *ax, const struct disk_table *dt,
		      const struct disk *d, const struct conf_entry *e)
{
	int r;

	if (d->alias) {
		if (strcmp(d->alias, e->alias) == 0) {
			printf("%s: alias %s already set\n", d->name, e->alias);
			ax->ok++;
			return;
		}
		entry_failed(ax, e, "disk %s already has alias \"%s\", " STAYS,
			     d->name, d->alias);
		return;
	}
	if (!d->has_alias_attr) {
		entry_failed(ax, e, "disk %s: %s", d->name, NO_ATTRIBUTE);
		return;
	}
	if (disks_find(dt, e->alias)) {
		entry_failed(ax, e, "it is the kernel name of disk %s", e->alias);
		return;
	}
	if (ax->dry_run) {
		printf("%s: would set alias %s\n", d->name, e->alias);
		ax->ok++;
		return;
	}
	r = write_alias_attr(d->name, e->alias);
	if (r) {
		entry_failed(ax, e, "disk %s: %s", d->name, write_errno_reason(r));
		return;
	}
	printf("%s: alias %s set\n", d->name, e->alias);
	ax->ok++;
}

/* Apply to disk d what conf_decide() gives it; a conflict fails. */
static void apply_disk(struct apply_ctx *ax, const struct disk_table *dt,
		       const struct disk *d, const struct conf *c, bool named)
{
	struct conf_decision dc;
	char why[512];

	conf_decide(c, dt, d, &dc);
	if (dc.verdict == CONF_NONE) {
		if (named) {
			warnx("%s: no entry in %s names this disk", d->name,
			      ax->path);
			ax->failed++;
		}
		return;
	}
	if (dc.verdict == CONF_CONFLICT && dc.conflict == CONFLICT_ENTRIES) {
		for (size_t i = 0; i < c->nentries; i++) {
			const struct conf_entry *e = &c->entries[i];

			if (e != dc.entry && conf_entry_matches_disk(e, d))
				entry_failed(ax, e,
					     "disk %s has alias \"%s\" on line %u too; neither is set",
					     d->name, dc.entry->alias, dc.entry->line);
		}
		return;
	}
	if (dc.verdict == CONF_CONFLICT) {
		entry_failed(ax, dc.entry, "disk %s: conflict: %s", d->name,
			     conf_conflict_reason(c, &dc, d, why, sizeof(why)));
		return;
	}
	apply_one(ax, dt, d, dc.entry);
}

/* An entry naming a partition's link is a mistake worth a line. */
static void check_partition(struct apply_ctx *ax, const struct disk_table *dt,
			    const struct conf_entry *e)
{
	for (size_t i = 0; i < dt->ndisks; i++) {
		const struct disk *d = &dt->disks[i];

		for (size_t j = 0; j < d->nlinks; j++) {
			const struct disk_link *l = &d->links[j];

			if (l->part >= 0 &&
			    conf_device_matches(e->device, l->dir, l->name)) {
				entry_failed(ax, e,
					     "it is partition %s of disk %s; aliases name whole disks",
					     d->parts[l->part].name, d->name);
				return;
			}
		}
	}
}

static int exit_status(const struct apply_ctx *ax)
{
	if (!ax->failed)
		return DA_EXIT_OK;
	return ax->ok ? DA_EXIT_PARTIAL : DA_EXIT_FAILURE;
}

static int apply_all(const char *path, bool in_sysroot, bool dry_run,
		     char **disks, int ndisks)
{
	struct apply_ctx ax = { .path = path, .dry_run = dry_run };
	struct disk_table dt;
	struct conf c;
	int r;

	if (conf_load_or_warn(path, in_sysroot, in_sysroot, &c, NULL, NULL) < 0)
		return DA_EXIT_FAILURE;
	r = disks_scan(&dt, SCAN_ALIAS | SCAN_LINKS);
	if (r < 0) {
		errno = -r;
		warn("cannot read /sys/block");
		conf_free(&c);
		return DA_EXIT_FAILURE;
	}
	if (ndisks == 0) {
		for (size_t i = 0; i < dt.ndisks; i++)
			apply_disk(&ax, &dt, &dt.disks[i], &c, false);
		for (size_t i = 0; i < c.nentries; i++)
			check_partition(&ax, &dt, &c.entries[i]);
	}
	for (int i = 0; i < ndisks; i++) {
		char name[DISK_NAME_MAX];
		const struct disk *d;

		if (disk_resolve_or_warn(disks[i], name) != 0) {
			ax.failed++;
			continue;
		}
		d = disks_find(&dt, name);
		if (!d) {
			warnx("%s: no such disk", disks[i]);
			ax.failed++;
			continue;
		}
		apply_disk(&ax, &dt, d, &c, true);
	}
	disks_free(&dt);
	conf_free(&c);
	return exit_status(&ax);
}

/*
 * udev's links for the disk ("/dev/disk/by-id/x /dev/disk/by-path/y"),
 * as the disk's links: /dev/disk may not have them yet.
 */
static void links_from_devlinks(struct disk *d, const char *devlinks)
{
	const char *p = devlinks;

	d->links = NULL;
	d->nlinks = 0;
	while (*p) {
		const char *end, *slash;
		size_t len;

		while (*p == ' ')
			p++;
		end = strchr(p, ' ');
		len = end ? (size_t)(end - p) : strlen(p);
		if (len > 10 && strncmp(p, "/dev/disk/", 10) == 0 &&
		    (slash = memchr(p + 10, '/', len - 10)) && slash + 1 < p + len) {
			struct disk_link *l;

			d->links = reallocarray(d->links, d->nlinks + 1,
						sizeof(*d->links));
			if (!d->links)
				err(EXIT_FAILURE, "cannot allocate memory");
			l = &d->links[d->nlinks++];
			l->dir = strndup(p + 10, (size_t)(slash - p - 10));
			l->name = strndup(slash + 1, (size_t)(p + len - slash - 1));
			l->part = -1;
			if (!l->dir || !l->name)
				err(EXIT_FAILURE, "cannot allocate memory");
		}
		p += len;
	}
}

static void free_links(struct disk *d)
{
	for (size_t i = 0; i < d->nlinks; i++) {
		free(d->links[i].dir);
		free(d->links[i].name);
	}
	free(d->links);
}

static int apply_udev(const char *path, bool in_sysroot, const char *arg)
{
	const char *devlinks = getenv("DEVLINKS");
	const struct conf_entry *found;
	struct disk_table dt = { 0 };
	struct conf_decision dc;
	struct disk self = { 0 };
	char name[DISK_NAME_MAX], why[512];
	const struct disk *d;
	char *current = NULL;
	struct conf c;
	int r, st = DA_EXIT_OK;

	if (strncmp(arg, "/dev/", 5) == 0)
		arg += 5;
	if (!*arg || strchr(arg, '/') || strlen(arg) >= sizeof(name))
		usage_error("apply: --udev needs a kernel disk name, not %s", arg);
	snprintf(name, sizeof(name), "%s", arg);

	if (conf_load_or_warn(path, in_sysroot, in_sysroot, &c, NULL, NULL) < 0)
		return DA_EXIT_FAILURE;
	if (c.nentries == 0)
		goto out;

	/* the other disks as they are now, to find who else claims the alias */
	r = disks_scan(&dt, SCAN_ALIAS | SCAN_LINKS);
	d = r == 0 ? disks_find(&dt, name) : NULL;
	if (devlinks && *devlinks) {
		self.name = name;
		links_from_devlinks(&self, devlinks);
		d = &self;
	}
	if (!d)
		goto out;
	conf_decide(&c, &dt, d, &dc);
	found = dc.entry;
	if (dc.verdict == CONF_NONE)
		goto out;
	if (dc.verdict == CONF_CONFLICT) {
		warnx("%s: %s:%u: alias \"%s\": conflict: %s; no alias set", name,
		      path, found->line, found->alias,
		      conf_conflict_reason(&c, &dc, d, why, sizeof(why)));
		st = DA_EXIT_FAILURE;
		goto out;
	}

	r = disk_read_alias(name, &current);
	if (r == 0) {
		r = write_alias_attr(name, found->alias);
		if (r == EBUSY || r == EEXIST) {
			/* a racing writer: say what the disk has now */
			free(current);
			current = NULL;
			if (disk_read_alias(name, &current) > 0 &&
			    strcmp(current, found->alias) == 0)
				r = 0;
		}
		if (r) {
			warnx("%s: %s:%u: cannot set alias \"%s\": %s", name, path,
			      found->line, found->alias, write_errno_reason(r));
			st = DA_EXIT_FAILURE;
			goto out;
		}
	} else if (r > 0 && strcmp(current, found->alias) != 0) {
		warnx("%s: %s:%u: cannot set alias \"%s\": the disk already has alias \"%s\", " STAYS,
		      name, path, found->line, found->alias, current);
		st = DA_EXIT_FAILURE;
		goto out;
	}
	/* set, already set, or no attribute: udev makes the link either way */
	printf("DISKALIAS_ALIAS=%s\n", found->alias);
out:
	free(current);
	free_links(&self);
	if (dt.disks)
		disks_free(&dt);
	conf_free(&c);
	return st;
}

int verb_apply(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "config",  required_argument, NULL, OPT_CONFIG },
		{ "dry-run", no_argument,       NULL, OPT_DRY_RUN },
		{ "udev",    no_argument,       NULL, OPT_UDEV },
		COMMON_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	const char *config = NULL;
	bool dry_run = false, udev = false;
	int c;

	while ((c = getopt_long(argc, argv, COMMON_SHORTOPTS, longopts, NULL)) != -1) {
		switch (c) {
		case OPT_CONFIG:
			config = optarg;
			break;
		case OPT_DRY_RUN:
			dry_run = true;
			break;
		case OPT_UDEV:
			udev = true;
			break;
		case 'h':
			usage_apply();
		default:
			common_option(c, optarg);
		}
	}
	if (udev && (argc - optind != 1 || dry_run))
		usage_error("apply: --udev takes one DISK and no --dry-run");
	setup_sysroot();

	if (udev)
		return apply_udev(config ? config : CONF_PATH, !config, argv[optind]);
	return apply_all(config ? config : CONF_PATH, !config, dry_run,
			 argv + optind, argc - optind);
}
