/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef DISKALIAS_SIMD_H
#define DISKALIAS_SIMD_H

/*
 * The one switch for the tool's SIMD code: DISKALIAS_SSE2 is defined
 * where the compiler may use SSE2 (every x86-64), unless the build asks
 * for -DDISKALIAS_NO_SIMD, which gives the portable code other machines
 * run (the unit tests build it too: unit.log-scan-nosimd,
 * unit.byte-runs-nosimd).  SSSE3 is not assumed: its functions are built
 * for it one by one (__attribute__((target("ssse3")))) and chosen at run
 * time (log_scan.c).
 */

#if defined(__SSE2__) && !defined(DISKALIAS_NO_SIMD)
#include <emmintrin.h>
#define DISKALIAS_SSE2 1
#endif

#endif
