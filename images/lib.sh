# Shared helpers for the image scripts; sourced, not run.
# shellcheck shell=bash

DISKALIAS_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DISKALIAS_CACHE=${DISKALIAS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/diskalias}

die() {
	echo "${0##*/}: $*" >&2
	exit 1
}

note() {
	echo "${0##*/}: $*" >&2
}

# A bad option or argument: one line saying what, a pointer to --help, exit 2.
usage_error() {
	echo "${0##*/}: $*" >&2
	echo "Try '${0#"$DISKALIAS_ROOT"/} --help'." >&2
	exit 2
}

# need_value OPTION ARGC [WHAT]: an option that takes a value has one
# (ARGC is the caller's $#, counting the option itself).
need_value() {
	[ "$2" -ge 2 ] || usage_error "$1 needs ${3:-a value}"
}

# need_seconds OPTION VALUE: a positive whole number of seconds.
need_seconds() {
	[[ $2 =~ ^[1-9][0-9]*$ ]] || usage_error "$1: '$2' is not a number of seconds"
}

# The kernel trees: one a line, those kernel-patch/ has a series for.
kernel_trees() {
	local s
	for s in "$DISKALIAS_ROOT"/kernel-patch/*/series; do
		[ -f "$s" ] || continue
		s=${s%/series}
		echo "${s##*/}"
	done
}

# need_tree TREE: TREE is one of kernel_trees.
need_tree() {
	kernel_trees | grep -qxF -- "$1" ||
		usage_error "unknown tree '$1' (the trees: $(kernel_trees | xargs))"
}

# The Debian packages images/build-kernel needs to build the test kernel of
# each tree named: its linux-source, and a kernel build's tools (kmod:
# modules_install runs depmod).  Every script that installs them asks here.
kernel_build_packages() {
	local t
	for t in "$@"; do
		echo "linux-source-$t"
	done
	echo build-essential bc flex bison libelf-dev libssl-dev patch git xz-utils kmod
}

# Install the Debian packages named, those not installed yet.
need_packages() {
	local missing=() p
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
			missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	[ "$(id -u)" -eq 0 ] || die "missing packages (run as root to install): ${missing[*]}"
	note "installing ${missing[*]}"
	if [ -z "${DISKALIAS_APT_UPDATED:-}" ]; then
		apt-get update -q >&2 || die "apt-get update failed"
		export DISKALIAS_APT_UPDATED=1
	fi
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
		"${missing[@]}" >&2 || die "apt-get install ${missing[*]} failed"
}

# The Debian mirror this machine's apt already uses for its main suite.
apt_mirror() {
	local f uri
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -e "$f" ] || continue
		uri=$(awk '/^URIs:/ { u = $2 } /^Suites:/ && u && $0 !~ /security/ { print u; exit }' "$f")
		[ -n "$uri" ] && { echo "$uri"; return 0; }
	done
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -e "$f" ] || continue
		uri=$(awk '$1 == "deb" && $0 !~ /security/ { for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) { print $i; exit } }' "$f")
		[ -n "$uri" ] && { echo "$uri"; return 0; }
	done
	return 1
}

# Print the hash of the named files' contents and of any extra strings.
hash_inputs() {
	local f
	{
		for f in "$@"; do
			if [ -f "$f" ]; then
				printf '%s\n' "${f#"$DISKALIAS_ROOT"/}"
				cat "$f"
			else
				printf '%s\n' "$f"
			fi
		done
	} | sha256sum | cut -c1-16
}

# qemu_command ACCEL MEMORY KERNEL CMDLINE: set the array qemu_cmd to what
# every test guest starts with: x86-64 under ACCEL with MEMORY (QEMU's
# -m) and 2 CPUs, no default devices and no display, KERNEL booted with
# the serial console and CMDLINE.  A panic ends the run instead of
# rebooting (panic=-1 with -no-reboot); the caller adds devices and where
# the serial port goes.
qemu_command() {
	qemu_cmd=(
		qemu-system-x86_64 -accel "$1" -m "$2" -smp 2 -nodefaults -no-reboot -display none
		-kernel "$3" -append "console=ttyS0 panic=-1 $4"
	)
}

# qemu_run TIMEOUT CONSOLE [ARGS...]: run qemu_cmd and ARGS, no monitor, the
# serial console into the file CONSOLE, killed after TIMEOUT seconds.
# Returns QEMU's status; 124 when it was killed at the timeout.
qemu_run() {
	local timeout=$1 console=$2 rc=0
	shift 2
	timeout -k 10 "$timeout" "${qemu_cmd[@]}" "$@" -serial "file:$console" -monitor none </dev/null || rc=$?
	[ $rc -ne 137 ] || rc=124
	return $rc
}
