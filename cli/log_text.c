// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The text of a kernel log message (kmsg.h): the names in it, the " (alias
 * NAME)" a patched kernel ends it with, and what a line says of a disk's
 * name (log_classify()).
 */
#include "kmsg.h"

#include <string.h>

#include "alias_rules.h"
#include "log_bytes.h"

enum { CL_NONE, CL_WORD, CL_START, CL_DIGIT };

void log_heads_add(struct log_heads *h, const char *name, size_t len)
{
	unsigned c0 = (unsigned char)name[0];
	unsigned c1 = len >= 2 ? (unsigned char)name[1] : 0;

	if (len)
		h->bits[c0][c1 >> 3] |= 1u << (c1 & 7);
}

/* Whether any head starts with byte c. */
static bool heads_first(const struct log_heads *h, int c)
{
	for (size_t k = 0; k < sizeof(h->bits[c]); k++)
		if (h->bits[c][k])
			return true;
	return false;
}

bool log_scan_impl_supported(enum log_scan_impl impl)
{
	switch (impl) {
	case LOG_SCAN_BYTES:
		return true;
#ifdef DISKALIAS_SSE2
	case LOG_SCAN_SSE2:
		return true;
	case LOG_SCAN_SSSE3:
		return __builtin_cpu_supports("ssse3");
#endif
	default:
		return false;
	}
}

/*
 * The SSSE3 tables (kmsg.h): a group for each high half of the heads'
 * first bytes (word bytes are below 0x80: at most eight), then, while
 * fewer than eight, a group of its own for each first byte (in byte
 * order) that shares one, so that each group's second bytes are few.
 */
static void scanner_groups(struct log_scanner *sc, const struct log_heads *heads)
{
	int group[128], of_half[8], size[8] = { 0 }, ngroups = 0;
	uint8_t bit;

	for (int h = 0; h < 8; h++)
		of_half[h] = -1;
	for (int c = 0; c < 128; c++) {
		group[c] = -1;
		if (sc->cls[c] != CL_START)
			continue;
		if (of_half[c >> 4] < 0)
			of_half[c >> 4] = ngroups++;
		group[c] = of_half[c >> 4];
		size[group[c]]++;
	}
	for (int c = 0; c < 128 && ngroups < 8; c++) {
		if (group[c] >= 0 && size[group[c]] > 1) {
			size[group[c]]--;
			group[c] = ngroups;
			size[ngroups++] = 1;
		}
	}
	memset(sc->first_low, 0, sizeof(sc->first_low));
	memset(sc->first_high, 0, sizeof(sc->first_high));
	memset(sc->second_low, 0, sizeof(sc->second_low));
	memset(sc->second_high, 0, sizeof(sc->second_high));
	for (int c = 0; c < 128; c++) {
		if (group[c] < 0)
			continue;
		bit = (uint8_t)(1u << group[c]);
		sc->first_low[c & 15] |= bit;
		sc->first_high[c >> 4] |= bit;
		for (int c1 = 0; c1 < 256; c1++) {
			if (!(heads->bits[c][c1 >> 3] & (1u << (c1 & 7))))
				continue;
			if (c1 == 0) {
				/* a one-byte head: any byte but a word's next */
				for (int l = 0; l < 16; l++) {
					sc->second_low[l] |= bit;
					sc->second_high[l] |= bit;
				}
				break;
			}
			sc->second_low[c1 & 15] |= bit;
			sc->second_high[c1 >> 4] |= bit;
		}
	}
}

