// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The messages a patched kernel ends with " (alias NAME)" (kmsg.h,
 * log_alias_message()): any other line that ends so ends with text a
 * device (a USB descriptor, an INQUIRY string), a filesystem label or a
 * user chose, and proves nothing of any disk.
 */
#include "kmsg.h"

#include <string.h>

#include "log_bytes.h"

/*
 * The shapes, as the series prints them: kernel-patch/6.1/ and
 * kernel-patch/6.12/ print the same lines (the media change line is
 * 6.1's alone).  Each shape is the whole message, the alias taken off.
 *  %n a kernel name      %d digits      %i digits, maybe after '-'
 *  %x hex digits         %a a SCSI address H:C:T:L
 *  %w a driver's name (a word)
 *  %t words of the kernel's own tables ("critical medium", "Read")
 *  %c a task's name (comm: at most 15 bytes, no newline)
 *  %N the newline inside a record (kmsg escapes it as \x0a)
 *  %f nvme_log_error()'s flags: "", " MORE", " DNR" or " MORE DNR"
 *  %* anything, to the end
 */
static const char *const alias_lines[] = {
	/* 0003 "block: end messages about an aliased disk with its alias" */
	/* blk_print_req_error() */
	"%t error, dev %n, sector %d op 0x%x:(%t) flags 0x%x phys_seg %d prio class %d",
	/* bio_check_ro() */
	"Trying to write to read-only block-device %n",
	/* bio_check_eod(): one record of two lines (one string: clang's
	 * -Wstring-concatenation wants the parentheses) */
	("%c: attempt to access beyond end of device%N"
	 "%n: rw=%d, sector=%d, nr_sectors = %d limit=%d"),
	/* bdev_write_inode() */
	"VFS: Dirty inode writeback failed for block device %n (err=%i).",
	/* bdev_check_media_change(), disk_force_media_change() (6.1) */
	"VFS: busy inodes on changed media %n",
	/* set_capacity_and_notify() */
	"%n: detected capacity change from %d to %d",
	/* 0005 "scsi: end sd and SCSI command messages with the disk's
	 * alias": sd_printk(), sd_print_sense_hdr(), scmd_printk(),
	 * scsi_print_command(), scsi_print_sense(), scsi_print_result() */
	"%w %a: [%n] %*",
	/* 0007 "nvme: end messages about a namespace with its alias, on
	 * every path": nvme_log_error() (a path disk's block lines are
	 * 0003's) */
	"%n: %t(0x%x) @ LBA %d, %d blocks, %t (sct 0x%x / sc 0x%x)%f",
};

#define TEXT_MAX	64	/* the longest %t */
#define COMM_MAX	15	/* TASK_COMM_LEN - 1 */

static bool is_hex(char c)
{
	return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* A byte of the kernel's tables of words: letters, digits, "/_-<>", ' ' */
static bool is_text(char c)
{
	return is_word(c) || c == '/' || c == '<' || c == '>' || c == ' ';
}

static bool is_comm(char c)
{
	return c != '\n' && c != '\\';
}

static bool has(const char *s, size_t len, size_t i, const char *lit)
{
	size_t n = strlen(lit);

	return len - i >= n && memcmp(s + i, lit, n) == 0;
}

/* Bytes of a class from s[i]: the end of the run. */
static size_t run(const char *s, size_t len, size_t i, bool (*ok)(char))
{
	while (i < len && ok(s[i]))
		i++;
	return i;
}

static bool match(const char *p, const char *s, size_t len, size_t i)
{
	size_t j, max;
	bool (*ok)(char);

	for (; *p; p++) {
		if (*p != '%') {
			if (i >= len || s[i] != *p)
				return false;
			i++;
			continue;
		}
		switch (*++p) {
		case '*':
			return true;
		case 'n':
		case 'w':
			j = run(s, len, i, is_word);
			break;
		case 'i':
			if (i < len && s[i] == '-')
				i++;
			/* fall through */
		case 'd':
			j = run(s, len, i, is_digit);
			break;
		case 'x':
			j = run(s, len, i, is_hex);
			break;
		case 'a':
			j = i + log_scsi_address_len(s, len, i);
			break;
		case 'N':
			if (has(s, len, i, "\n"))
				j = i + 1;
			else if (has(s, len, i, "\\x0a"))
				j = i + 4;
			else
				return false;
			i = j;
			continue;
		case 'f':
			if (has(s, len, i, " MORE"))
				i += 5;
			if (has(s, len, i, " DNR"))
				i += 4;
			continue;
		case 't':
		case 'c':
			/* as long as the rest still matches */
			ok = *p == 't' ? is_text : is_comm;
			max = *p == 't' ? TEXT_MAX : COMM_MAX;
			j = run(s, len, i, ok);
			if (j - i > max)
				j = i + max;
			for (; j > i; j--)
				if (match(p + 1, s, len, j))
					return true;
			return false;
		default:
			return false;
		}
		if (j == i)
			return false;
		i = j;
	}
	return i == len;
}

bool log_alias_message(const char *text, size_t len)
{
	for (size_t k = 0; k < sizeof(alias_lines) / sizeof(alias_lines[0]); k++)
		if (match(alias_lines[k], text, len, 0))
			return true;
	return false;
}
