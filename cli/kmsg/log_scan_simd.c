// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The name scan of log_scan.c, sixteen bytes a step: SSE2 (every x86-64)
 * and SSSE3 (found at run time).  Each block of sixteen bytes is turned
 * into 16-bit masks, bit k for byte k (word bytes, digits, colons), and
 * a few operations on the masks point at the only bytes worth a look:
 * the first bytes of words that may be names, and the colons that may
 * end a SCSI address's first number.  Those are then looked at in text
 * order, as the byte-at-a-time reference takes its words, so that both
 * find the same tokens.
 */
#include "log_scan_simd.h"

#ifdef DISKALIAS_SSE2

#include <string.h>
#include <tmmintrin.h>	/* SSSE3: only in functions built for it */

#include "log_bytes.h"

/*
 * word_byte[] and two more classes of the 16 bytes at p, as 16-bit masks
 * (bit k: byte k): word bytes, digits, colons.
 */
static inline void word_masks16(const void *p, unsigned *word,
				unsigned *digit, unsigned *colon)
{
	__m128i v = _mm_loadu_si128((const __m128i *)p);
	/* a letter of either case is 'a'..'z' with 0x20 set; bytes of
	 * 0x80 and up are negative to these signed compares */
	__m128i low = _mm_or_si128(v, _mm_set1_epi8(0x20));
	__m128i let = _mm_and_si128(_mm_cmpgt_epi8(low, _mm_set1_epi8('a' - 1)),
				    _mm_cmplt_epi8(low, _mm_set1_epi8('z' + 1)));
	__m128i dig = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('0' - 1)),
				    _mm_cmplt_epi8(v, _mm_set1_epi8('9' + 1)));
	__m128i sep = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('_')),
				   _mm_cmpeq_epi8(v, _mm_set1_epi8('-')));

	*word = (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(let, dig), sep));
	*digit = (unsigned)_mm_movemask_epi8(dig);
	*colon = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(':')));
}

/*
 * The SSSE3 tables (kmsg.h): a group for each high half of the heads'
 * first bytes (word bytes are below 0x80: at most eight), then, while
 * fewer than eight, a group of its own for each first byte (in byte
 * order) that shares one, so that each group's second bytes are few.
 * Eight because a table's entries are bytes: a bit a group.
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

void log_scan_simd_init(struct log_scanner *sc, const struct log_heads *heads)
{
	/* SSE2: the heads' first bytes, each sixteen times, in byte order;
	 * one more than LOG_SCAN_FIRST_MAX says "too many" */
	sc->nfirst = 0;
	for (int c = 0; c < 256; c++) {
		if (sc->cls[c] != CL_START)
			continue;
		if (sc->nfirst < LOG_SCAN_FIRST_MAX)
			memset(sc->firstv[sc->nfirst], c, 16);
		if (sc->nfirst <= LOG_SCAN_FIRST_MAX)
			sc->nfirst++;
	}
	scanner_groups(sc, heads);
}

/*
 * SSSE3: the bytes of the 16 at p that may start a name, as a 16-bit
 * mask.  pshufb (_mm_shuffle_epi8) looks sixteen bytes up at once in a
 * table of sixteen, by the low half (four bits) of each.  Looked up by
 * its low half in one table and by its high half in another, a byte
 * gets two sets of group bits; their AND is the groups it is of.  As a
 * group's first bytes share their high half, that is exact for first
 * bytes; for second bytes it may also let in a byte that has the low half
 * of one and the high half of another, which costs a look at the heads,
 * never a name.  A byte may start a name when one of its groups as a
 * first byte is among those of the byte after it as a second byte: the
 * second-byte sets are moved one byte down (the register shifted by a
 * byte) to stand beside the byte before them.  Of the block's last byte
 * the next is in the next block: it may.  Inlined only into code built
 * for SSSE3 (log_next_token_ssse3()).
 */
static inline __attribute__((target("ssse3"))) unsigned first_mask16_ssse3(
	const struct log_scanner *sc, const void *p)
{
	__m128i v = _mm_loadu_si128((const __m128i *)p);
	__m128i low = _mm_and_si128(v, _mm_set1_epi8(0x0f));
	/* the shift is of 16-bit lanes: the mask drops the bits it brings
	 * down from the byte above */
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

	/* the bytes whose groups and next's are disjoint, then the others */
	return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(first, next),
							  _mm_setzero_si128())) ^
	       0xffffu;
}