void log_scanner_init(struct log_scanner *sc, const struct log_heads *heads,
		      size_t max_len)
{
	sc->nfirst = 0;
	for (int c = 0; c < 256; c++) {
		if (is_digit((char)c)) {
			sc->cls[c] = CL_DIGIT;
		} else if (!word_byte[c]) {
			sc->cls[c] = CL_NONE;
		} else if (heads_first(heads, c)) {
			sc->cls[c] = CL_START;
			if (sc->nfirst < LOG_SCAN_FIRST_MAX)
				memset(sc->firstv[sc->nfirst], c, 16);
			if (sc->nfirst <= LOG_SCAN_FIRST_MAX)
				sc->nfirst++;
		} else {
			sc->cls[c] = CL_WORD;
		}
	}
	scanner_groups(sc, heads);
	sc->max_len = max_len;
	sc->heads = *heads;
	sc->impl = log_scan_impl_supported(LOG_SCAN_SSSE3) ? LOG_SCAN_SSSE3 :
		   log_scan_impl_supported(LOG_SCAN_SSE2) ? LOG_SCAN_SSE2 :
		   LOG_SCAN_BYTES;
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

size_t log_scsi_address_len(const char *text, size_t len, size_t start)
{
	return scsi_address_len(text, len, start);
}

#ifdef DISKALIAS_SSE2
/*
 * SSSE3: each byte's low and high halves look up tables of sixteen
 * (pshufb): the groups of first bytes it is of, and those it may come
 * second after (kmsg.h); a byte may start a name when one of its groups
 * is among those of the byte after it.  Of the block's last byte the next
 * is not known here: it may.  Inlined only into code built for SSSE3
 * (next_token16_ssse3()).
 */
static inline __attribute__((target("ssse3"))) unsigned first_mask16_ssse3(
	const struct log_scanner *sc, const void *p)
{
	__m128i v = _mm_loadu_si128((const __m128i *)p);
	__m128i low = _mm_and_si128(v, _mm_set1_epi8(0x0f));
	__m128i high = _mm_and_si128(_mm_srli_epi16(v, 4), _mm_set1_epi8(0x0f));
	__m128i first = _mm_and_si128(
		_mm_shuffle_epi8(_mm_load_si128((const __m128i *)sc->first_low), low),
		_mm_shuffle_epi8(_mm_load_si128((const __m128i *)sc->first_high), high));
	__m128i second = _mm_and_si128(
		_mm_shuffle_epi8(_mm_load_si128((const __m128i *)sc->second_low), low),
		_mm_shuffle_epi8(_mm_load_si128((const __m128i *)sc->second_high), high));
	__m128i next = _mm_or_si128(_mm_srli_si128(second, 1),
				    _mm_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0,
						  0, 0, 0, 0, 0, 0, 0, -1));

	return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(first, next),
							  _mm_setzero_si128())) ^
	       0xffffu;
}

/* SSE2: the bytes of the 16 at p that may start a name, as a 16-bit mask. */
static inline unsigned first_mask16(const struct log_scanner *sc,
				    const void *p, unsigned starts)
{
	__m128i v, eq;
	unsigned m = 0;

	if (sc->nfirst > LOG_SCAN_FIRST_MAX) {
		/* a set too large to compare with: each start looked up */
		for (unsigned s = starts; s; s &= s - 1) {
			unsigned k = (unsigned)__builtin_ctz(s);

			m |= (unsigned)(sc->cls[((const unsigned char *)p)[k]] ==
					CL_START) << k;
		}
		return m;
	}
	v = _mm_loadu_si128((const __m128i *)p);
	eq = _mm_setzero_si128();
	for (unsigned j = 0; j < sc->nfirst; j++)
		eq = _mm_or_si128(eq, _mm_cmpeq_epi8(v,
				  _mm_load_si128((const __m128i *)sc->firstv[j])));
	return (unsigned)_mm_movemask_epi8(eq) & starts;
}

/*
 * Sixteen bytes a step.  The masks of a block's word bytes, digits and
 * colons give its words' first bytes, and with a compare against each
 * heads' first byte, the words that may be names (whose second byte is
 * then looked up); adding the first bit of
 * each word led by a digit to the word mask carries it to the byte after
 * the word, so the colons there mark the possible SCSI addresses.  Only
 * those are looked at, in the order of their words, as the byte-at-a-time
 * loop below takes them; a block with none costs no branch but its loop's.
 */
