// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Linked into diskalias only in a -DDISKALIAS_SANITIZE=ON build: the
 * defaults the sanitizer runtimes read at start-up, so that ctest run
 * directly (without tests/run-sanitized) behaves the same.
 *
 * The unit tests LD_PRELOAD plain shims (fake_kernel_write.so, ...)
 * ahead of the ASan runtime; interposing works either way, so the
 * link-order check is turned off rather than the shims instrumented.
 */
const char *__asan_default_options(void);
const char *__ubsan_default_options(void);

const char *__asan_default_options(void)
{
	return "verify_asan_link_order=0:detect_leaks=1:abort_on_error=0:"
	       "exitcode=86";
}

const char *__ubsan_default_options(void)
{
	return "print_stacktrace=1:halt_on_error=1";
}
