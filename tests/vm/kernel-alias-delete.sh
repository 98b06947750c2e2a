# Deleting an aliased disk frees its alias: another disk can take it.  The
# remove uevent carries ALIAS=.  The deleted disk's name is free too, and
# a disk added later under a name that is an alias gets a warning.
. tests/vm/kernel-lib.sh
need_alias_attr

d=$(sdebug_add 1 | grep '^sd')
check "scsi_debug added a disk ($d)" test -n "$d"
check "alias gone0 on $d" test "$(alias_write /sys/block/$d/alias gone0)" = OK
expect_write sda gone0 EEXIST
expect_write nvme0n1 "$d" EEXIST

mon=/tmp/uevents.log
monitor_start $mon
echo 1 >/sys/block/$d/device/delete
for i in $(seq 100); do [ -e /sys/block/$d ] || break; sleep 0.1; done
monitor_stop
check "$d is gone" test ! -e /sys/block/$d
check "its remove uevent carries ALIAS=gone0" \
	sh -c "$(declare -f events); events $mon remove $d | grep -qx ALIAS=gone0"

expect_write sda gone0 OK
expect_alias sda gone0
# The deleted disk's kernel name can now be an alias ...
expect_write nvme0n1 "$d" OK
# ... and the next disk sd allocates takes that name back: a warning.
kmsg_mark readd
n=$(sdebug_add 1 | grep '^sd')
log=$(kmsg_since)
echo "$log" | grep -i alias
check "the new disk got the freed name $d ($n)" test "$n" = "$d"
check "warning: 'block $d: name $d is already the alias of nvme0n1'" \
	grep -q "block $d: name $d is already the alias of nvme0n1" <<<"$log"
check "the new disk is there anyway" test -e /sys/block/$d/alias
expect_alias "$d" ""
expect_write "$d" gone0 EEXIST
finish
