// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diskalias log: the kernel log with each disk it names annotated with
 * what that name meant when the record was logged (log.h says from what).
 * This file: the options.
 */
#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "disk/disk_table.h"
#include "diskalias.h"
#include "lib/sysroot.h"
#include "lib/xalloc.h"
#include "log/journal_reader.h"
#include "log/log.h"

enum {
	OPT_INPUT = OPT_VERB_BASE,
	OPT_FORMAT,
	OPT_DISK,
	OPT_JOURNAL,
	OPT_JOURNAL_DIR,
};

/*
 * SIGINT, SIGTERM and SIGHUP end log, whatever it reads.  The reader stops
 * at the next record (a read that waits is interrupted: no SA_RESTART),
 * what was annotated is written, and the tool ends by the signal, as if
 * it had not caught it.  Some waits no caught signal interrupts (a file
 * on a hard NFS mount or on FUSE, read or mapped: the kernel wakes them
 * for a signal that kills only): the handler gives each signal its
 * default action back, and a thread sends the signal again if the tool
 * is still there STOP_GRACE_MS later, which then kills it.
 */
#define STOP_GRACE_MS	1000

static const int stop_signals[] = { SIGINT, SIGTERM, SIGHUP };
static sem_t stop_sem;

static void on_signal(int sig)
{
	struct sigaction dfl = { .sa_handler = SIG_DFL };
	int saved = errno;

	if (!log_stop)
		log_stop = sig;
	for (size_t i = 0; i < sizeof(stop_signals) / sizeof(*stop_signals); i++)
		sigaction(stop_signals[i], &dfl, NULL);
	sem_post(&stop_sem);
	errno = saved;
}

static void *stop_watch(void *arg)
{
	struct timespec grace = { STOP_GRACE_MS / 1000,
				  STOP_GRACE_MS % 1000 * 1000000L };

	(void)arg;
	while (sem_wait(&stop_sem) != 0)
		;
	while (nanosleep(&grace, &grace) != 0)
		;
	kill(getpid(), log_stop);
	return NULL;
}

static void catch_stop_signals(void)
{
	struct sigaction sa = { .sa_handler = on_signal };
	sigset_t all, old;
	pthread_t t;

	if (sem_init(&stop_sem, 0, 0) != 0)
		err(DA_EXIT_FAILURE, "sem_init");
	/* the thread takes no signal: each interrupts the reader */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	if (pthread_create(&t, NULL, stop_watch, NULL) != 0)
		errx(DA_EXIT_FAILURE, "cannot start a thread");
	pthread_detach(t);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	for (size_t i = 0; i < sizeof(stop_signals) / sizeof(*stop_signals); i++)
		sigaction(stop_signals[i], &sa, NULL);
}

static void usage_log(void)
{
	usage_top("log [-fJ] [--disk <disk>]\n"
		  "log [-J] [--disk <disk>] --input <file> [--format <format>]\n"
		  "log [-J] [--disk <disk>] --journal[=<boot>] [--journal-dir <dir>]",
		  "Show the kernel log with each disk it names annotated with its alias\n"
		  "and most stable persistent name when the record was logged:\n"
		  "sdb[data0 wwn-0x5000c500a1b2c3d4].");
	printf(" -f, --follow           wait for new records of /dev/kmsg\n");
	printf(" -J, --json             one JSON object a record\n");
	printf("     --disk <disk>      only records about this disk (name, link or alias)\n");
	printf("     --input <file>     read saved records from file (\"-\": stdin)\n");
	printf("     --format <format>  the input's format: kmsg, dmesg, export or json\n"
	       "                          (journalctl -o export/json; default: detect)\n");
	printf("     --journal[=<boot>]\n"
	       "                        read the kernel's records from the journal, of every\n"
	       "                          boot or of one (an ID, 0, -1, ... or 1, 2, ...)\n");
	printf("     --journal-dir <dir>\n"
	       "                        read the journal files in dir (another machine's)\n");
	printf("     --sysroot <dir>    use the specified directory as system root\n");
	printf(" -h, --help             display this help\n");
	printf(" -V, --version          display version\n");
	printf("\nFor more details see diskalias(8).\n");
}

static enum log_format parse_format(const char *arg)
{
	static const char *const names[] = {
		[LOG_FORMAT_KMSG] = "kmsg", [LOG_FORMAT_DMESG] = "dmesg",
		[LOG_FORMAT_EXPORT] = "export", [LOG_FORMAT_JSON] = "json",
	};

	for (size_t i = 1; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(arg, names[i]) == 0)
			return (enum log_format)i;
	usage_error("log: %s: unknown format (kmsg, dmesg, export or json)", arg);
}

