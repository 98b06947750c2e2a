# In-guest half of vm.kernel-alias-consumers (tests/vm/host/kernel-alias-consumers-test.sh):
# what reads the kernel's log where no user space can name a disk.
#
# usage: bash tests/vm/guest/kernel-alias-consumers.sh boot1|boot2
#   boot1: first the user-space path (tests/vm/guest/kernel-journal-links.sh,
#          journald attaching udev links); then an I/O error on an aliased
#          disk, which netconsole sends to the host and ramoops keeps, and
#          a forced panic, whose console the host keeps.  The status is
#          written to the share before the panic: nothing runs after it.
#   boot2: the same RAM: pstore holds the first boot's log, the error line
#          with its alias in it.
# Prints "# line: TEXT" for the error line it made, so the host can look
# for it in what netconsole and the console received.
. tests/vm/guest/kernel-lib.sh

case ${1:-} in
boot1)
	# The user-space path, on this boot's disks.
	bash tests/vm/guest/kernel-journal-links.sh || fail "the user-space path (kernel-journal-links.sh)"
	d=$(sdebug_add 1 | grep '^sd' | head -n 1)
	check "a scsi_debug disk ($d)" test -n "$d"
	check "alias data0 on $d" test "$(alias_write "/sys/block/$d/alias" data0)" = OK
	lba=$(cat /sys/module/scsi_debug/parameters/medium_error_start 2>/dev/null || echo 4660)
	sdebug_set opts 2
	dd if="/dev/$d" of=/dev/null bs=512 skip="$lba" count=1 iflag=direct 2>/dev/null
	sdebug_set opts 0
	line=$(dmesg --notime | grep -E "^critical medium error, dev $d, " | tail -n 1)
	echo "# line: $line"
	check "the error line ends with (alias data0)" test "${line% (alias data0)}" != "$line"
	check "netconsole is logging" sh -c 'dmesg | grep -q "netconsole: network logging started"'
	check "ramoops has its region" sh -c 'dmesg | grep -q "ramoops: using"'
	finish
	rc=$?
	# guest-init writes the status after the command: there is no after.
	echo "$rc" >/mnt/host/status.new && mv /mnt/host/status.new /mnt/host/status
	sync
	echo "# panicking now"
	echo c >/proc/sysrq-trigger
	sleep 30
	;;
boot2)
	mountpoint -q /sys/fs/pstore || mount -t pstore pstore /sys/fs/pstore
	ls -l /sys/fs/pstore
	dump=$(ls /sys/fs/pstore/dmesg-ramoops-* 2>/dev/null | head -n 1)
	check "pstore kept the first boot's panic log ($dump)" test -n "$dump"
	if [ -n "$dump" ]; then
		head -n 1 "$dump"
		line=$(grep -E "critical medium error, dev sd[a-z]+, .*" "$dump" | tail -n 1)
		echo "# pstore: ${line#*] }"
		check "the error line in it ends with (alias data0)" \
			test "${line% (alias data0)}" != "$line"
		check "... before the panic" grep -q "Kernel panic - not syncing: sysrq triggered crash" "$dump"
	fi
	finish
	;;
*)
	echo "usage: kernel-alias-consumers.sh boot1|boot2" >&2
	exit 2
	;;
esac
