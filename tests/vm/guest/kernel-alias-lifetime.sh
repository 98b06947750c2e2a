# The alias lives as long as the gendisk's memory: messages keep flowing
# through an aliased disk's SCSI queue (medium errors on reads, commands
# that time out and go through the error handler) while the disk is
# deleted and released, round after round.  On the debug kernel (KASAN,
# lockdep), run-vm fails on any report; here the rounds must also show the
# alias in the messages of the dying disk and leave no alias behind.
. tests/vm/guest/kernel-lib.sh
need_alias_attr

rounds=${LIFETIME_ROUNDS:-8}
# The debug kernel (kmemleak is its mark) runs several times slower.
[ -e /sys/kernel/debug/kmemleak ] && rounds=${LIFETIME_ROUNDS:-4}
lba=$(cat /sys/module/scsi_debug/parameters/medium_error_start 2>/dev/null || echo 4660)
shown=0

for r in $(seq "$rounds"); do
	d=$(sdebug_add 1 | grep '^sd')
	[ -n "$d" ] || { fail "round $r: scsi_debug added no disk"; break; }
	got=$(alias_write /sys/block/$d/alias life0)
	[ "$got" = OK ] || fail "round $r: alias life0 on $d ($got)"
	echo 1 >/sys/block/$d/device/timeout
	kmsg_mark "lifetime $r"
	# medium errors on every read, and every 5th command left unanswered
	sdebug_set every_nth 5
	sdebug_set opts 6
	medium_reader "$d" &
	pid1=$!
	medium_reader "$d" &
	pid2=$!
	sleep 2
	echo 1 >/sys/block/$d/device/delete &
	deleter=$!
	wait $deleter $pid1 $pid2
	sdebug_set opts 0
	sdebug_set every_nth 0
	n=$(kmsg_since | grep -c "$d.* (alias life0)\$")
	shown=$((shown + n))
	echo "# round $r: $d deleted; $n lines ended with its alias"
	echo -1 >$sdebug/add_host
	udevadm settle --timeout=120
done

check "$rounds rounds: the dying disks' messages ended with the alias ($shown lines)" \
	test "$shown" -gt 0
left=$(grep -lx life0 /sys/block/*/alias 2>/dev/null || true)
check "no disk holds life0 after the rounds${left:+ ($left)}" test -z "$left"
check "a new alias write of life0 succeeds (the table released it)" \
	test "$(alias_write /sys/block/sdb/alias life0)" = OK
finish
