#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The bash completion on a fake sysroot: verbs, options, columns, disks,
# links and aliases.  Usage: completion_test.sh COMPLETION BINARY WORKDIR
set -u
completion=$1 binary=$2 work=$3
here=$(cd "$(dirname "$0")" && pwd)

rm -rf "$work" && mkdir -p "$work" || exit 1
root=$work/root
python3 "$here/../fake_sysroot.py" "$root" standard || exit 1
# the completion runs "diskalias list --list-columns"
mkdir -p "$work/bin" && ln -s "$(realpath "$binary")" "$work/bin/diskalias"
PATH=$work/bin:$PATH
# shellcheck source=/dev/null
. "$completion"

failed=0 n=0
check()	# expected-words -- command line words (last one is completed)
{
	local expected=$1
	shift
	COMP_WORDS=("$@")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMPREPLY=()
	_diskalias
	local got
	got=$(printf '%s\n' "${COMPREPLY[@]}" | LC_ALL=C sort | paste -sd' ')
	n=$((n + 1))
	if [[ $got == "$expected" ]]; then
		echo "ok $n - ${*}"
	else
		echo "not ok $n - ${*}"
		echo "#   expected: $expected"
		echo "#   got:      $got"
		failed=1
	fi
}

check "apply forget get list log resolve set validate" diskalias ""
check "set" diskalias s
check "--help --sysroot --version" diskalias --
check "loop0 loop1 nvme0n1 sda sdb sdc sr0 vda" diskalias --sysroot "$root" get ""
check "sda sdb sdc" diskalias --sysroot "$root" set sd
check "" diskalias --sysroot "$root" set sdb ""
check "data0" diskalias --sysroot "$root" resolve d
check "logs" diskalias resolve --sysroot "$root" l
check "/dev/disk/by-id/" diskalias --sysroot "$root" get /dev/disk/by-i
check "/dev/sda /dev/sda1 /dev/sda2" diskalias --sysroot "$root" set /dev/sda
check "by-id/wwn-0x5000c500a1b2c3d4 by-id/wwn-0x5000c500a1b2c3d4-part1" \
	diskalias --sysroot "$root" get by-id/wwn-0x5000c500a1b2
check "--bytes" diskalias list --b
check "--help --sysroot --version" diskalias get --
check "NAME,MAJ:MIN NAME,MODEL NAME,MOUNTPOINTS" diskalias list -o NAME,M
check "+PARTITIONS +PATH" diskalias list -o +PA
check "+PERSISTENT" diskalias list -o +PE
check "--disk" diskalias log --di
check "sda sdb sdc" diskalias --sysroot "$root" list -n sd
check "sda sdb sdc" diskalias --sysroot "$root" -o NAME list sd
check "sda sdb sdc" diskalias -o NAME --sysroot "$root" list sdb sd
check "dmesg export json kmsg" diskalias log --format ""
check "--journal --journal-dir" diskalias log --jo
check "$root/dev/disk" diskalias log --journal-dir "$root/dev/d"
check "sda sdb sdc" diskalias --sysroot "$root" log --journal-dir "$root" --disk sd
check "sda sdb sdc" diskalias --sysroot "$root" log --disk sd
check "data0" diskalias --sysroot "$root" log -J --disk da
check "--persist" diskalias set --p
check "--force" diskalias set --f
check "--key" diskalias set --k
check "--shell" diskalias list --sh
check "--metrics --metrics-file" diskalias list --me
check "$root/dev/disk" diskalias list --metrics-file "$root/dev/d"
check "sda sdb sdc" diskalias --sysroot "$root" list --metrics-file /x sd
check "by-id/" diskalias --sysroot "$root" set --persist --key by-i
check "sda sdb sdc" diskalias --sysroot "$root" set --key by-id/x sd
check "--dry-run" diskalias apply --d
check "--check --config" diskalias apply --c
check "--json" diskalias apply --j
check "--check" diskalias set --c
check "--json" diskalias set --j
check "sda sdb sdc" diskalias --sysroot "$root" apply vda sd
printf 'alias data0 wwn-0x5000c500a1b2c3d4\nalias spare virtio-VB-1234\n' >"$root/etc/diskalias.conf"
check "spare" diskalias --sysroot "$root" forget s
check "" diskalias --sysroot "$root" forget spare ""
echo "1..$n"
exit $failed
