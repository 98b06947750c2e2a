# Readers of the alias in process context: the SCSI error handler prints
# from its own thread, and the abort handler from a workqueue, about a disk
# they reach through rq->q->disk with no reference to it, so they read the
# disk and its alias under RCU (the ABI document's lifetime rule).  Commands
# time out on an aliased scsi_debug disk with the error handler's logging
# on, while sd is unbound from the device and bound again, round after
# round: each bind makes a new gendisk, which gets the alias again.  On the
# debug kernel (KASAN, PROVE_RCU, PREEMPT) run-vm fails on any report; here
# the rounds must show the alias in the error handler's lines and leave it
# free at the end.
. tests/vm/guest/kernel-lib.sh
need_alias_attr

rounds=${EH_ROUNDS:-4}
level=/proc/sys/dev/scsi/logging_level
sd=/sys/bus/scsi/drivers/sd
lba=$(cat /sys/module/scsi_debug/parameters/medium_error_start 2>/dev/null || echo 4660)

d=$(sdebug_add 1 | grep '^sd')
check "scsi_debug added a disk ($d)" test -n "$d"
hctl=$(basename "$(readlink -f "/sys/block/$d/device")")
# error recovery and timeout messages, level 7 each (SCSI_LOG_ERROR_RECOVERY,
# SCSI_LOG_TIMEOUT: bits 0-5), on a kernel built with SCSI_LOGGING (the
# debug kernel); the others print no error handler lines to look for
logging=0
if zgrep -qx CONFIG_SCSI_LOGGING=y /proc/config.gz 2>/dev/null; then
	echo 63 >$level
	logging=1
fi

# the disk sd made of the device, once udev has seen it
bound_disk() {
	local x
	for _ in $(seq 300); do
		for x in /sys/bus/scsi/devices/"$hctl"/block/*; do
			[ -e "$x" ] && { udev_wait_disks "${x##*/}"; echo "${x##*/}"; return; }
		done
		sleep 0.2
	done
}

shown=0 eh=0 quiet=0
for r in $(seq "$rounds"); do
	got=$(alias_write "/sys/block/$d/alias" eh0)
	[ "$got" = OK ] || fail "round $r: alias eh0 on $d ($got)"
	# The alias's change uevent has udev's blkid read the disk (buffered
	# reads): let it finish before commands time out.  A buffered read
	# still going when sd is unbound made a debug kernel oops in
	# sd_init_command() once, outside the alias code.
	udevadm settle --timeout=60
	# the error handler may have taken the device offline last round
	echo running >"/sys/block/$d/device/state"
	echo 1 >"/sys/block/$d/device/timeout"
	kmsg_mark "eh $r"
	# every 3rd command unanswered (it times out: the error handler aborts
	# it), medium errors on the others' reads of the error LBA
	sdebug_set every_nth 3
	sdebug_set opts 6
	medium_reader "$d" &
	pid1=$!
	medium_reader "$d" &
	pid2=$!
	sleep 3
	# the disk goes while the error handler is at work, and comes back
	echo "$hctl" >$sd/unbind &
	unbinder=$!
	wait $unbinder $pid1 $pid2
	sdebug_set opts 0
	sdebug_set every_nth 0
	n=$(kmsg_since | grep -c "$d.* (alias eh0)\$")
	# scmd_printk() of the abort handler's work ("aborting command", "cmd
	# abort success") and of the error handler's thread ("scsi_eh_3: flush
	# finish cmd")
	m=$(kmsg_since | grep -ciE "$d.*(abort|scsi_eh).* \(alias eh0\)\$")
	[ "$m" -gt 0 ] || [ $logging = 0 ] || kmsg_since | grep -E "$d|scsi_eh|abort" | head -n 8 | sed 's/^/# /'
	shown=$((shown + n)) eh=$((eh + m))
	[ "$n" -gt 0 ] || quiet=$((quiet + 1))
	echo "# round $r: $d unbound; $n lines ended with its alias, $m of them the error handler's"
	echo "$hctl" >$sd/bind
	d=$(bound_disk)
	[ -n "$d" ] || { fail "round $r: sd did not bind $hctl again"; break; }
	expect_alias "$d" ""
done

check "$rounds rounds: lines about the unbound disks ended with the alias ($shown)" \
	test "$shown" -gt 0
check "... in every round ($quiet rounds without)" test "$quiet" -eq 0
if [ $logging = 1 ]; then
	check "... the error handler's and the abort handler's among them ($eh)" \
		test "$eh" -gt 0
	echo 0 >$level
fi
echo -1 >$sdebug/add_host
udevadm settle --timeout=120
check "a new alias write of eh0 succeeds (the table released it)" \
	test "$(alias_write /sys/block/sdb/alias eh0)" = OK
finish
