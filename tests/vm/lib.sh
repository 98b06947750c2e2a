# Helpers for in-guest test scripts; sourced.
# shellcheck shell=bash

fails=0
passes=0

pass() {
	passes=$((passes + 1))
	echo "ok - $*"
}

fail() {
	fails=$((fails + 1))
	echo "not ok - $*"
}

# check DESCRIPTION COMMAND...: one case, passing when COMMAND succeeds.
check() {
	local what=$1
	shift
	if "$@"; then pass "$what"; else fail "$what"; fi
}

# The TAP-like summary, and the script's exit status.
finish() {
	echo "$passes passed, $fails failed"
	[ "$fails" -eq 0 ]
}

# The kernel name a /dev/disk/by-* link points to.
link_target() {
	basename "$(readlink -f "$1")"
}
