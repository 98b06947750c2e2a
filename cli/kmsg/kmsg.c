// SPDX-License-Identifier: GPL-2.0-or-later
/* Kernel log records: /dev/kmsg records and dmesg lines (kmsg.h). */
#include "kmsg.h"

#include <endian.h>
#include <string.h>

#include "log_bytes.h"

static bool parse_kmsg_header(const char *line, size_t len, uint64_t *pri,
			      uint64_t *usec, size_t *text_start)
{
	uint64_t seq;
	size_t i = 0;

	if (!get_number(line, len, &i, pri) || i >= len || line[i++] != ',')
		return false;
	if (!get_number(line, len, &i, &seq) || i >= len || line[i++] != ',')
		return false;
	if (!get_number(line, len, &i, usec) || i >= len || line[i++] != ',')
		return false;
	/* flags and fields later kernels add ("caller=T1"): up to ';' */
	while (i < len && line[i] != ';' && line[i] != '\n')
		i++;
	if (i >= len || line[i] != ';')
		return false;
	*text_start = i + 1;
	return true;
}

static size_t line_len(const char *buf, size_t len)
{
	const char *nl = memchr(buf, '\n', len);

	return nl ? (size_t)(nl - buf) : len;
}

enum log_format log_detect_format(const char *buf, size_t len)
{
	uint64_t pri, usec;
	size_t ts, l;

	/* a kmsg header among the first lines: a saved /dev/kmsg, maybe cut */
	for (int lines = 0; len > 0 && lines < 16; lines++) {
		l = line_len(buf, len);
		if (parse_kmsg_header(buf, l, &pri, &usec, &ts))
			return LOG_FORMAT_KMSG;
		if (l == len)
			break;
		buf += l + 1;
		len -= l + 1;
	}
	return LOG_FORMAT_DMESG;
}

size_t kmsg_record_len(const char *buf, size_t len, bool at_eof)
{
	const char *nl = memchr(buf, '\n', len);
	size_t pos;

	if (!nl)
		return at_eof ? len : 0;
	pos = (size_t)(nl - buf) + 1;
	for (;;) {
		if (pos == len)
			return at_eof ? len : 0;	/* a dictionary line may follow */
		if (buf[pos] != ' ')
			return pos;
		nl = memchr(buf + pos, '\n', len - pos);
		if (!nl)
			return at_eof ? len : 0;
		pos = (size_t)(nl - buf) + 1;
	}
}

/* " KEY=value", KEY of capitals, digits and '_' (SUBSYSTEM, DEVICE) */
static bool is_dict_line(const char *s, size_t len)
{
	size_t i = 1;

	if (len < 3 || s[0] != ' ')
		return false;
	while (i < len && ((s[i] >= 'A' && s[i] <= 'Z') || is_digit(s[i]) ||
			   s[i] == '_'))
		i++;
	return i > 1 && i < len && s[i] == '=';
}

int kmsg_parse(const char *buf, size_t len, struct log_record *rec)
{
	size_t hl = line_len(buf, len), ts, pos;
	uint64_t pri, usec;

	memset(rec, 0, sizeof(*rec));
	rec->level = rec->facility = -1;
	if (!parse_kmsg_header(buf, hl, &pri, &usec, &ts) || pri > 1023)
		return -1;
	rec->level = (int)(pri & 7);
	rec->facility = (int)(pri >> 3);
	rec->usec = usec;
	rec->has_time = true;
	rec->text = buf + ts;
	rec->text_len = hl - ts;

	for (pos = hl + 1; pos < len; ) {
		size_t l = line_len(buf + pos, len - pos);

		if (!is_dict_line(buf + pos, l))
			return -1;	/* not a " KEY=value" dictionary line */
		if (l > 8 && memcmp(buf + pos, " DEVICE=", 8) == 0) {
			rec->device = buf + pos + 8;
			rec->device_len = l - 8;
		} else if (l > 11 && memcmp(buf + pos, " SUBSYSTEM=", 11) == 0) {
			rec->subsystem = buf + pos + 11;
			rec->subsystem_len = l - 11;
		}
		pos += l + 1;
	}
	return 0;
}

/* dmesg -x: "kern  :info  : " */
static const char *const facility_names[] = {
	"kern", "user", "mail", "daemon", "auth", "syslog", "lpr", "news",
	"uucp", "cron", "authpriv", "ftp",
};

static const char *const level_names[] = {
	"emerg", "alert", "crit", "err", "warn", "notice", "info", "debug",
};

const char *log_level_name(int level)
{
	if (level < 0 || level > 7)
		return NULL;
	return level_names[level];
}

/* The name of table[] padded with blanks and ended by ':' at s[*i]. */
static int match_padded(const char *s, size_t len, size_t *i,
			const char *const *table, size_t n)
{
	size_t start = *i, j;

	while (*i < len && s[*i] >= 'a' && s[*i] <= 'z')
		(*i)++;
	for (j = 0; j < n; j++)
		if (strlen(table[j]) == *i - start &&
		    memcmp(s + start, table[j], *i - start) == 0)
			break;
	if (j == n)
		return -1;
	while (*i < len && s[*i] == ' ')
		(*i)++;
	if (*i >= len || s[*i] != ':')
		return -1;
	(*i)++;
	return (int)j;
}

