#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# "diskalias list --metrics" checked by the real promtool (Debian's
# prometheus package, unpacked by get-promtool, never installed): on fake
# and captured trees, one diskalias_info series a disk, labelled by its
# kernel name; label values with quotes, backslashes, controls and bytes
# that are not UTF-8 escaped so that the format holds; --metrics-file
# written atomically, readable by node_exporter.
# Usage: metrics_test.sh BINARY TOOLS-DIR WORKDIR
set -u
binary=$(realpath "$1") tools=$2 work=$3
here=$(cd "$(dirname "$0")" && pwd)

promtool=$(ls "$tools"/prometheus-*/usr/bin/promtool 2>/dev/null | tail -1)
if [ -z "$promtool" ]; then
	echo "SKIP: no promtool in $tools (tests/fleet/get-promtool $tools puts it there; tests/run-all does)"
	exit 77
fi
rm -rf "$work" && mkdir -p "$work" || exit 1

failed=0 n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); echo "not ok $n - $1"; failed=1; }

for tree in standard udev facts odd logs-noalias capture:6.1 capture:6.12; do
	root=$work/${tree/:/-}
	python3 "$here/../fake_sysroot.py" "$root" "$tree" >/dev/null || exit 1
	prom=$root.prom
	"$binary" --sysroot "$root" list --metrics >"$prom" 2>/dev/null
	if "$promtool" check metrics <"$prom" >"$prom.check" 2>&1; then
		ok "$tree: promtool check metrics"
	else
		not_ok "$tree: promtool check metrics"
		cat "$prom.check" "$prom"
	fi
	# one series a disk, its device label the kernel name node_exporter uses
	want=$("$binary" --sysroot "$root" list -J -o KNAME 2>/dev/null |
		jq -r '.disks[].kname')
	got=$(sed -n 's/^diskalias_info{device="\([^"]*\)",.*} 1$/\1/p' "$prom")
	if [ "$got" = "$want" ] && [ "$(grep -c '^diskalias_info{' "$prom")" = "$(echo "$want" | wc -l)" ]; then
		ok "$tree: one series a disk, by kernel name"
	else
		not_ok "$tree: one series a disk, by kernel name"
		diff <(echo "$want") <(echo "$got")
	fi
done

# the config's alias on a kernel without the attribute, as udev's link has it
if grep -q '^diskalias_info{device="sdb",alias="data0",' "$work/logs-noalias.prom"; then
	ok "no alias attribute: the config's alias"
else
	not_ok "no alias attribute: the config's alias"
	cat "$work/logs-noalias.prom"
fi

# a serial with every byte the format or a terminal cares about
root=$work/odd-serial
python3 "$here/../fake_sysroot.py" "$root" standard:vda >/dev/null || exit 1
printf 'a"b\\c\\xd\x01e\n\xff\xc2\x85\xc3\xa9\n' >"$root/sys/block/vda/serial"
"$binary" --sysroot "$root" list --metrics >"$root.prom"
want='diskalias_info{device="vda",alias="",persistent="virtio-VB-1234",wwn="",serial="a\"b\\c\\x5cxd\\x01e\\x0a\\xff\\xc2\\x85é"} 1'
if [ "$(tail -1 "$root.prom")" = "$want" ] && "$promtool" check metrics <"$root.prom" >/dev/null 2>&1; then
	ok "label values escaped"
else
	not_ok "label values escaped"
	echo "want: $want"
	cat "$root.prom"
	"$promtool" check metrics <"$root.prom"
fi

# --metrics-file: the same text, atomically, 0644, nothing else left
root=$work/standard dir=$work/textfile
mkdir -p "$dir"
(umask 077 && "$binary" --sysroot "$root" list --metrics-file "$dir/diskalias.prom" 2>/dev/null)
ino=$(stat -c %i "$dir/diskalias.prom" 2>/dev/null)
if cmp -s "$dir/diskalias.prom" "$root.prom" &&
	[ "$(stat -c %a "$dir/diskalias.prom")" = 644 ] &&
	[ "$(ls -A "$dir")" = diskalias.prom ]; then
	ok "--metrics-file: written, mode 644, no temp file left"
else
	not_ok "--metrics-file: written, mode 644, no temp file left"
	ls -la "$dir"
fi
"$binary" --sysroot "$root" list --metrics-file "$dir/diskalias.prom" 2>/dev/null
if [ "$(stat -c %i "$dir/diskalias.prom")" != "$ino" ] && [ "$(ls -A "$dir")" = diskalias.prom ]; then
	ok "--metrics-file: replaced by a rename, never rewritten in place"
else
	not_ok "--metrics-file: replaced by a rename, never rewritten in place"
fi
err=$("$binary" --sysroot "$root" list --metrics-file "$work/none/diskalias.prom" 2>&1 >/dev/null)
st=$?
if [ $st = 1 ] && [ "$err" = "diskalias: cannot write $work/none/diskalias.prom: No such file or directory" ]; then
	ok "--metrics-file in a missing directory: status 1, one line"
else
	not_ok "--metrics-file in a missing directory: status $st, \"$err\""
fi

echo "1..$n"
exit $failed
