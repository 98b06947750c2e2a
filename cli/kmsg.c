// SPDX-License-Identifier: GPL-2.0-or-later
#include "kmsg.h"

#include <string.h>

#include "alias_rules.h"

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Bytes that continue a word: a disk name never ends next to one. */
static const bool word_byte[256] = {
	['-'] = 1, ['_'] = 1,
	['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1,
	['5'] = 1, ['6'] = 1, ['7'] = 1, ['8'] = 1, ['9'] = 1,
	['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1, ['F'] = 1,
	['G'] = 1, ['H'] = 1, ['I'] = 1, ['J'] = 1, ['K'] = 1, ['L'] = 1,
	['M'] = 1, ['N'] = 1, ['O'] = 1, ['P'] = 1, ['Q'] = 1, ['R'] = 1,
	['S'] = 1, ['T'] = 1, ['U'] = 1, ['V'] = 1, ['W'] = 1, ['X'] = 1,
	['Y'] = 1, ['Z'] = 1,
	['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1,
	['g'] = 1, ['h'] = 1, ['i'] = 1, ['j'] = 1, ['k'] = 1, ['l'] = 1,
	['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1, ['q'] = 1, ['r'] = 1,
	['s'] = 1, ['t'] = 1, ['u'] = 1, ['v'] = 1, ['w'] = 1, ['x'] = 1,
	['y'] = 1, ['z'] = 1,
};

static bool is_word(char c)
{
	return word_byte[(unsigned char)c];
}

/* Digits at s[*i] into *v (saturating); false when there are none. */
static bool get_number(const char *s, size_t len, size_t *i, uint64_t *v)
{
	size_t start = *i;

	*v = 0;
	while (*i < len && is_digit(s[*i])) {
		if (*v < UINT64_MAX / 10)
			*v = *v * 10 + (uint64_t)(s[*i] - '0');
		else
			*v = UINT64_MAX;
		(*i)++;
	}
	return *i > start;
}

/* "PRI,SEQ,USEC,FLAGS[,...];" at the start of line[0..len); false if not. */
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

int dmesg_parse(const char *line, size_t len, struct log_record *rec)
{
	uint64_t sec, frac;
	size_t i, fstart;

	memset(rec, 0, sizeof(*rec));
	rec->level = rec->facility = -1;
	i = parse_level_prefix(line, len, rec);

	/* "[    5.140900] ": a timestamp, once digits and '.' began one */
	if (i < len && line[i] == '[') {
		size_t j = i + 1;

		while (j < len && line[j] == ' ')
			j++;
		if (get_number(line, len, &j, &sec) && j < len && line[j] == '.') {
			j++;
			fstart = j;
			if (!get_number(line, len, &j, &frac) || j >= len ||
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

enum { CL_NONE, CL_WORD, CL_START, CL_DIGIT };

void log_scanner_init(struct log_scanner *sc, const uint8_t first_bytes[32],
		      size_t max_len)
{
	for (int c = 0; c < 256; c++) {
		if (is_digit((char)c))
			sc->cls[c] = CL_DIGIT;
		else if (!word_byte[c])
			sc->cls[c] = CL_NONE;
		else if (first_bytes[c >> 3] & (1u << (c & 7)))
			sc->cls[c] = CL_START;
		else
			sc->cls[c] = CL_WORD;
	}
	sc->max_len = max_len;
}

/* A SCSI address H:C:T:L at text[start], whose first number ends at end. */
static size_t scsi_address_len(const char *text, size_t len, size_t start)
{
	size_t j = start;
	uint64_t v;
	int parts = 0;

	if (start > 0 && text[start - 1] == ':')
		return 0;
	while (get_number(text, len, &j, &v)) {
		if (++parts == 4 || j >= len || text[j] != ':')
			break;
		j++;
	}
	if (parts != 4 || (j < len && is_word(text[j])) ||
	    (j + 1 < len && text[j] == ':' && is_digit(text[j + 1])))
		return 0;
	return j - start;
}

bool log_next_token(const struct log_scanner *sc, const char *text,
		    size_t len, size_t *pos, struct log_token *tok)
{
	const uint8_t *cls = sc->cls;
	size_t i = *pos, start, n;
	uint8_t c;

	while (i < len) {
		c = cls[(unsigned char)text[i]];
		if (c == CL_NONE) {
			i++;
			continue;
		}
		start = i++;
		while (i < len && cls[(unsigned char)text[i]] != CL_NONE)
			i++;
		if (c == CL_START && i - start <= sc->max_len) {
			*tok = (struct log_token){ start, i - start, LOG_TOKEN_WORD };
			*pos = i;
			return true;
		}
		/* "2:0:0:1": a word of digits that a colon ends */
		if (c == CL_DIGIT && i < len && text[i] == ':' &&
		    (n = scsi_address_len(text, len, start)) != 0) {
			*tok = (struct log_token){ start, n, LOG_TOKEN_SCSI };
			*pos = start + n;
			return true;
		}
	}
	*pos = len;
	return false;
}

size_t log_alias_suffix(const char *text, size_t len, const char **alias,
			size_t *alias_len)
{
	const size_t head = sizeof(LOG_ALIAS_SUFFIX_HEAD) - 1;
	size_t end, start;

	if (len < head + 2 || text[len - 1] != ')')
		return 0;
	end = len - 1;
	start = end;
	while (start > 0 && end - start < ALIAS_MAX_LEN &&
	       alias_byte_ok((unsigned char)text[start - 1]))
		start--;
	/* a longer word runs into the head's last byte, a space, and fails */
	if (start == end || start < head ||
	    memcmp(text + start - head, LOG_ALIAS_SUFFIX_HEAD, head) != 0)
		return 0;
	*alias = text + start;
	*alias_len = end - start;
	return len - (start - head);
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

static bool has_prefix(const char *s, size_t len, const char *p, size_t plen)
{
	return len >= plen && memcmp(s, p, plen) == 0;
}

#define PREFIX(s, len, lit) has_prefix(s, len, lit, sizeof(lit) - 1)

/* A word of name bytes at s[*i] up to a byte in ends; its length. */
static size_t word_at(const char *s, size_t len, size_t i)
{
	size_t start = i;

	while (i < len && is_word(s[i]))
		i++;
	return i - start;
}

/* "[NAME] " at s[i]: NAME's length (0 when not so); *i moves past it. */
static size_t bracket_name(const char *s, size_t len, size_t *i)
{
	size_t n;

	if (*i >= len || s[*i] != '[')
		return 0;
	n = word_at(s, len, *i + 1);
	if (!n || *i + 1 + n >= len || s[*i + 1 + n] != ']')
		return 0;
	*i += n + 2;
	if (*i < len && s[*i] == ' ')
		(*i)++;
	return n;
}

/* "sd H:C:T:L: [NAME] REST" */
static enum log_event sd_line(const char *s, size_t len,
			      struct log_event_info *ev)
{
	size_t i = 3, a, n;

	a = scsi_address_len(s, len, i);
	if (!a || i + a + 2 >= len || s[i + a] != ':' || s[i + a + 1] != ' ')
		return LOG_EVENT_NONE;
	ev->arg = s + i;
	ev->arg_len = a;
	i += a + 2;
	ev->name = s + i + 1;
	n = bracket_name(s, len, &i);
	if (!n)
		return LOG_EVENT_NONE;
	ev->name_len = n;
	if (PREFIX(s + i, len - i, "Attached SCSI disk"))
		return LOG_EVENT_ATTACH;
	if (PREFIX(s + i, len - i, "Synchronizing SCSI cache"))
		return LOG_EVENT_REMOVE;
	return LOG_EVENT_TIE;
}

/* "virtio_blk virtioN: [NAME] REST" */
static enum log_event virtio_line(const char *s, size_t len,
				  struct log_event_info *ev)
{
	size_t i = 11, n = word_at(s, len, i), j;
	uint64_t v;

	if (!n || i + n + 2 >= len || s[i + n] != ':' || s[i + n + 1] != ' ')
		return LOG_EVENT_NONE;
	ev->arg = s + i;
	ev->arg_len = n;
	i += n + 2;
	ev->name = s + i + 1;
	n = bracket_name(s, len, &i);
	if (!n)
		return LOG_EVENT_NONE;
	ev->name_len = n;
	/* printed once, when the disk is probed: "[vda] 16777216 512-byte" */
	j = i;
	if (get_number(s, len, &j, &v) && PREFIX(s + j, len - j, " 512-byte logical blocks"))
		return LOG_EVENT_ATTACH;
	return LOG_EVENT_TIE;
}

/* "block NAME: alias set to ALIAS", ALIAS the rest of the line */
static enum log_event alias_line(const char *s, size_t len,
				 struct log_event_info *ev)
{
	static const char mid[] = ": alias set to ";
	size_t i = 6, n = word_at(s, len, i), a;

	if (!n || !has_prefix(s + i + n, len - i - n, mid, sizeof(mid) - 1))
		return LOG_EVENT_NONE;
	ev->name = s + i;
	ev->name_len = n;
	i += n + sizeof(mid) - 1;
	for (a = i; a < len && alias_byte_ok((unsigned char)s[a]); a++)
		;
	/* a patched kernel's own note may follow on later lines' form only */
	if (a == i || a - i > ALIAS_MAX_LEN || a != len)
		return LOG_EVENT_NONE;
	ev->arg = s + i;
	ev->arg_len = a - i;
	return LOG_EVENT_ALIAS;
}

enum log_event log_classify(const char *text, size_t len,
			    struct log_event_info *ev)
{
	memset(ev, 0, sizeof(*ev));
	if (len < 6)
		return LOG_EVENT_NONE;
	switch (text[0]) {
	case 'L':
		return PREFIX(text, len, "Linux version ") ? LOG_EVENT_BOOT
							   : LOG_EVENT_NONE;
	case 'b':
		return PREFIX(text, len, "block ") ? alias_line(text, len, ev)
						   : LOG_EVENT_NONE;
	case 's':
		return PREFIX(text, len, "sd ") ? sd_line(text, len, ev)
						: LOG_EVENT_NONE;
	case 'v':
		return PREFIX(text, len, "virtio_blk ") ? virtio_line(text, len, ev)
							: LOG_EVENT_NONE;
	default:
		return LOG_EVENT_NONE;
	}
}

size_t log_disk_part(const char *name, size_t len)
{
	size_t n = len;

	while (n > 0 && is_digit(name[n - 1]))
		n--;
	if (n == len || n == 0)
		return len;
	/* nvme0n1p2, mmcblk0p1, loop0p1, md0p1: "p" after a digit */
	if (n >= 2 && name[n - 1] == 'p' && is_digit(name[n - 2]))
		return n - 1;
	/* sdb1, vda2, xvda1, hdc3: digits after letters; not nvme0n1, md0 */
	if (n >= 3 && (memcmp(name, "sd", 2) == 0 || memcmp(name, "vd", 2) == 0 ||
		       memcmp(name, "hd", 2) == 0 ||
		       (n >= 4 && memcmp(name, "xvd", 3) == 0)))
		return n;
	return len;
}
