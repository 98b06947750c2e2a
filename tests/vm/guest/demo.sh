# What images/demo shows in the guest, over two boots of one root image:
#   demo.sh boot1   installs the Debian package, shows the disks, names
#                   two of them with set --persist
#   demo.sh boot2   (booted with the virtio-scsi disks swapped) the aliases
#                   followed their disks; then data0 fails: the kernel's own
#                   error line ends with "(alias data0)", and diskalias log
#                   shows it
# It exits 1, naming what was missing, when the demo did not show what it
# says (vm.demo runs it).
set -u
step() { printf '\n### %s\n' "$*"; }
run() { printf '$ %s\n' "$*"; "$@"; }
missing=()
expect() {	# expect WHAT COMMAND...: note WHAT when COMMAND fails
	local what=$1
	shift
	"$@" >/dev/null 2>&1 || missing+=("$what")
}
end() {
	if [ ${#missing[@]} -gt 0 ]; then
		echo
		printf 'demo: not shown: %s\n' "${missing[@]}"
		exit 1
	fi
	exit 0
}
phase=${1:-boot1}

if [ "$phase" = boot2 ]; then
	step "second boot: the two virtio-scsi disks' kernel names are swapped"
	echo '$ ls -l /dev/disk/by-id/wwn-*'
	ls -l /dev/disk/by-id/wwn-* | sed 's|^.* /dev/disk/by-id/||'
	step "udev applied /etc/diskalias.conf at boot: the aliases followed their disks"
	run diskalias list -o NAME,ALIAS,CONF-ALIAS,CONF-STATE,WWN,SERIAL
	echo '$ ls -l /dev/disk/by-alias/'
	ls -l /dev/disk/by-alias/ | sed -n 's/^.* \([^ ]* -> .*\)$/\1/p'
	disk=$(diskalias resolve data0)
	d=${disk#/dev/}
	[ -n "$d" ] || { missing+=("data0 resolving to a disk"); end; }
	expect "data0 on the disk with WWN ...d4" \
		test "$(readlink -f /dev/disk/by-id/wwn-0x5000c500a1b2c3d4)" = "$disk"

	step "data0 ($d at this boot) fails: the SCSI layer takes it offline, as it does a disk that stopped answering"
	exec 3<"$disk"	# sd opens no offline disk: open it first
	echo "\$ echo offline >/sys/block/$d/device/state"
	echo offline >"/sys/block/$d/device/state"
	echo "\$ dd if=$disk of=/dev/null bs=4096 count=1 iflag=direct"
	dd of=/dev/null bs=4096 count=1 iflag=direct <&3 2>&1 | sed "s|'standard input'|'$disk'|" | head -n 1
	echo running >/sys/block/$d/device/state
	exec 3<&-

	step "the kernel's own lines: the disk's name of this boot, and its alias at the end"
	echo "\$ dmesg | grep -E 'offline device|I/O error'"
	dmesg | grep -E 'offline device|I/O error'
	expect "the kernel's line 'I/O error, dev $d, ... (alias data0)'" \
		grep -Eq "I/O error, dev $d, sector .* \(alias data0\)\$" <(dmesg)

	step "diskalias log: the kernel log about data0, each disk with its persistent name"
	out=$(diskalias log --disk data0)
	printf '$ diskalias log --disk data0\n%s\n' "$out"
	expect "diskalias log --disk data0 showing the I/O error on $d" \
		grep -Eq "I/O error, dev $d\[[^]]*\], .* \(alias data0\)\$" <<<"$out"
	end
fi

step "kernel"
run uname -r
step "installing the package"
deb=$(ls /mnt/host/bin/diskalias_*.deb)
echo "\$ apt-get install ./${deb##*/}"
DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$deb" 2>&1 |
	grep -E '^(Setting up|Unpacking) '
echo '$ dpkg -L diskalias | grep -E "sbin/|rules.d/"'
dpkg -L diskalias | grep -E 'sbin/|rules.d/'
expect "diskalias installed in /usr/sbin" test "$(command -v diskalias)" = /usr/sbin/diskalias
step "disks and their persistent names (udev)"
run lsblk -o NAME,SIZE,TRAN,SERIAL,WWN,MODEL
echo '$ ls -l /dev/disk/by-id/'
ls -l /dev/disk/by-id/ | sed -n 's/^.* \([^ ]* -> .*\)$/\1/p'
step "diskalias list"
run diskalias list
expect "the patched kernel (/sys/block/sda/alias)" test -e /sys/block/sda/alias
rm -f /etc/diskalias.conf
step "naming disks, for this boot and the next ones (--persist)"
run diskalias set --persist sda data0
run diskalias set --persist /dev/disk/by-id/wwn-0x5000c500a1b2c3d5 logs
run diskalias set sdb data0
run diskalias resolve data0
run cat /etc/diskalias.conf
udevadm settle
run diskalias list -o NAME,ALIAS,CONF-ALIAS,CONF-STATE,WWN,SERIAL
echo '$ ls -l /dev/disk/by-alias/'
ls -l /dev/disk/by-alias/ | sed -n 's/^.* \([^ ]* -> .*\)$/\1/p'
expect "data0 set on sda" test "$(diskalias resolve data0)" = /dev/sda
sync
end
