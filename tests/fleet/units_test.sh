#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The systemd units that keep the metrics current (cli/data/diskalias-
# metrics.*): systemd-analyze verify takes them without a word, the path
# and timer units start the service, and the service's command line, run
# on a fake tree, writes the file node_exporter reads.  (The test guest
# has no systemd as PID 1: the units themselves do not run here.)
# Usage: units_test.sh SERVICE(configured) DATA-DIR BINARY WORKDIR
set -u
service=$1 data=$2 binary=$(realpath "$3") work=$4
here=$(cd "$(dirname "$0")" && pwd)

if ! command -v systemd-analyze >/dev/null; then
	echo "SKIP: systemd-analyze not found (Debian package systemd)"
	exit 77
fi
rm -rf "$work" && mkdir -p "$work/units" || exit 1
failed=0 n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); echo "not ok $n - $1"; failed=1; }

# as installed, but running the binary under test
exec_start=$(sed -n 's/^ExecStart=//p' "$service")
program=${exec_start%% *}
sed "s|^ExecStart=$program |ExecStart=$binary |" "$service" >"$work/units/diskalias-metrics.service"
cp "$data/diskalias-metrics.path" "$data/diskalias-metrics.timer" "$work/units/"
out=$(cd "$work/units" && systemd-analyze verify --man=no \
	./diskalias-metrics.service ./diskalias-metrics.path ./diskalias-metrics.timer 2>&1)
if [ $? = 0 ] && [ -z "$out" ]; then
	ok "systemd-analyze verify: no error, no warning"
else
	not_ok "systemd-analyze verify"
	echo "$out"
fi

for u in path timer; do
	if grep -qx 'Unit=diskalias-metrics.service' "$data/diskalias-metrics.$u"; then
		ok "the $u unit starts diskalias-metrics.service"
	else
		not_ok "the $u unit starts diskalias-metrics.service"
	fi
done
for d in by-id by-path by-alias; do
	if grep -qx "PathChanged=/dev/disk/$d" "$data/diskalias-metrics.path"; then
		ok "the path unit watches /dev/disk/$d"
	else
		not_ok "the path unit watches /dev/disk/$d"
	fi
done

# the service's own command line, on a fake tree, into a scratch textfile dir
textfile=/var/lib/prometheus/node-exporter
case $exec_start in
"$program list --metrics-file $textfile/diskalias.prom") ok "ExecStart writes $textfile/diskalias.prom" ;;
*) not_ok "ExecStart: $exec_start" ;;
esac
python3 "$here/../fake_sysroot.py" "$work/root" standard >/dev/null || exit 1
mkdir -p "$work/textfile"
read -ra argv <<<"${exec_start//$textfile/$work/textfile}"
if "$binary" --sysroot "$work/root" "${argv[@]:1}" &&
	"$binary" --sysroot "$work/root" list --metrics | cmp -s - "$work/textfile/diskalias.prom"; then
	ok "the service's command writes what list --metrics prints"
else
	not_ok "the service's command writes what list --metrics prints"
fi

echo "1..$n"
exit $failed
