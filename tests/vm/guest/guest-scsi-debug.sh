# scsi_debug adds disks at run time, and udev gives them links.
. tests/vm/guest/lib.sh

before=$(ls /sys/block | sort)
new=$(sdebug_add 2)
echo "new disks:" $new
check "scsi_debug added two disks" test "$(echo "$new" | grep -c '^sd')" -eq 2
for d in $new; do
	check "$d is a scsi_debug disk" grep -q scsi_debug /sys/block/$d/device/model
	n=$(for l in /dev/disk/by-id/* /dev/disk/by-path/*; do
		[ "$(basename "$(readlink -f "$l")")" = "$d" ] && echo "$l"
	done | wc -l)
	check "$d has udev links ($n)" test "$n" -ge 1
done
echo -1 >$sdebug/add_host
udevadm settle --timeout=30
check "removing the host removes its disks" test "$(ls /sys/block | sort)" = "$before"
finish
