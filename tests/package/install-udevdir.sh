#!/bin/bash
# Where "cmake --install" puts the udev rule: in rules.d under udev.pc's
# udevdir, whatever the prefix; under /usr/lib/udev without udev.pc; under
# -DDISKALIAS_UDEVDIR when given.  Each case configures the source tree in
# a scratch build directory against its own pkg-config search path and
# reads the rule's destination from the generated install script.
#
# usage: install-udevdir.sh SOURCE-DIR WORK-DIR
set -u
src=$1 work=$2
fails=0 passes=0
rm -rf "$work"
mkdir -p "$work"

# A pkg-config directory with every .pc of the default search path but
# udev.pc, plus udev.pc with udevdir=$1 when given.
pc_dir() {
	local dir=$work/pc-${1//\//_} d f
	mkdir -p "$dir"
	for d in $(pkg-config --variable pc_path pkg-config | tr : ' '); do
		for f in "$d"/*.pc; do
			[ -e "$f" ] || continue
			case ${f##*/} in udev.pc) continue ;; esac
			[ -e "$dir/${f##*/}" ] || ln -s "$f" "$dir/${f##*/}"
		done
	done
	[ -z "$1" ] || printf 'udev_dir=%s\nudevdir=${udev_dir}\n\nName: udev\nDescription: udev\nVersion: 252\n' \
		"$1" >"$dir/udev.pc"
	echo "$dir"
}

# case NAME UDEV.PC-UDEVDIR EXPECTED-RULES.D [CMAKE-ARGS...]
case_() {
	local name=$1 udevdir=$2 want=$3 build=$work/$1 got
	shift 3
	if ! PKG_CONFIG_LIBDIR=$(pc_dir "$udevdir") PKG_CONFIG_PATH= \
		cmake -S "$src" -B "$build" -DCMAKE_INSTALL_PREFIX=/usr/local "$@" >"$build.log" 2>&1; then
		cat "$build.log"
		echo "not ok - $name: cmake failed"
		fails=$((fails + 1))
		return
	fi
	got=$(sed -n 's/^ *file(INSTALL DESTINATION "\([^"]*\)" .*61-diskalias\.rules.*/\1/p' \
		"$build/cli/cmake_install.cmake")
	if [ "$got" = "$want" ]; then
		echo "ok - $name: the rule goes to $got"
		passes=$((passes + 1))
	else
		echo "not ok - $name: the rule goes to '$got', not $want"
		fails=$((fails + 1))
	fi
}

case_ udev.pc /opt/fake/lib/udev /opt/fake/lib/udev/rules.d
case_ no-udev.pc "" /usr/lib/udev/rules.d
case_ override /opt/fake/lib/udev /srv/udev/rules.d -DDISKALIAS_UDEVDIR=/srv/udev
echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]
