# The guest runs the kernel built from this checkout and sees its disks.
. tests/vm/guest/lib.sh

expected=$(cat expected-release 2>/dev/null)
check "kernel release is the one built from this checkout ($expected)" \
	test -n "$expected" -a "$(uname -r)" = "$expected"
check "kernel release carries the diskalias marker" \
	grep -q -- '-diskalias-' /proc/sys/kernel/osrelease

for d in vda sda sdb vdb nvme0n1; do
	check "disk $d is present" test -e /sys/block/$d
done
check "two virtio-scsi disks are sd" \
	test "$(readlink /sys/block/sda/device/driver | xargs basename)" = sd
check "vdb is the virtio-blk test disk" grep -qx DAVBLK0001 /sys/block/vdb/serial
check "nvme0n1 has the NVMe serial" grep -qE "^DANVME0001 *$" /sys/block/nvme0n1/device/serial
check "udevd is running" pgrep -x systemd-udevd >/dev/null
finish
