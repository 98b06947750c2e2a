# Helpers for in-guest test scripts; sourced.
# shellcheck shell=bash

fails=0
passes=0

pass() {
	passes=$((passes + 1))
	echo "ok - $*"
}

fail() {
	fails=$((fails + 1))
	echo "not ok - $*"
}

# check DESCRIPTION COMMAND...: one case, passing when COMMAND succeeds.
check() {
	local what=$1
	shift
	if "$@"; then pass "$what"; else fail "$what"; fi
}

# The TAP-like summary, and the script's exit status.
finish() {
	echo "$passes passed, $fails failed"
	[ "$fails" -eq 0 ]
}

# The kernel name a /dev/disk/by-* link points to.
link_target() {
	basename "$(readlink -f "$1")"
}

# udev_wait_disks DISK...: wait (60 s at most) until udev has handled
# each disk's add event (its links exist) and its queue is empty.  A disk
# can be in sysfs before its add uevent is sent (sd probes asynchronously),
# so "udevadm settle" alone can return before udev has seen the disk.
udev_wait_disks() {
	[ $# -gt 0 ] || { udevadm settle --timeout=60; return; }
	udevadm wait --timeout=60 --settle "${@/#//sys/block/}" ||
		echo "# udevadm wait $*: exit $?"
}

sdebug=/sys/bus/pseudo/drivers/scsi_debug

# sdebug_add N: add a scsi_debug host with N disks and wait (120 s at
# most) for them, which sd probes asynchronously, and for udev; prints
# the new disks' names, one a line.
sdebug_add() {
	local n=$1 before new
	before=$(ls /sys/block | sort)
	echo "$n" >$sdebug/num_tgts
	echo 1 >$sdebug/add_host
	for _ in $(seq 600); do
		new=$(comm -13 <(echo "$before") <(ls /sys/block | sort))
		[ "$(echo "$new" | grep -c '^sd')" -ge "$n" ] && break
		sleep 0.2
	done
	# shellcheck disable=SC2046
	udev_wait_disks $(echo "$new" | grep '^sd')
	echo "$new"
}

# check_link LINK DISK: one case, passing when /dev/disk/LINK points to
# DISK.  udev makes links while it handles the disk's event, so wait for
# its queue, then up to 10 s more; on failure print what udev knew, so a
# failure in CI explains itself.
check_link() {
	local link=/dev/disk/$1 disk=$2 now
	udevadm settle --timeout=60 || echo "# udevadm settle: exit $?"
	for _ in $(seq 50); do
		[ "$(link_target "$link")" = "$disk" ] && break
		sleep 0.2
	done
	if [ "$(link_target "$link")" = "$disk" ]; then
		pass "$1 -> $disk"
		return
	fi
	now=$(readlink "$link") || now=missing
	fail "$1 -> $disk (it is $now)"
	echo "# udevd: $(pgrep -c systemd-udevd) process(es); rules:" \
		/etc/udev/rules.d/* /usr/lib/udev/rules.d/*diskalias*
	ls -l /dev/disk/by-alias 2>&1 | sed 's/^/# /'
	udevadm info --query=property "/sys/block/$disk" 2>&1 |
		grep -E '^(ALIAS|DISKALIAS_|DEVLINKS|ACTION|SEQNUM)' | sed 's/^/# /'
}

# start_journald: start journald by hand (the guest's init is not
# systemd), keeping its journal in /run, and wait (20 s at most) until it
# has read the kernel's log; its PID is in $journald.  Returns 1 when it
# does not run (it needs the cgroup file system, mounted here).
start_journald() {
	findmnt -t cgroup2 /sys/fs/cgroup >/dev/null || mount -t cgroup2 cgroup2 /sys/fs/cgroup
	mkdir -p /run/systemd/journald.conf.d
	printf '[Journal]\nStorage=volatile\nRateLimitBurst=0\n' >/run/systemd/journald.conf.d/test.conf
	/lib/systemd/systemd-journald &
	journald=$!
	for _ in $(seq 100); do
		journalctl -n 1 --no-pager -q 2>/dev/null | grep -q . && break
		sleep 0.2
	done
	kill -0 "$journald" 2>/dev/null
}
