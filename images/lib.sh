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
