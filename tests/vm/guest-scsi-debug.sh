# scsi_debug adds disks at run time, and udev gives them links.
. tests/vm/lib.sh

drv=/sys/bus/pseudo/drivers/scsi_debug
before=$(ls /sys/block | sort)
echo 2 >$drv/num_tgts
echo 1 >$drv/add_host
new=$(comm -13 <(echo "$before") <(ls /sys/block | sort))
# shellcheck disable=SC2086
udev_wait_disks $new
echo "new disks: $new"
check "scsi_debug added two disks" test "$(echo "$new" | grep -c '^sd')" -eq 2
for d in $new; do
	check "$d is a scsi_debug disk" grep -q scsi_debug /sys/block/$d/device/model
	n=$(for l in /dev/disk/by-id/* /dev/disk/by-path/*; do
		[ "$(basename "$(readlink -f "$l")")" = "$d" ] && echo "$l"
	done | wc -l)
	check "$d has udev links ($n)" test "$n" -ge 1
done
echo -1 >$drv/add_host
udevadm settle --timeout=30
check "removing the host removes its disks" test "$(ls /sys/block | sort)" = "$before"
finish
