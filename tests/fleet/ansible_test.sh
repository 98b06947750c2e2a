#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The playbook aliases.yml (ansible-core, connection: local) on a fake
# tree: in check mode it reports what would change and changes nothing;
# applied, it reports changed; applied again, unchanged, and check mode
# then agrees.  Usage: ansible_test.sh BINARY WORKDIR
set -u
binary=$(realpath "$1") work=$2
here=$(cd "$(dirname "$0")" && pwd)

if ! command -v ansible-playbook >/dev/null; then
	echo "SKIP: ansible-playbook not found (Debian package ansible-core)"
	exit 77
fi
rm -rf "$work" && mkdir -p "$work/home" || exit 1
root=$work/root
python3 "$here/../fake_sysroot.py" "$root" standard:sda,sdb,vda >/dev/null || exit 1
# sdb has data0 already; vda gets vm; sda gets sys from the playbook's set
printf 'alias data0 wwn-0x5000c500a1b2c3d4\nalias vm virtio-VB-1234\n' \
	>"$root/etc/diskalias.conf" || exit 1

# Ansible's own files in the work directory, none in $HOME
export HOME=$work/home ANSIBLE_LOCAL_TEMP=$work/tmp ANSIBLE_REMOTE_TEMP=$work/tmp
export ANSIBLE_STDOUT_CALLBACK=ansible.builtin.default ANSIBLE_NOCOLOR=1
export ANSIBLE_PYTHON_INTERPRETER=/usr/bin/python3 ANSIBLE_LOCALHOST_WARNING=0
export ANSIBLE_INVENTORY_UNPARSED_WARNING=0

failed=0 n=0
# the tree as the tool may change it: contents, inodes and times
state() {
	local f
	for f in "$root"/etc/* "$root"/etc/.[!.]* "$root"/sys/block/*/alias; do
		[ -e "$f" ] || continue
		stat -c '%n %i %y %z %s' "$f"
		cat "$f"
		echo
	done
}
run() {	# name, expected changed per task ("true false"), playbook arguments
	local name=$1 expected=$2 got out
	shift 2
	n=$((n + 1))
	out=$work/run$n.out
	ansible-playbook -v -i localhost, -e "diskalias=$binary sysroot=$root" \
		"$@" "$here/aliases.yml" >"$out" 2>&1
	# each task's line: "changed: [localhost] => ...", "ok: ...", "fatal: ..."
	got=$(sed -n 's/^\(ok\|changed\|fatal\|skipping\): \[localhost\].*/\1/p' "$out" |
		sed 's/^changed$/true/; s/^ok$/false/' | paste -sd' ')
	if grep -q '^localhost *:.* failed=0 ' "$out" && [ "$got" = "$expected" ]; then
		echo "ok $n - $name: changed $got"
	else
		echo "not ok $n - $name: changed \"$got\", expected \"$expected\""
		cat "$out"
		failed=1
	fi
}
must_be_unchanged() {	# name, state before
	n=$((n + 1))
	if [ "$(state)" = "$2" ]; then
		echo "ok $n - $1: the tree is unchanged"
	else
		echo "not ok $n - $1: the tree changed"
		diff <(echo "$2") <(state)
		failed=1
	fi
}

before=$(state)
sleep 0.01	# a rewrite would show in the times
run "check mode, first" "true true" --check
must_be_unchanged "check mode, first" "$before"

run "applied" "true true"
n=$((n + 1))
if [ "$(cat "$root/sys/block/sda/alias")" = sys ] &&
	[ "$(cat "$root/sys/block/vda/alias")" = vm ] && grep -qx 'alias sys /dev/disk/by-id/.*' "$root/etc/diskalias.conf"; then
	echo "ok $n - applied: sda is sys, vda is vm, sys recorded"
else
	echo "not ok $n - applied: aliases or config not as expected"
	state
	failed=1
fi

after=$(state)
sleep 0.01
run "applied again" "false false"
must_be_unchanged "applied again" "$after"
run "check mode, again" "false false" --check
must_be_unchanged "check mode, again" "$after"

echo "1..$n"
exit $failed
