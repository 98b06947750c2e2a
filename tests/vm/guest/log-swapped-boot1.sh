# Boot 1 of vm.log-swapped-reboot: alias the two virtio-scsi disks (data0
# on DASCSI0001, logs on DASCSI0002), make each log I/O errors (reads of
# the device set offline), and save the kernel log as dmesg prints it in
# the root image, which boot 2 (--state-dir, --swap-scsi) shares.
. tests/vm/guest/kernel-lib.sh
. tests/vm/guest/persist-lib.sh
need_alias_attr

d0=$(disk_of_wwn 5000c500a1b2c3d4)
d1=$(disk_of_wwn 5000c500a1b2c3d5)
echo "boot 1: DASCSI0001 is $d0, DASCSI0002 is $d1"
check "the two virtio-scsi disks are there ($d0 $d1)" test -n "$d0" -a -n "$d1"
check "diskalias set $d0 data0" diskalias set "$d0" data0
check "diskalias set $d1 logs" diskalias set "$d1" logs

# I/O to an offline device fails and the block layer logs it (opened
# before: sd refuses to open an offline device).  The block layer's error
# lines are rate limited (10 in 5 s) and udev's probes add their own: wait
# for udev and the limit's interval, and try again until the line is there.
udevadm settle --timeout=60
for d in "$d0" "$d1"; do
	alias=$(kernel_alias "$d")
	for try in 1 2 3; do
		sleep 6
		exec 3<"/dev/$d"
		echo offline >"/sys/block/$d/device/state"
		dd of=/dev/null bs=4096 count=1 iflag=direct <&3 2>/dev/null &&
			fail "reading offline $d should fail"
		echo running >"/sys/block/$d/device/state"
		exec 3<&-
		udevadm settle --timeout=60
		dmesg | grep -q "I/O error, dev $d, .* (alias $alias)\$" && break
		echo "no I/O error line for $d yet (try $try)"
	done
done
sleep 1
dmesg >/root/log-swapped-dmesg.txt
check "the saved log has an I/O error on $d0" \
	grep -q "I/O error, dev $d0, .* (alias data0)\$" /root/log-swapped-dmesg.txt
check "the saved log has an I/O error on $d1" \
	grep -q "I/O error, dev $d1, .* (alias logs)\$" /root/log-swapped-dmesg.txt
echo "$d0 $d1" >/root/log-swapped-names
sync
finish