/* "<PRI>" (dmesg -r) or "fac :level : " (dmesg -x) at the line start. */
static size_t parse_level_prefix(const char *s, size_t len,
				 struct log_record *rec)
{
	size_t i = 0;
	uint64_t pri;
	int fac, lev;

	if (len == 0 || !(s[0] == '<' || (s[0] >= 'a' && s[0] <= 'z')))
		return 0;	/* the common case: "[" or text */
	if (s[0] == '<') {
		i = 1;
		if (get_number(s, len, &i, &pri) && i < len && s[i] == '>' &&
		    pri <= 1023) {
			rec->level = (int)(pri & 7);
			rec->facility = (int)(pri >> 3);
			return i + 1;
		}
		return 0;
	}
	fac = match_padded(s, len, &i, facility_names,
			   sizeof(facility_names) / sizeof(facility_names[0]));
	if (fac < 0)
		return 0;
	lev = match_padded(s, len, &i, level_names, 8);
	if (lev < 0 || i >= len || s[i] != ' ')
		return 0;
	rec->facility = fac;
	rec->level = lev;
	return i + 1;
}

/*
 * The fraction of a dmesg time as dmesg prints it, six digits and ']' at
 * s (with a byte after them to read), in one step: true and *frac, or
 * false when s is not so.
 */
static inline bool usec_digits(const char *s, uint64_t *frac)
{
	const uint64_t six = 0x0000ffffffffffffULL;
	const uint64_t zeros = 0x3030303030303030ULL;
	uint64_t w, v;

	memcpy(&w, s, sizeof(w));
	w = le64toh(w);		/* s[0] the lowest byte */
	/* bytes 0..5 each 0x30..0x39 (no carry: the first test held) */
	if ((w & 0xf0f0f0f0f0f0ULL) != (zeros & six) ||
	    ((w + 0x060606060606ULL) & 0xf0f0f0f0f0f0ULL) != (zeros & six) ||
	    s[6] != ']')
		return false;
	/* "00" and the six digits, the first the most significant */
	v = (((w & six) << 16) | 0x3030) - zeros;
	v = (v * 10 + (v >> 8)) & 0x00ff00ff00ff00ffULL;	/* pairs */
	v = (v * 100 + (v >> 16)) & 0x0000ffff0000ffffULL;	/* fours */
	*frac = (v * 10000 + (v >> 32)) & 0xffffffffULL;
	return true;
}

/*
 * "[    5.140900]" at s, a time below 100000 s as dmesg prints it (with
 * a byte after it to read): true and *usec, or false for any other form,
 * which the loop in dmesg_parse() reads.
 */
static inline bool dmesg_time5(const char *s, size_t len, uint64_t *usec)
{
	uint64_t sec = 0, frac;
	bool digits = false;

	if (len < 15 || s[0] != '[' || s[6] != '.')
		return false;
	for (int k = 1; k <= 5; k++) {
		if (s[k] == ' ' && !digits)
			continue;
		if (!is_digit(s[k]))
			return false;
		sec = sec * 10 + (uint64_t)(s[k] - '0');
		digits = true;
	}
	if (!digits || !usec_digits(s + 7, &frac))
		return false;
	*usec = sec * 1000000 + frac;
	return true;
}

int dmesg_parse(const char *line, size_t len, struct log_record *rec)
{
	uint64_t sec, frac;
	size_t i, fstart;

	memset(rec, 0, sizeof(*rec));
	rec->level = rec->facility = -1;
	i = parse_level_prefix(line, len, rec);

	if (dmesg_time5(line + i, len - i, &rec->usec)) {
		rec->has_time = true;
		i += 14;
		if (line[i] == ' ')
			i++;
	} else if (i < len && line[i] == '[') {
		/* "[    5.140900] ": a timestamp, once digits and '.' began one */
		size_t j = i + 1;

		while (j < len && line[j] == ' ')
			j++;
		if (get_number(line, len, &j, &sec) && j < len && line[j] == '.') {
			j++;
			fstart = j;
			if (j + 8 <= len && usec_digits(line + j, &frac))
				j += 6;
			else if (!get_number(line, len, &j, &frac) || j >= len ||
			    line[j] != ']' || j - fstart > 9)
				return -1;
			for (size_t k = j - fstart; k < 6; k++)
				frac *= 10;
			for (size_t k = j - fstart; k > 6; k--)
				frac /= 10;
			/* saturate as a kmsg header's USEC does, never wrap */
			rec->usec = sec > (UINT64_MAX - frac) / 1000000 ?
				    UINT64_MAX : sec * 1000000 + frac;
			rec->has_time = true;
			i = j + 1;
			if (i < len && line[i] == ' ')
				i++;
		}
	}
	rec->prefix = line;
	rec->prefix_len = i;
	rec->text = line + i;
	rec->text_len = len - i;
	return 0;
}

static int hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

size_t kmsg_unescape(const char *in, size_t len, char *out)
{
	size_t i = 0, o = 0;

	while (i < len) {
		if (in[i] == '\\' && i + 3 < len && in[i + 1] == 'x' &&
		    hex_value(in[i + 2]) >= 0 && hex_value(in[i + 3]) >= 0) {
			out[o++] = (char)(hex_value(in[i + 2]) * 16 +
					  hex_value(in[i + 3]));
			i += 4;
			continue;
		}
		out[o++] = in[i++];
	}
	return o;
}

