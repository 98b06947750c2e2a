/*
 * alias_write - write exact bytes to sysfs files and report errno by name.
 *
 *   alias_write FILE BYTES
 *	One write(2) of BYTES to FILE; prints "OK" or the errno's name
 *	(EINVAL, EBUSY, ...) and exits 0 or 1.
 *
 *   alias_write --race FILE BYTES [FILE BYTES]...
 *	One process per pair: each opens its FILE, all are released at
 *	once, and each does one write.  Prints "FILE BYTES RESULT" for
 *	every pair, in the order given; exits 0 when every process ran.
 *
 *   alias_write --time N FILE BYTES
 *	N writes of BYTES to FILE through one open file, timed together;
 *	prints "RESULT MEAN_NS MEAN_TSC_TICKS N" (RESULT as above, of the
 *	last write).  For tests/bench: the kernel's cost of one write.
 *
 * BYTES takes the escapes \n \r \t \\ \0 and \xHH, so any byte value,
 * NUL included, can be written; "" is a zero-length write.  A shell's
 * echo reports a failed write as text in its own words, and cannot write
 * every byte: the tests need the exact errno of the one write(2).
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *errno_name(int e)
{
	static char other[32];

	switch (e) {
	case 0: return "OK";
	case EINVAL: return "EINVAL";
	case EBUSY: return "EBUSY";
	case EEXIST: return "EEXIST";
	case ENODEV: return "ENODEV";
	case ENOENT: return "ENOENT";
	case E2BIG: return "E2BIG";
	case ENOMEM: return "ENOMEM";
	case EACCES: return "EACCES";
	case EPERM: return "EPERM";
	case EIO: return "EIO";
	}
	snprintf(other, sizeof(other), "errno%d", e);
	return other;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Decode the escapes of @s into a new buffer; its length goes to @len. */
static char *decode(const char *s, size_t *len)
{
	char *out = malloc(strlen(s) + 1);
	size_t n = 0;

	if (!out) {
		perror("alias_write");
		exit(2);
	}
	while (*s) {
		if (*s != '\\') {
			out[n++] = *s++;
			continue;
		}
		s++;
		switch (*s) {
		case 'n': out[n++] = '\n'; s++; break;
		case 'r': out[n++] = '\r'; s++; break;
		case 't': out[n++] = '\t'; s++; break;
		case '0': out[n++] = '\0'; s++; break;
		case '\\': out[n++] = '\\'; s++; break;
		case 'x':
			if (hexval(s[1]) < 0 || hexval(s[2]) < 0) {
				fprintf(stderr, "alias_write: bad \\x escape\n");
				exit(2);
			}
			out[n++] = (char)(hexval(s[1]) << 4 | hexval(s[2]));
			s += 3;
			break;
		default:
			fprintf(stderr, "alias_write: unknown escape \\%c\n", *s);
			exit(2);
		}
	}
	*len = n;
	return out;
}

/* One write of exactly @len bytes; returns 0 or the errno. */
static int write_once(int fd, const char *buf, size_t len)
{
	ssize_t r = write(fd, buf, len);

	if (r < 0)
		return errno;
	if ((size_t)r != len)
		return -1;
	return 0;
}

static int single(const char *file, const char *bytes)
{
	size_t len;
	char *buf = decode(bytes, &len);
	int fd = open(file, O_WRONLY);
	int e;

	if (fd < 0) {
		printf("%s\n", errno_name(errno));
		return 1;
	}
	e = write_once(fd, buf, len);
	close(fd);
	if (e < 0) {
		printf("SHORT\n");
		return 1;
	}
	printf("%s\n", errno_name(e));
	return e ? 1 : 0;
}

static int race(int n, char **pairs)
{
	/* results[i]: errno of writer i, -1 short write, -2 never wrote */
	int *results = mmap(NULL, n * sizeof(int), PROT_READ | PROT_WRITE,
			    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	int ready[2], go[2];
	int i, ok = 1;
	char c;

	if (results == MAP_FAILED || pipe(ready) || pipe(go)) {
		perror("alias_write");
		return 2;
	}
	for (i = 0; i < n; i++) {
		pid_t pid;

		results[i] = -2;
		pid = fork();
		if (pid < 0) {
			perror("alias_write: fork");
			return 2;
		}
		if (pid == 0) {
			size_t len;
			char *buf = decode(pairs[2 * i + 1], &len);
			int fd = open(pairs[2 * i], O_WRONLY);

			close(ready[0]);
			close(go[1]);
			if (write(ready[1], "r", 1) != 1)
				_exit(1);
			/* blocks until the parent closes the write end */
			while (read(go[0], &c, 1) > 0)
				;
			results[i] = fd < 0 ? errno : write_once(fd, buf, len);
			_exit(0);
		}
	}
	close(ready[1]);
	close(go[0]);
	for (i = 0; i < n; i++)
		if (read(ready[0], &c, 1) != 1) {
			fprintf(stderr, "alias_write: a writer died early\n");
			ok = 0;
			break;
		}
	close(go[1]);
	while (wait(NULL) > 0)
		;
	for (i = 0; i < n; i++) {
		const char *r = results[i] == -2 ? "NOTRUN" :
				results[i] == -1 ? "SHORT" :
				errno_name(results[i]);

		if (results[i] == -2)
			ok = 0;
		printf("%s %s %s\n", pairs[2 * i], pairs[2 * i + 1], r);
	}
	return ok ? 0 : 1;
}

static long now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000L + t.tv_nsec;
}

static unsigned long long tsc(void)
{
#if defined(__x86_64__) || defined(__i386__)
	unsigned int lo, hi;

	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return (unsigned long long)hi << 32 | lo;
#else
	return 0;
#endif
}

/*
 * Under TCG the guest's clock ticks in jiffies, and timer ticks come late
 * when the host is busy; QEMU's emulated TSC follows the host's time.  So
 * all @n writes are timed at once, on both clocks.
 */
static int timed(int n, const char *file, const char *bytes)
{
	size_t len;
	char *buf = decode(bytes, &len);
	int fd = open(file, O_WRONLY);
	unsigned long long c0, cycles;
	long t0, total;
	int i, e = 0;

	if (fd < 0) {
		perror(file);
		return 2;
	}
	t0 = now_ns();
	c0 = tsc();
	for (i = 0; i < n; i++)
		e = write_once(fd, buf, len);
	cycles = tsc() - c0;
	total = now_ns() - t0;
	close(fd);
	printf("%s %ld %llu %d\n", e < 0 ? "SHORT" : errno_name(e), total / n,
	       cycles / n, n);
	free(buf);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 5 && !strcmp(argv[1], "--time") && atoi(argv[2]) > 0)
		return timed(atoi(argv[2]), argv[3], argv[4]);
	if (argc == 3 && strcmp(argv[1], "--race") && strcmp(argv[1], "--time"))
		return single(argv[1], argv[2]);
	if (argc >= 4 && !strcmp(argv[1], "--race") && argc % 2 == 0)
		return race((argc - 2) / 2, argv + 2);
	fprintf(stderr,
		"usage: alias_write FILE BYTES\n"
		"       alias_write --race FILE BYTES [FILE BYTES]...\n"
		"       alias_write --time N FILE BYTES\n");
	return 2;
}