static inline __attribute__((always_inline)) bool
next_token16(const struct log_scanner *sc, const char *text, size_t len,
	     size_t *pos, struct log_token *tok, bool ssse3)
{
	size_t i = *pos, from = *pos;
	/* the byte before i is a word's; a word led by a digit runs to i */
	unsigned carry = 0, dcarry = 0;
	unsigned char pad[16];

	while (i < len) {
		size_t n = len - i < 16 ? len - i : 16, ws, cs, end, k;
		const void *b = text + i;
		unsigned w, d, c, x, starts, cand, col;

		if (n < 16) {
			/* zeros: no word's, no colon, in no set */
			memset(pad, 0, sizeof(pad));
			memcpy(pad, b, n);
			b = pad;
		}
		word_masks16(b, &w, &d, &c);
		starts = w & ~((w << 1) | carry);
		cand = ssse3 ? first_mask16_ssse3(sc, b) & starts
			     : first_mask16(sc, b, starts);
		/* after a colon, a number is no address's first */
		x = (w + (starts & d & ~(c << 1)) + dcarry) & ~w;	/* bit 16: past the block */
		col = x & c & ((d >> 1) | 0x8000);	/* a digit next, or maybe */
		while (cand | col) {
			ws = cand ? i + (size_t)__builtin_ctz(cand) : SIZE_MAX;
			cs = col ? i + (size_t)__builtin_ctz(col) : SIZE_MAX;
			if (ws < cs) {
				/* a word that may be a name: of a head? */
				k = ws + 1 < len && is_word(text[ws + 1]) ? 2 : 1;
				if (!log_heads_has(&sc->heads, text + ws, k)) {
					cand &= cand - 1;
					continue;
				}
				/* and where it ends */
				end = ws + (size_t)__builtin_ctz(~w >> (ws - i));
				while (end < len && is_word(text[end]))
					end++;
				if (end - ws <= sc->max_len) {
					*tok = (struct log_token){ ws, end - ws, LOG_TOKEN_WORD };
					*pos = end;
					return true;
				}
				if (end >= i + 16) {
					/* past the block: on from its end, a
					 * byte no word has */
					i = end;
					carry = dcarry = 0;
					goto next;
				}
				cand &= ~0u << (end - i);
				continue;
			}
			/* the word before the colon, led by a digit */
			col &= col - 1;
			for (ws = cs; ws > from && is_word(text[ws - 1]); ws--)
				;
			if (is_digit(text[ws]) &&
			    (k = scsi_address_len(text, len, ws)) != 0) {
				*tok = (struct log_token){ ws, k, LOG_TOKEN_SCSI };
				*pos = ws + k;
				return true;
			}
		}
		carry = (w >> 15) & 1;
		dcarry = (x >> 16) & 1;
		i += 16;
next:
		;
	}
	*pos = len;
	return false;
}

/* next_token16() built twice: for any x86-64, and for SSSE3 */
static bool next_token16_sse2(const struct log_scanner *sc, const char *text,
			      size_t len, size_t *pos, struct log_token *tok)
{
	return next_token16(sc, text, len, pos, tok, false);
}

static __attribute__((target("ssse3"))) bool
next_token16_ssse3(const struct log_scanner *sc, const char *text, size_t len,
		   size_t *pos, struct log_token *tok)
{
	return next_token16(sc, text, len, pos, tok, true);
}
#endif