/*
 * SSE2: the bytes of the 16 at p that may start a name, as a 16-bit mask:
 * the words' first bytes (starts) that equal one of the heads' first
 * bytes, each compared with the whole block at once.  More first bytes
 * than LOG_SCAN_FIRST_MAX would cost more compares than looking each
 * start up in the class table.
 */
static inline unsigned first_mask16(const struct log_scanner *sc,
				    const void *p, unsigned starts)
{
	__m128i v, eq;
	unsigned m = 0;

	if (sc->nfirst > LOG_SCAN_FIRST_MAX) {
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
 * Sixteen bytes a step, with the masks of each block (bit k: byte k; a
 * mask's lowest set bit is the first of its bytes in the text, m & (m - 1)
 * drops it, __builtin_ctz(m) is its place):
 *
 *  - starts: the words' first bytes, word bytes whose byte before is not
 *    a word's.  w << 1 puts each byte's bit on the byte after it; carry
 *    stands for the byte before the block, the previous block's last.
 *  - cand: of those, the ones a name may start with (first_mask16*()).
 *  - x: the byte right after each word led by a digit, found by adding:
 *    a 1 added at the lowest bit of a run of ones runs up through the run
 *    and stops on the first 0 after it (0111 + 1 = 1000), so w plus the
 *    first bit of each such word, without w's own bits, leaves a bit on
 *    the byte after each.  Each word gets one bit at most: the carries
 *    never meet.  A word that runs on past the block carries into bit 16;
 *    that bit (dcarry), added at bit 0 of the next block, goes on through
 *    the rest of the word there.  A number after a colon is no address's
 *    first (the address "1:2:3:4" is read from its "1"): c << 1 leaves
 *    those out.
 *  - col: of those bytes, the colons a digit follows; the block's last
 *    byte is followed by a byte not seen yet, so a colon there is kept.
 *
 * The bytes of cand and col are then looked at in the order they come,
 * as next_token_bytes() takes its words; a block with neither costs no
 * branch but its loop's.  Built twice, with and without SSSE3.
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
			/* the last bytes, padded with zeros: no word's, no
			 * colon, in no set; and nothing read past len */
			memset(pad, 0, sizeof(pad));
			memcpy(pad, b, n);
			b = pad;
		}
		word_masks16(b, &w, &d, &c);
		starts = w & ~((w << 1) | carry);
		cand = ssse3 ? first_mask16_ssse3(sc, b) & starts
			     : first_mask16(sc, b, starts);
		x = (w + (starts & d & ~(c << 1)) + dcarry) & ~w;	/* bit 16: past the block */
		col = x & c & ((d >> 1) | 0x8000);
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
				/* and where it ends: the first 0 of w from ws
				 * on (~w's bits above 15 are ones, so at the
				 * block's end at the latest), then a byte at a
				 * time */
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
			/* the word before the colon, back to its first byte
			 * (or to from, where the reference starts a word too);
			 * an address when led by a digit */
			col &= col - 1;
			for (ws = cs; ws > from && is_word(text[ws - 1]); ws--)
				;
			if (is_digit(text[ws]) &&
			    (k = log_scsi_address_len(text, len, ws)) != 0) {
				*tok = (struct log_token){ ws, k, LOG_TOKEN_SCSI };
				*pos = ws + k;
				return true;
			}
		}
		/* what the next block needs of this one */
		carry = (w >> 15) & 1;
		dcarry = (x >> 16) & 1;
		i += 16;
next:
		;
	}
	*pos = len;
	return false;
}

bool log_next_token_sse2(const struct log_scanner *sc, const char *text,
			 size_t len, size_t *pos, struct log_token *tok)
{
	return next_token16(sc, text, len, pos, tok, false);
}

__attribute__((target("ssse3"))) bool
log_next_token_ssse3(const struct log_scanner *sc, const char *text,
		     size_t len, size_t *pos, struct log_token *tok)
{
	return next_token16(sc, text, len, pos, tok, true);
}

#endif
