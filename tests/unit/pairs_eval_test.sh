#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# "eval" of list -P in sh with a config present: the default columns'
# keys are shell names whatever the config, and -y makes any column's
# key one (MAJ:MIN as MAJ_MIN).  Usage: pairs_eval_test.sh BINARY WORKDIR
set -u
binary=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)

rm -rf "$work" && mkdir -p "$work" || exit 1
root=$work/root
python3 "$here/../fake_sysroot.py" "$root" standard || exit 1
printf 'alias data0 wwn-0x5000c500a1b2c3d4\n' >"$root/etc/diskalias.conf"

failed=0 n=0
check()	# description, sh script run with $1 the binary, $2 the root
{
	n=$((n + 1))
	if out=$(sh -c "$2" sh "$binary" "$root" 2>&1); then
		echo "ok $n - $1"
	else
		echo "not ok $n - $1"
		printf '#   %s\n' "$out"
		failed=1
	fi
}

# every line a disk: the last one is vda
check 'eval "$(list -P)" with a config' \
	'eval "$("$1" --sysroot "$2" list -P)" && [ "$NAME" = vda ] &&
	 [ "$PERSISTENT" = virtio-VB-1234 ]'
check 'eval "$(list -P sdb)": a value with blanks and a list' \
	'eval "$("$1" --sysroot "$2" list -P sdb)" && [ "$ALIAS" = data0 ] &&
	 [ "$MOUNTPOINTS" = "/srv/data\x0a/mnt/my data" ]'
check 'eval "$(list -P -y -o +MAJ:MIN,CONF-ALIAS,CONF-STATE sdb)"' \
	'eval "$("$1" --sysroot "$2" list -P -y -o +MAJ:MIN,CONF-ALIAS,CONF-STATE sdb)" &&
	 [ "$MAJ_MIN" = 8:16 ] && [ "$CONF_ALIAS" = data0 ] && [ "$CONF_STATE" = ok ]'
echo "1..$n"
exit $failed