static bool next_token_bytes(const struct log_scanner *sc, const char *text,
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
		if (c == CL_START && i - start <= sc->max_len &&
		    log_heads_has(&sc->heads, text + start, i - start)) {
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

bool log_next_token(const struct log_scanner *sc, const char *text,
		    size_t len, size_t *pos, struct log_token *tok)
{
#ifdef DISKALIAS_SSE2
	if (sc->impl == LOG_SCAN_SSSE3)
		return next_token16_ssse3(sc, text, len, pos, tok);
	if (sc->impl == LOG_SCAN_SSE2)
		return next_token16_sse2(sc, text, len, pos, tok);
#endif
	return next_token_bytes(sc, text, len, pos, tok);
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

/*
 * "ARG: [NAME]" at s[*i..], ARG a word of arg_len bytes (a SCSI address,
 * "virtio0"): fills ev's arg and name and moves *i past the ']'.
 */
static bool arg_and_name(const char *s, size_t len, size_t *i, size_t arg_len,
			 struct log_event_info *ev)
{
	size_t n;

	if (!arg_len || *i + arg_len + 2 >= len || s[*i + arg_len] != ':' ||
	    s[*i + arg_len + 1] != ' ')
		return false;
	ev->arg = s + *i;
	ev->arg_len = arg_len;
	*i += arg_len + 2;
	ev->name = s + *i + 1;
	n = bracket_name(s, len, i);
	ev->name_len = n;
	return n != 0;
}

/* "N B-byte logical blocks" at s[i] */
static bool capacity_at(const char *s, size_t len, size_t i)
{
	uint64_t v;

	return get_number(s, len, &i, &v) && i < len && s[i++] == ' ' &&
	       get_number(s, len, &i, &v) &&
	       PREFIX(s + i, len - i, "-byte logical blocks");
}

/* "sd H:C:T:L: [NAME] REST" */
static enum log_event sd_line(const char *s, size_t len,
			      struct log_event_info *ev)
{
	size_t i = 3;

	if (!arg_and_name(s, len, &i, scsi_address_len(s, len, i), ev))
		return LOG_EVENT_NONE;
	/* sd_probe(): "Attached SCSI disk", or "removable disk" for media */
	if (PREFIX(s + i, len - i, "Attached SCSI disk") ||
	    PREFIX(s + i, len - i, "Attached SCSI removable disk"))
		return LOG_EVENT_ATTACH;
	if (PREFIX(s + i, len - i, "Synchronizing SCSI cache"))
		return LOG_EVENT_REMOVE;
	/* sd_print_capacity(): at a probe's first scan, or a new size */
	if (capacity_at(s, len, i))
		return LOG_EVENT_CAPACITY;
	/* sd_resume_common(): with manage_start_stop */
	if (PREFIX(s + i, len - i, "Starting disk"))
		return LOG_EVENT_RESUME;
	return LOG_EVENT_TIE;
}

/* "virtio_blk virtioN: [NAME] REST" */
static enum log_event virtio_line(const char *s, size_t len,
				  struct log_event_info *ev)
{
	size_t i = 11, j;
	uint64_t v;

	if (!arg_and_name(s, len, &i, word_at(s, len, i), ev))
		return LOG_EVENT_NONE;
	/* printed once, when the disk is probed: "[vda] 16777216 512-byte" */
	j = i;
	if (get_number(s, len, &j, &v) && PREFIX(s + j, len - j, " 512-byte logical blocks"))
		return LOG_EVENT_ATTACH;
	return LOG_EVENT_TIE;
}

/*
 * "block NAME: alias set to ALIAS" and "block NAME: alias ALIAS released"
 * (the ABI document's two lines), the alias the rest of the line or
 * followed by " released"
 */
static enum log_event alias_line(const char *s, size_t len,
				 struct log_event_info *ev)
{
	static const char set[] = ": alias set to ", drop[] = ": alias ",
			  released[] = " released";
	size_t i = 6, n = word_at(s, len, i), a;
	enum log_event event;

	if (!n)
		return LOG_EVENT_NONE;
	if (has_prefix(s + i + n, len - i - n, set, sizeof(set) - 1)) {
		event = LOG_EVENT_ALIAS;
		i += n + sizeof(set) - 1;
	} else if (has_prefix(s + i + n, len - i - n, drop, sizeof(drop) - 1)) {
		event = LOG_EVENT_RELEASED;
		i += n + sizeof(drop) - 1;
	} else {
		return LOG_EVENT_NONE;
	}
	for (a = i; a < len && alias_byte_ok((unsigned char)s[a]); a++)
		;
	if (a == i || a - i > ALIAS_MAX_LEN)
		return LOG_EVENT_NONE;
	/* a patched kernel's own note may follow on later lines' form only */
	if (event == LOG_EVENT_ALIAS ? a != len
	    : len - a != sizeof(released) - 1 ||
	      memcmp(s + a, released, sizeof(released) - 1) != 0)
		return LOG_EVENT_NONE;
	ev->name = s + 6;
	ev->name_len = n;
	ev->arg = s + i;
	ev->arg_len = a - i;
	return event;
}

/* s[0..n) without the blanks that pad it at the end */
static size_t trimmed(const char *s, size_t n)
{
	while (n > 0 && s[n - 1] == ' ')
		n--;
	return n;
}

size_t log_port_token(const char *text, size_t len, size_t *start)
{
	size_t i = 3;
	uint64_t v;

	if (PREFIX(text, len, "ata")) {
		/* "ataN:" (a port or link) or "ataN.DD:" (a device) */
		if (!get_number(text, len, &i, &v))
			return 0;
		if (i + 3 < len && text[i] == '.' && is_digit(text[i + 1]) &&
		    is_digit(text[i + 2]))
			i += 3;
		*start = 0;
		return i < len && text[i] == ':' ? i : 0;
	}
	if (PREFIX(text, len, "nvme nvme")) {
		i = 9;
		if (!get_number(text, len, &i, &v) || i >= len || text[i] != ':')
			return 0;
		*start = 5;
		return i - 5;
	}
	return 0;
}

/* "ataN.DD: ATA-V: MODEL, FIRMWARE, max MODE" (ata_dev_configure()) */
static enum log_event ata_line(const char *s, size_t len,
			       struct log_event_info *ev)
{
	size_t start, n = log_port_token(s, len, &start), i, m;

	if (!n || s[n - 3] != '.' || !PREFIX(s + n, len - n, ": ATA-"))
		return LOG_EVENT_NONE;
	i = n + 6;
	while (i < len && is_digit(s[i]))
		i++;
	if (!PREFIX(s + i, len - i, ": "))
		return LOG_EVENT_NONE;
	i += 2;
	for (m = i; m + 1 < len && !(s[m] == ',' && s[m + 1] == ' '); m++)
		;
	if (m + 1 >= len || m == i)
		return LOG_EVENT_NONE;
	ev->arg = s;
	ev->arg_len = n;
	ev->model = s + i;
	ev->model_len = trimmed(s + i, m - i);
	return LOG_EVENT_ATA_ID;
}

/* " PQ: D ANSI: " in s[i..len) */
static bool has_pq(const char *s, size_t len, size_t i)
{
	static const char pq[] = " PQ: ";

	for (; i + sizeof(pq) - 1 < len; i++)
		if (memcmp(s + i, pq, sizeof(pq) - 1) == 0)
			return i + 5 < len && is_digit(s[i + 5]) &&
			       PREFIX(s + i + 6, len - i - 6, " ANSI: ");
	return false;
}

/*
 * "scsi H:C:T:L: Direct-Access     ATA      MODEL16          REV4 PQ: 0
 * ANSI: 5" (scsi_add_lun(): the type padded to 17 bytes, then vendor,
 * model and revision in fields of 8, 16 and 4 bytes): a new device at the
 * address, printed once, when SCSI adds it; an ATA disk's model is given.
 */
static enum log_event scsi_line(const char *s, size_t len,
				struct log_event_info *ev)
{
	static const char type[] = ": Direct-Access ";
	size_t i = 5, n = scsi_address_len(s, len, i), v;

	if (!n || i + n + 2 >= len || s[i + n] != ':' || s[i + n + 1] != ' ' ||
	    !has_pq(s, len, i + n + 2))
		return LOG_EVENT_NONE;
	ev->arg = s + i;
	ev->arg_len = n;
	ev->model = s + len;
	if (!has_prefix(s + i + n, len - i - n, type, sizeof(type) - 1))
		return LOG_EVENT_INQUIRY;
	for (v = i + n + sizeof(type) - 1; v < len && s[v] == ' '; v++)
		;
	if (len - v < 8 + 1 + 16 + 1 || memcmp(s + v, "ATA      ", 9) != 0 ||
	    s[v + 25] != ' ')
		return LOG_EVENT_INQUIRY;
	ev->model = s + v + 9;
	ev->model_len = trimmed(s + v + 9, 16);
	return LOG_EVENT_INQUIRY;
}

/* "nvme nvmeN: pci function ..." or "nvme nvmeN: Removing ctrl: ..." */
static enum log_event nvme_line(const char *s, size_t len,
				struct log_event_info *ev)
{
	size_t start, n = log_port_token(s, len, &start), i;

	if (!n)
		return LOG_EVENT_NONE;
	i = start + n;
	if (!PREFIX(s + i, len - i, ": pci function ") &&
	    !PREFIX(s + i, len - i, ": Removing ctrl"))
		return LOG_EVENT_NONE;
	ev->arg = s + start;
	ev->arg_len = n;
	return LOG_EVENT_NVME_CTRL;
}

bool log_is_boot_line(const char *text, size_t len)
{
	return PREFIX(text, len, "Linux version ");
}

enum log_event log_classify(const char *text, size_t len,
			    struct log_event_info *ev)
{
	memset(ev, 0, sizeof(*ev));
	if (len < 6)
		return LOG_EVENT_NONE;
	switch (text[0]) {
	case 'L':
		return log_is_boot_line(text, len) ? LOG_EVENT_BOOT
						   : LOG_EVENT_NONE;
	case 'b':
		return PREFIX(text, len, "block ") ? alias_line(text, len, ev)
						   : LOG_EVENT_NONE;
	case 'a':
		return ata_line(text, len, ev);
	case 's':
		if (PREFIX(text, len, "scsi "))
			return scsi_line(text, len, ev);
		return PREFIX(text, len, "sd ") ? sd_line(text, len, ev)
						: LOG_EVENT_NONE;
	case 'v':
		return PREFIX(text, len, "virtio_blk ") ? virtio_line(text, len, ev)
							: LOG_EVENT_NONE;
	case 'n':
		return nvme_line(text, len, ev);
	default:
		return LOG_EVENT_NONE;
	}
}

size_t log_nvme_head(const char *name, size_t len, char *out, size_t size)
{
	size_t i = 4, c, n;
	uint64_t v;

	if (len < 9 || memcmp(name, "nvme", 4) != 0 ||
	    !get_number(name, len, &i, &v) || i >= len || name[i] != 'c')
		return 0;
	c = i++;
	if (!get_number(name, len, &i, &v) || i >= len || name[i] != 'n')
		return 0;
	n = i++;
	if (!get_number(name, len, &i, &v) || i != len)
		return 0;
	/* "nvme1" and "n1": the name without its "c2" */
	if (len - (n - c) >= size)
		return 0;
	memcpy(out, name, c);
	memcpy(out + c, name + n, len - n);
	out[c + len - n] = '\0';
	return c + len - n;
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

