#!/bin/bash
# Run one diskalias verb under valgrind memcheck on a fresh fake sysroot:
# no memory error and no definite or indirect leak may be reported, the
# verb must succeed, and what it writes must be right.
#
# usage: memcheck.sh BINARY WORKDIR SCENARIO [SYSTEMD-JOURNAL-REMOTE]
# Exit status 77 (skipped) when valgrind is not installed.
set -euo pipefail

bin=$1 work=$2 scenario=$3 journal_remote=${4:-}
here=$(cd "$(dirname "$0")" && pwd)

if ! command -v valgrind >/dev/null; then
	echo "SKIP: valgrind is not installed (Debian package: valgrind)"
	exit 77
fi

rm -rf "$work"
mkdir -p "$work"
root=$work/root

tree() { python3 "$here/../fake_sysroot.py" "$root" "$1" >/dev/null; }

fail() {
	echo "FAIL: $scenario: $*"
	exit 1
}

expect_file() {
	local got
	got=$(cat "$root/$1")
	[ "$got" = "$2" ] || fail "$1 holds '$got', expected '$2'"
}

vg() {
	local rc=0
	valgrind --quiet --leak-check=full \
		--show-leak-kinds=definite,indirect \
		--errors-for-leak-kinds=definite,indirect \
		--error-exitcode=99 --log-file="$work/valgrind.log" \
		"$bin" --sysroot "$root" "$@" >"$work/stdout" 2>"$work/stderr" ||
		rc=$?
	# valgrind may not know openat2(2) (437): diskalias then falls back
	# to openat(2), and the note it prints (5 lines) is no finding
	sed -i '/unhandled amd64-linux syscall: 437$/,+4d' "$work/valgrind.log"
	if [ -s "$work/valgrind.log" ] || [ "$rc" -eq 99 ]; then
		cat "$work/valgrind.log"
		fail "valgrind reported errors or leaks (exit status $rc)"
	fi
	if [ "$rc" -ne "${want:-0}" ]; then
		cat "$work/stderr"
		fail "diskalias $* exited with status $rc, expected ${want:-0}"
	fi
}

case $scenario in
list)
	tree standard
	vg list
	grep -q '^sdb' "$work/stdout" || fail "sdb not listed"
	;;
list-json)
	tree standard
	vg list -J -o +MOUNTPOINTS
	python3 -m json.tool "$work/stdout" >/dev/null || fail "bad JSON"
	;;
list-odd)
	# odd sysfs files: warnings and exit status 64 (some disks failed)
	tree odd
	want=64 vg list -a -P
	grep -q 'contains a NUL byte' "$work/stderr" || fail "no warning"
	;;
set)
	tree standard
	vg set sda sys
	expect_file sys/block/sda/alias sys
	;;
set-persist)
	tree transports
	vg set --persist sda data0
	expect_file sys/block/sda/alias data0
	expect_file etc/diskalias.conf \
		"alias data0 /dev/disk/by-id/wwn-0x5000c500a1b2c3d4"
	;;
apply)
	tree standard
	printf '%s\n' 'alias data0 wwn-0x5000c500a1b2c3d4' \
		'alias vm /dev/disk/by-id/virtio-VB-1234' \
		'alias gone wwn-0x5000c500ffffffff' >"$root/etc/diskalias.conf"
	vg apply
	expect_file sys/block/vda/alias vm
	;;
log)
	tree logs
	vg log --input "$root/samples/kmsg-boot.txt"
	grep -q 'sdb\[data0' "$work/stdout" || fail "sdb not annotated"
	;;
log-json-config)
	tree logs-noalias
	vg log -J --input "$root/samples/dmesg-plain.txt"
	;;
log-journal)
	# the sd-journal reader, on a journal file of the running boot and
	# another, and a pipe copied to a temporary file
	tree logs
	mkdir -p "$root/journal" "$root/proc/sys/kernel/random"
	echo 5e1f0c2a-7d3b-4c8e-9f60-1a2b3c4d5e6f >"$root/proc/sys/kernel/random/boot_id"
	boot=5e1f0c2a7d3b4c8e9f601a2b3c4d5e6f
	for b in 0123456789abcdef0123456789abcdef "$boot"; do
		printf '__REALTIME_TIMESTAMP=1733300000000000\n_BOOT_ID=%s\n_TRANSPORT=kernel\nPRIORITY=3\n_SOURCE_MONOTONIC_TIMESTAMP=12345701\nMESSAGE=I/O error, dev sdb, sector 8 op 0x0:(READ) flags 0x0 phys_seg 1 prio class 2\n\n' "$b"
	done | "$journal_remote" --output="$root/journal/a.journal" - 2>/dev/null ||
		fail "systemd-journal-remote failed"
	vg log --journal-dir "$root/journal" --disk data0
	[ "$(grep -c 'sdb\[data0' "$work/stdout")" = 1 ] || fail "the running boot's sdb not annotated"
	cat "$root/samples/kmsg-boot.txt" | TMPDIR=$work vg log --input -
	grep -q 'sdb\[data0' "$work/stdout" || fail "the piped log not annotated"
	;;
*)
	fail "unknown scenario"
	;;
esac
echo "PASS: $scenario"