static const struct option log_longopts[] = {
	{ "follow", no_argument,       NULL, 'f' },
	{ "json",   no_argument,       NULL, 'J' },
	{ "disk",   required_argument, NULL, OPT_DISK },
	{ "input",  required_argument, NULL, OPT_INPUT },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "journal", optional_argument, NULL, OPT_JOURNAL },
	{ "journal-dir", required_argument, NULL, OPT_JOURNAL_DIR },
	COMMON_LONGOPTS,
	{ NULL, 0, NULL, 0 }
};
#define LOG_SHORTOPTS "fJ"

static int run_log(int argc, char **argv)
{
	static char outbuf[1 << 20];
	struct logger lg = { .out.out = stdout, .rec.meta = EV_NONE };
	const char *input = NULL, *disk = NULL, *boot = NULL, *jdir = NULL;
	bool follow = false, journal = false, format = false;
	char *source = NULL;
	char why[DISK_NAME_MAX * 3];
	int c, r;

	while ((c = getopt_long(argc, argv, LOG_SHORTOPTS COMMON_SHORTOPTS,
				log_longopts, NULL)) != -1) {
		switch (c) {
		case 'f':
			follow = true;
			break;
		case 'J':
			lg.out.json = true;
			break;
		case OPT_DISK:
			if (!*optarg)
				usage_error("log: --disk: an empty disk name");
			disk = optarg;
			break;
		case OPT_INPUT:
			input = optarg;
			break;
		case OPT_FORMAT:
			lg.in.format = parse_format(optarg);
			format = true;
			break;
		case OPT_JOURNAL:
			journal = true;
			/*
			 * "--journal -1" as journalctl takes "-b -1": log has
			 * no operands and no digit options, so a boot as the
			 * next word can only be --journal's
			 */
			if (!optarg && optind < argc &&
			    journal_boot_valid(argv[optind]))
				optarg = argv[optind++];
			if (optarg && !journal_boot_valid(optarg))
				usage_error("log: --journal=%s: not a boot ID nor an "
					    "offset (0, -1, ... or 1, 2, ...)", optarg);
			boot = optarg;
			break;
		case OPT_JOURNAL_DIR:
			journal = true;
			jdir = optarg;
			break;
		default:
			common_option(c, optarg);
		}
	}
	if (optind < argc)
		usage_error("log: %s: unexpected argument", argv[optind]);
	if (follow && (input || journal))
		usage_error("log: --follow reads /dev/kmsg, not %s",
			    input ? "--input" : "the journal");
	if (input && journal)
		usage_error("log: --input and --journal are two inputs: give one");
	if (format && !input)
		usage_error("log: --format is the format of --input");
	setup_sysroot();

	setvbuf(stdout, outbuf, _IOFBF, sizeof(outbuf));
	catch_stop_signals();
	lg.sys.live = !input && !journal;
	log_build_index(&lg.sys, 0);
	if (disk && log_filter_set(&lg.filter, &lg.sys, disk, why, sizeof(why)) < 0)
		errx(DA_EXIT_FAILURE, "%s: %s", disk, why);

	if (journal) {
		source = jdir ? xstrdup(jdir) : sysroot_path("/var/log/journal");
		r = log_read_running_boot(&lg.sys, &lg.in);
		if (!r)
			r = log_read_journal(&lg, jdir, boot, source);
	} else if (input) {
		source = xstrdup(strcmp(input, "-") ? input : "stdin");
		r = log_read_running_boot(&lg.sys, &lg.in);
		if (!r)
			r = log_read_input(&lg, input);
	} else {
		source = xstrdup("/dev/kmsg");
		r = log_read_kmsg(&lg, follow);
	}

	/* what was annotated before a failure goes out too */
	if (r < 0 && lg.in.why)
		warnx("%s", lg.in.why);
	if (log_output_flush(&lg.out) != 0 || ferror(stdout)) {
		if (r < 0 && !lg.in.why)
			errno = -r;	/* the output's failure before a wait */
		exit_write_error();
	}
	if (r < 0) {
		logger_free(&lg);
		free(source);
		return DA_EXIT_FAILURE;
	}
	if (lg.in.nlost)
		warnx("/dev/kmsg: records were overwritten before they could be read "
		      "(%lu times)", lg.in.nlost);
	if (lg.out.nmalformed)
		warnx("%s: %lu malformed record%s, shown as read", source,
		      lg.out.nmalformed, lg.out.nmalformed == 1 ? "" : "s");
	if (disk && !lg.filter.nkept && !log_stop)
		warnx("%s: no record of the log is about this disk", disk);
	logger_free(&lg);
	free(source);
	if (log_stop) {
		fflush(stderr);
		raise(log_stop);	/* its default action: the end */
	}
	return DA_EXIT_OK;
}

const struct verb verb_log = {
	"log", run_log, usage_log, "[options]",
	"the kernel log with aliases (see log --help)",
	log_longopts, LOG_SHORTOPTS,
};
