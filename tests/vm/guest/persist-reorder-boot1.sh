# Boot 1 of vm.persist-reorder: name the two virtio-scsi disks with
# set --persist and install the udev rule in the root image, which the
# second boot (--state-dir, --swap-scsi) shares.
. tests/vm/guest/lib.sh
. tests/vm/guest/persist-lib.sh

rm -f /etc/diskalias.conf
install_rule
d0=$(disk_of_wwn 5000c500a1b2c3d4)
d1=$(disk_of_wwn 5000c500a1b2c3d5)
echo "boot 1: DASCSI0001 is $d0, DASCSI0002 is $d1"
echo "$d0 $d1" >/root/persist-reorder-names
check "set --persist $d0 data0" diskalias set --persist "$d0" data0
check "set --persist $d1 logs" diskalias set --persist "$d1" logs
cat /etc/diskalias.conf
check "data0 is keyed by the first disk's WWN" \
	grep -qx 'alias data0 /dev/disk/by-id/wwn-0x5000c500a1b2c3d4' /etc/diskalias.conf
check "logs is keyed by the second disk's WWN" \
	grep -qx 'alias logs /dev/disk/by-id/wwn-0x5000c500a1b2c3d5' /etc/diskalias.conf
check "kernel alias of $d0 is data0" test "$(kernel_alias "$d0")" = data0
check "kernel alias of $d1 is logs" test "$(kernel_alias "$d1")" = logs
check_link by-alias/data0 "$d0"
check_link by-alias/logs "$d1"
diskalias list
sync
finish
