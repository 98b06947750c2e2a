# What images/demo shows in the guest: the disks, their persistent names,
# and diskalias at work on them.
set -u
step() { printf '\n### %s\n' "$*"; }
run() { printf '$ %s\n' "$*"; "$@"; }

step "kernel"
run uname -r
step "disks and their persistent names (udev)"
run lsblk -o NAME,SIZE,TRAN,SERIAL,WWN,MODEL
run ls -l /dev/disk/by-id/ /dev/disk/by-path/
if command -v diskalias >/dev/null; then
	step "diskalias list"
	run diskalias list
	if [ -e /sys/block/sda/alias ]; then
		step "naming disks"
		run diskalias set sda data0
		run diskalias set /dev/disk/by-id/wwn-0x5000c500a1b2c3d5 logs
		run diskalias set sdb data0 || true
		run diskalias resolve data0
		run diskalias list
		step "the kernel log shows the aliases"
		dmesg | grep -E 'alias|data0|logs' | tail -n 10
	fi
fi
