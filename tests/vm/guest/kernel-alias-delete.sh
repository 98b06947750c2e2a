# A disk stops holding its alias as soon as its deletion starts, however
# long the deletion takes: a scsi_debug disk with slow I/O (each command
# takes seconds) is deleted while a partition rescan reads it; while
# del_gendisk() waits for the rescan, another disk takes the alias at once,
# and a write to the dying disk's attribute gets ENODEV.  The remove uevent carries ALIAS=;
# the deleted disk's kernel name is free too, and a disk added later under
# a name that is an alias gets a warning.
. tests/vm/guest/kernel-lib.sh
need_alias_attr

d=$(sdebug_add 1 | grep '^sd')
check "scsi_debug added a disk ($d)" test -n "$d"
check "alias moving0 on $d" test "$(alias_write /sys/block/$d/alias moving0)" = OK
expect_write vdb moving0 EEXIST
expect_write nvme0n1 "$d" EEXIST

# Slow I/O (each command takes seconds), and a partition rescan in
# flight: it holds the disk's open_mutex while it reads, so del_gendisk()
# waits for it as it would for a disk that vanished with I/O stuck.
hctl=$(basename "$(readlink -f /sys/block/$d/device)")
old_delay=$(cat $sdebug/delay)
sdebug_set delay 5000	# jiffies: 20 s a command at HZ=250
blockdev --rereadpt /dev/$d &
rescan=$!
sleep 1

mon=/tmp/uevents.log
monitor_start $mon
echo 1 >/sys/block/$d/device/delete &
deleter=$!
# sd_remove() unregisters the scsi_disk device just before del_gendisk().
for i in $(seq 100); do
	[ -e /sys/class/scsi_disk/$hctl ] || break
	sleep 0.1
done
start=$SECONDS
got=
while [ $((SECONDS - start)) -le 5 ]; do
	got=$(alias_write /sys/block/vdb/alias moving0)
	[ "$got" = EEXIST ] || break
	sleep 0.1
done
took=$((SECONDS - start))
check "vdb took moving0 ($got)" test "$got" = OK
check "... while $d was still being deleted" \
	sh -c "kill -0 $deleter 2>/dev/null && test -e /sys/block/$d"
check "... within 5 s of the start of the deletion ($took s)" test "$took" -le 5
# A write to the dying disk is refused: ENODEV while its attribute is
# there; once device_del() has removed it (the teardown goes on without
# waiting for this test, and a slow debug kernel gets there between two
# writes), ENOENT from a file that is gone is the refusal too.
expect_dying_write() {
	local got
	got=$(alias_write "/sys/block/$d/alias" "$1")
	if [ "$got" = ENOENT ] && [ ! -e /sys/block/$d/alias ]; then
		pass "$d <- '$1': refused (ENOENT, attribute gone)"
	else
		check "$d <- '$1': ENODEV (got $got)" test "$got" = ENODEV
	fi
}
if [ -e /sys/block/$d/alias ]; then
	expect_dying_write moving1
	expect_dying_write moving0
else
	fail "$d's alias attribute went before the test could write to it"
fi
expect_write nvme0n1 moving0 EEXIST
wait $deleter
echo "# the deletion took $((SECONDS - start)) s after the alias moved"
wait $rescan
sdebug_set delay "$old_delay"
monitor_stop
check "$d is gone" test ! -e /sys/block/$d
check "its remove uevent carries ALIAS=moving0" \
	sh -c "$(declare -f events); events $mon remove $d | grep -qx ALIAS=moving0"
holders=$(grep -lx moving0 /sys/block/*/alias | cut -d/ -f4 | tr '\n' ' ')
check "exactly one disk holds moving0: vdb ($holders)" test "$holders" = "vdb "

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
expect_write "$d" moving0 EEXIST
finish
