# udev made persistent links for every disk, from every transport.
. tests/vm/guest/lib.sh

byid=/dev/disk/by-id
ls -l $byid /dev/disk/by-path

scsi0=$(link_target $byid/wwn-0x5000c500a1b2c3d4)
scsi1=$(link_target $byid/wwn-0x5000c500a1b2c3d5)
check "wwn link of the first virtio-scsi disk is an sd disk ($scsi0)" \
	grep -qx 'sd[a-z]' <<<"$scsi0"
check "wwn link of the second virtio-scsi disk is another sd disk ($scsi1)" \
	test -n "$scsi1" -a "$scsi1" != "$scsi0"
check "scsi transport id link of the first virtio-scsi disk" \
	test "$(link_target $byid/scsi-35000c500a1b2c3d4)" = "$scsi0"
check "scsi transport id link of the second virtio-scsi disk" \
	test "$(link_target $byid/scsi-35000c500a1b2c3d5)" = "$scsi1"
check "udev read the first disk's SCSI serial" \
	grep -qx 'E: ID_SCSI_SERIAL=DASCSI0001' <(udevadm info /dev/$scsi0)
check "udev read the second disk's SCSI serial" \
	grep -qx 'E: ID_SCSI_SERIAL=DASCSI0002' <(udevadm info /dev/$scsi1)
check "virtio-blk serial link" test "$(link_target $byid/virtio-DAVBLK0001)" = vdb
nvme=$(for l in $byid/nvme-*DANVME0001; do link_target "$l"; done | sort -u)
check "nvme serial link points to nvme0n1" test "$nvme" = nvme0n1

for d in sda sdb vdb nvme0n1; do
	n=$(for l in /dev/disk/by-path/*; do link_target "$l"; done | grep -cx "$d")
	check "by-path link for $d" test "$n" -ge 1
done
finish
