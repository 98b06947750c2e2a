# What images/demo shows in the guest, over two boots of one root image:
#   demo.sh boot1   the disks, diskalias at work, and set --persist
#   demo.sh boot2   (booted with the virtio-scsi disks swapped) the aliases
#                   followed their disks: list and /dev/disk/by-alias
set -u
step() { printf '\n### %s\n' "$*"; }
run() { printf '$ %s\n' "$*"; "$@"; }
phase=${1:-boot1}

if [ "$phase" = boot2 ]; then
	step "second boot: the two virtio-scsi disks' kernel names are swapped"
	echo '$ ls -l /dev/disk/by-id/wwn-*'
	ls -l /dev/disk/by-id/wwn-*
	step "udev applied /etc/diskalias.conf at boot: the aliases followed their disks"
	run cat /etc/diskalias.conf
	run diskalias list -o NAME,ALIAS,CONF-ALIAS,CONF-STATE,WWN,SERIAL
	run ls -l /dev/disk/by-alias/
	run diskalias resolve data0
	step "the kernel log shows the aliases"
	dmesg | grep -E 'alias|data0|logs' | tail -n 10
	exit 0
fi

step "kernel"
run uname -r
step "disks and their persistent names (udev)"
run lsblk -o NAME,SIZE,TRAN,SERIAL,WWN,MODEL
run ls -l /dev/disk/by-id/ /dev/disk/by-path/
if command -v diskalias >/dev/null; then
	step "diskalias list"
	run diskalias list
	if [ -e /sys/block/sda/alias ]; then
		# the udev rule, with diskalias from the share (installed it
		# would be /usr/lib/udev/rules.d/61-diskalias.rules)
		cp /mnt/host/bin/61-diskalias.rules /etc/udev/rules.d/
		udevadm control --reload
		rm -f /etc/diskalias.conf
		step "naming disks, for this boot and the next ones (--persist)"
		run diskalias set --persist sda data0
		run diskalias set --persist /dev/disk/by-id/wwn-0x5000c500a1b2c3d5 logs
		run diskalias set sdb data0 || true
		run diskalias resolve data0
		run cat /etc/diskalias.conf
		run diskalias list
		udevadm settle
		run ls -l /dev/disk/by-alias/
		step "the kernel log shows the aliases"
		dmesg | grep -E 'alias|data0|logs' | tail -n 10
		sync
	fi
fi
