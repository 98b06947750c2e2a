// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A main() for a fuzz target without libFuzzer: feeds it every file named
 * on the command line (directories: every file in them), so that the seed
 * corpora and any input that once crashed are replayed by ctest with gcc,
 * ASan or valgrind.  The targets abort() on a broken invariant.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t len = 0, cap = 0, n;

	if (!f) {
		perror(path);
		return -1;
	}
	do {
		if (len == cap) {
			uint8_t *p;

			cap = cap ? cap * 2 : 4096;
			p = realloc(buf, cap);
			if (!p) {
				free(buf);
				fclose(f);
				return -1;
			}
			buf = p;
		}
		n = fread(buf + len, 1, cap - len, f);
		len += n;
	} while (n > 0);
	fclose(f);
	/* an exactly sized copy, so that ASan sees a read past the end */
	uint8_t *exact = malloc(len ? len : 1);

	if (!exact) {
		free(buf);
		return -1;
	}
	memcpy(exact, buf, len);
	free(buf);
	LLVMFuzzerTestOneInput(exact, len);
	free(exact);
	return 0;
}

static int replay(const char *path, size_t *count)
{
	struct dirent **names;
	struct stat sb;
	int n, r = 0;

	if (stat(path, &sb) != 0) {
		perror(path);
		return -1;
	}
	if (!S_ISDIR(sb.st_mode)) {
		(*count)++;
		return replay_file(path);
	}
	n = scandir(path, &names, NULL, alphasort);
	if (n < 0) {
		perror(path);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		char sub[4096];

		if (names[i]->d_name[0] != '.') {
			snprintf(sub, sizeof(sub), "%s/%s", path, names[i]->d_name);
			if (replay(sub, count) != 0)
				r = -1;
		}
		free(names[i]);
	}
	free(names);
	return r;
}

int main(int argc, char **argv)
{
	size_t count = 0;
	int r = 0;

	for (int i = 1; i < argc; i++)
		if (replay(argv[i], &count) != 0)
			r = 1;
	printf("%zu inputs replayed\n", count);
	return r || count == 0;
}
