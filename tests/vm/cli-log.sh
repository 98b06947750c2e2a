# diskalias log on the live kernel log: an I/O error on a scsi_debug disk
# with the alias data0 is shown by "log --disk data0" (and an error on
# another disk is not); -J parses; a follower started before the disk
# existed names it with its alias.
. tests/vm/lib.sh

sdebug=/sys/bus/pseudo/drivers/scsi_debug
work=$(mktemp -d)

# wait_for FILE PATTERN: until the follower has written PATTERN (10 s)
wait_for() {
	local i
	for i in $(seq 100); do
		grep -q -- "$2" "$1" && return 0
		sleep 0.1
	done
	return 1
}

diskalias log -f -J >"$work/follow.json" 2>"$work/follow.err" &
follower=$!
sleep 1
check "log -f is running" kill -0 $follower

before=$(ls /sys/block | sort)
echo 1 >$sdebug/num_tgts
echo 1 >$sdebug/add_host
for i in $(seq 300); do
	disk=$(comm -13 <(echo "$before") <(ls /sys/block | sort) | grep '^sd' | head -n1)
	[ -n "$disk" ] && break
	sleep 0.2
done
udevadm settle --timeout=120
check "scsi_debug added a disk ($disk)" test -n "$disk"
check "diskalias set $disk data0" diskalias set "$disk" data0
check "diskalias get $disk: data0" test "$(diskalias get "$disk")" = data0

# An unrelated failure first: the first virtio-scsi disk taken offline.
other=$(for d in /sys/block/sd*; do
	d=${d##*/}
	[ "$d" != "$disk" ] && ! grep -q scsi_debug /sys/block/$d/device/model && echo "$d"
done | head -n1)
echo "other disk: $other"
if [ -n "$other" ]; then
	echo offline >/sys/block/$other/device/state
	dd if=/dev/$other of=/dev/null bs=4k count=1 iflag=direct 2>/dev/null
	echo running >/sys/block/$other/device/state
fi
echo "diskalias-test: a message about no disk" >/dev/kmsg

# The failure to find: the aliased disk taken offline and read.
echo offline >/sys/block/$disk/device/state
dd if=/dev/$disk of=/dev/null bs=4k count=1 iflag=direct 2>/dev/null &&
	fail "reading offline $disk should fail"
echo running >/sys/block/$disk/device/state

out=$(diskalias log --disk data0)
status=$?
echo "--- diskalias log --disk data0"
echo "$out"
echo "---"
check "log --disk data0 exits 0" test $status -eq 0
check "the I/O error on $disk, annotated with data0" \
	grep -Eq "I/O error, dev $disk\[data0[] ]" <<<"$out"
check "every record shown is about data0" bash -c '! grep -v data0 <<<"$1" | grep -q .' - "$out"
check "the unrelated message is not shown" bash -c '! grep -q "a message about no disk" <<<"$1"' - "$out"
if [ -n "$other" ]; then
	check "the I/O error on $other is not shown" \
		bash -c '! grep -Eq "I/O error, dev $2[[ ,]" <<<"$1"' - "$out" "$other"
	check "log without --disk shows the error on $other" \
		bash -c 'diskalias log | grep -Eq "I/O error, dev $1[[ ,]"' - "$other"
fi
check "log --disk /dev/$disk shows the same records" \
	test "$(diskalias log --disk /dev/$disk | grep -c 'I/O error')" = "$(grep -c 'I/O error' <<<"$out")"

json=$(diskalias log -J --disk data0)
check "-J parses with jq, every record tied to data0" \
	jq -e -s 'length > 0 and all(.disks | map(.alias) | index("data0") != null)' <<<"$json"
check "-J: the I/O error record has level err and disk $disk" \
	jq -e -s --arg d "$disk" 'map(select(.text | test("I/O error, dev " + $d + "\\b")))
		| length > 0 and .[0].level == "err"
		and (.[0].disks | map(.name) | index($d) != null)' <<<"$json"
check "log -J (all records) parses with jq" bash -c 'diskalias log -J | jq -e -s "length > 10" >/dev/null'

# The follower knew nothing of the disk when it started.
check "log -f wrote the I/O error" wait_for "$work/follow.json" "I/O error, dev $disk"
kill -TERM $follower
wait $follower
check "log -f ends cleanly on SIGTERM (status $?)" test $? -eq 0
check "log -f named the new disk with its alias" \
	jq -e -s --arg d "$disk" 'map(select(.text | test("I/O error, dev " + $d + "\\b")))
		| length > 0 and (.[0].disks | map(.alias) | index("data0") != null)' "$work/follow.json"
cat "$work/follow.err"

# Without permission: a user may not read /dev/kmsg when dmesg_restrict is 1.
restrict=$(cat /proc/sys/kernel/dmesg_restrict)
echo 1 >/proc/sys/kernel/dmesg_restrict
msg=$(setpriv --reuid=65534 --regid=65534 --clear-groups -- diskalias log 2>&1 >/dev/null)
status=$?
echo "$restrict" >/proc/sys/kernel/dmesg_restrict
echo "$msg"
check "a user without CAP_SYSLOG: status 1" test $status -eq 1
check "a user without CAP_SYSLOG: one clear line" \
	test "$msg" = "diskalias: /dev/kmsg: permission denied: reading the kernel log needs root or CAP_SYSLOG (kernel.dmesg_restrict)"

echo -1 >$sdebug/add_host
udevadm settle --timeout=60
rm -rf "$work"
finish
