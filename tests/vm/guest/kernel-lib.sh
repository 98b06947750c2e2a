# Helpers for the kernel alias tests (tests/vm/guest/kernel-*.sh); sourced.
# shellcheck shell=bash
. tests/vm/guest/lib.sh

# The series must be in the running kernel, or every case is meaningless.
need_alias_attr() {
	if [ ! -e /sys/block/sda/alias ]; then
		fail "this kernel has no /sys/block/<disk>/alias (series not applied?)"
		finish
		exit
	fi
}

# expect_write DISK BYTES WANT: one write(2) of BYTES (alias_write escapes)
# to DISK's alias attribute fails with errno WANT, or succeeds for OK.
expect_write() {
	local disk=$1 bytes=$2 want=$3 got shown=$2
	got=$(alias_write "/sys/block/$disk/alias" "$bytes")
	[ ${#bytes} -le 40 ] || shown="${bytes:0:12}...(${#bytes} chars)"
	check "$disk <- '$shown': $want (got $got)" test "$got" = "$want"
}

# expect_alias DISK ALIAS: the attribute reads ALIAS and a newline, or
# nothing at all for "".
expect_alias() {
	local disk=$1 want=$2 got shown=$2
	got=$(od -An -c "/sys/block/$disk/alias" | tr -s ' ')
	[ ${#want} -le 40 ] || shown="${want:0:12}...(${#want} chars)"
	if [ -z "$want" ]; then
		check "$disk alias reads empty" test -z "$got"
	else
		check "$disk alias reads '$shown'" \
			test "$(cat "/sys/block/$disk/alias")" = "$want" -a \
			"$(tail -c 1 "/sys/block/$disk/alias" | od -An -c | tr -d ' ')" = '\n'
	fi
}

# scsi_rescan HOST: scan scsi_host HOST (host3) for disks again and wait
# (60 s at most) for the first disk on it and for udev; prints its name,
# nothing when none came.
scsi_rescan() {
	local x
	echo "- - -" >"/sys/class/scsi_host/$1/scan"
	for _ in $(seq 300); do
		for x in /sys/class/scsi_host/"$1"/device/target*/*/block/*; do
			[ -e "$x" ] && break 2
		done
		sleep 0.2
	done
	[ -e "$x" ] || return 0
	udev_wait_disks "${x##*/}"
	echo "${x##*/}"
}

# sdebug_set PARAM VALUE: set a scsi_debug driver parameter; some (delay)
# refuse with EBUSY while commands are in flight, so retry for 10 s.
sdebug_set() {
	local i
	for i in $(seq 100); do
		echo "$2" 2>/dev/null >"$sdebug/$1" && return 0
		sleep 0.1
	done
	echo "$2" >"$sdebug/$1"
}

# medium_reader DISK: read DISK through one open file until it is gone:
# the block at $lba (scsi_debug's medium error, when its opts say so) and a
# random 4 KiB block, again and again.  Each failing read logs; once the
# disk is deleted or unbound, reads fail fast.  For the tests that take a
# disk away under its I/O (lifetime, error handler).
medium_reader() {
	exec 5</dev/$1 || return
	while [ -e /sys/block/$1 ] || [ -e /dev/$1 ]; do
		dd of=/dev/null bs=512 skip="$lba" count=1 iflag=direct <&5 2>/dev/null
		dd of=/dev/null bs=4096 skip=$((RANDOM % 1000)) count=1 iflag=direct <&5 2>/dev/null
	done
	exec 5<&-
}

# kmsg_mark: put a marker in the kernel log; kmsg_since prints the kernel
# log after the last marker, without timestamps.
kmsg_mark() {
	echo "diskalias-test: mark $*" >/dev/kmsg
}
kmsg_since() {
	dmesg --notime | awk '/diskalias-test: mark/ { n = NR } { l[NR] = $0 }
		END { for (i = n + 1; i <= NR; i++) print l[i] }'
}

# alias_released DISK ALIAS: the kernel log since the last mark says the
# disk dropped the alias ("block loop0: alias imgA released").
alias_released() {
	kmsg_since | grep -qx "block $1: alias $2 released"
}

# monitor_start FILE: record kernel uevents of block devices, with their
# properties, into FILE; returns once udevadm listens.  monitor_stop ends it.
monitor_start() {
	udevadm monitor --kernel --property --subsystem-match=block >"$1" 2>&1 &
	monitor_pid=$!
	local i
	for i in $(seq 100); do
		grep -q '^KERNEL - ' "$1" && break
		sleep 0.1
	done
	sleep 0.5
}
monitor_stop() {
	sleep 1
	udevadm settle --timeout=60
	kill "$monitor_pid" 2>/dev/null
	wait "$monitor_pid" 2>/dev/null
}

# events FILE ACTION DEVNAME: the uevents in FILE for ACTION on DEVNAME,
# one a paragraph, each a list of KEY=VALUE lines.
events() {
	awk -v RS= -v action="$2" -v dev="$3" '
		$0 ~ "\nACTION=" action "\n" &&
		$0 ~ "\nDEVNAME=(/dev/)?" dev "(\n|$)" { print; print "" }' "$1"
}
count_events() {
	events "$@" | grep -c '^ACTION='
}
