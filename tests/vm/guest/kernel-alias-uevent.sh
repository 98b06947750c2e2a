# Setting an alias sends one "change" uevent carrying ALIAS= and
# DISK_ALIAS_CHANGE=1 (the ABI document); a same-alias rewrite sends none; later uevents (udevadm trigger) carry ALIAS= too and
# udev's database shows it.  A disk without an alias has no ALIAS=.
. tests/vm/guest/kernel-lib.sh
need_alias_attr

mon=/tmp/uevents.log
monitor_start $mon
check "set sdb alias data0" test "$(alias_write /sys/block/sdb/alias 'data0\n')" = OK
check "same alias again" test "$(alias_write /sys/block/sdb/alias data0)" = OK
monitor_stop
cat $mon
n=$(count_events $mon change sdb)
check "one change uevent for sdb ($n)" test "$n" -eq 1
check "the change uevent carries ALIAS=data0" \
	sh -c "$(declare -f events); events $mon change sdb | grep -qx ALIAS=data0"
check "... and DISK_ALIAS_CHANGE=1, so rules can skip it" \
	sh -c "$(declare -f events); events $mon change sdb | grep -qx DISK_ALIAS_CHANGE=1"
n=$(grep -c '^KERNEL\[' $mon)
check "no other block uevent ($n in all)" test "$n" -eq 1
check "no add uevent" test "$(count_events $mon add sdb)" -eq 0
check "udevadm info shows ALIAS=data0" \
	sh -c 'udevadm info -q property /sys/block/sdb | grep -qx ALIAS=data0'

for action in change add; do
	monitor_start $mon
	udevadm trigger --action=$action --settle /sys/block/sdb /sys/block/sda
	monitor_stop
	check "udevadm trigger --action=$action: sdb event carries ALIAS=data0" \
		sh -c "$(declare -f events); events $mon $action sdb | grep -qx ALIAS=data0"
	check "udevadm trigger --action=$action: sdb event has no DISK_ALIAS_CHANGE=" \
		sh -c "$(declare -f events); ! events $mon $action sdb | grep -q ^DISK_ALIAS_CHANGE="
	check "udevadm trigger --action=$action: sda event has no ALIAS=" \
		sh -c "$(declare -f events); events $mon $action sda | grep -q ^ACTION= &&
			! events $mon $action sda | grep -q ^ALIAS="
	check "udevadm info still shows ALIAS=data0 after $action" \
		sh -c 'udevadm info -q property /sys/block/sdb | grep -qx ALIAS=data0'
done
check "udevadm info of sda has no ALIAS" \
	sh -c '! udevadm info -q property /sys/block/sda | grep -q ^ALIAS='

# Aliases name whole disks: a partition has no attribute and its uevents
# carry no ALIAS=.  An MBR with one partition at 2048, 4096 sectors:
{
	head -c 446 /dev/zero
	printf '\x00\x00\x00\x00\x83\x00\x00\x00\x00\x08\x00\x00\x00\x10\x00\x00'
	head -c 48 /dev/zero
	printf '\x55\xaa'
} | dd of=/dev/sdb bs=512 count=1 iflag=fullblock conv=notrunc,fsync 2>/dev/null
udevadm settle --timeout=60
for i in 1 2 3 4 5; do
	blockdev --rereadpt /dev/sdb && break
	sleep 1
done
udevadm settle --timeout=60
check "sdb1 appeared" test -e /sys/block/sdb/sdb1
check "a partition has no alias attribute" test ! -e /sys/block/sdb/sdb1/alias
check "sdb1 uevent file has no ALIAS=" sh -c '! grep -q ^ALIAS= /sys/block/sdb/sdb1/uevent'
monitor_start $mon
udevadm trigger --action=change --settle /sys/block/sdb/sdb1
monitor_stop
check "sdb1 change uevent has no ALIAS=" \
	sh -c "$(declare -f events); events $mon change sdb1 | grep -q ^ACTION= &&
		! events $mon change sdb1 | grep -q ^ALIAS="
finish
