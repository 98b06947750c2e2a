# diskalias log on the live kernel log: a read error on a scsi_debug disk
# with the alias data0 is shown by "log --disk data0" (and one on another
# disk is not); -J parses; a follower started before the disks existed
# names the disk with its alias and, looking at the disks again, its
# persistent name.
. tests/vm/guest/kernel-lib.sh	# lib.sh and sdebug_add
need_alias_attr

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

# Two scsi_debug disks: one gets the alias, both get a medium error (opts
# bit 2 fails reads at medium_error_start), the other's is unrelated.
set -- $(sdebug_add 2 | grep '^sd')
disk=$1 other=$2
check "scsi_debug added two disks ($disk $other)" test -n "$other"
check "diskalias set $disk data0" diskalias set "$disk" data0
check "diskalias get $disk: data0" test "$(diskalias get "$disk")" = data0

# The follower first saw the disks before udev had made their links, and
# looks at the disks again at most once a second: let a second pass, so
# that the error lines below find the links.
sleep 1.1

lba=$(cat /sys/module/scsi_debug/parameters/medium_error_start 2>/dev/null || echo 4660)
echo "diskalias-test: a message about no disk" >/dev/kmsg
echo 2 >$sdebug/opts
dd if=/dev/$other of=/dev/null bs=512 skip="$lba" count=1 iflag=direct 2>/dev/null &&
	fail "reading $other at $lba should fail"
dd if=/dev/$disk of=/dev/null bs=512 skip="$lba" count=1 iflag=direct 2>/dev/null &&
	fail "reading $disk at $lba should fail"
echo 0 >$sdebug/opts

out=$(diskalias log --disk data0)
status=$?
echo "--- diskalias log --disk data0"
echo "$out"
echo "---"
check "log --disk data0 exits 0" test $status -eq 0
# the patched kernel ends the line with the alias itself; the note after
# the name gives the link only, without repeating the alias
check "the read error on $disk: the link, then the kernel's ' (alias data0)' at the end" \
	grep -Eq "error, dev $disk(\[[^] ]+\])?, .* \(alias data0\)\$" <<<"$out"
check "the alias is not repeated in the note" \
	bash -c '! grep -Eq "dev $2\[data0" <<<"$1"' - "$out" "$disk"
check "every record shown is about data0" bash -c '! grep -v data0 <<<"$1" | grep -q .' - "$out"
check "the unrelated message is not shown" bash -c '! grep -q "a message about no disk" <<<"$1"' - "$out"
check "the read error on $other is not shown" \
	bash -c '! grep -Eq "error, dev $2[[ ,]" <<<"$1"' - "$out" "$other"
check "log without --disk shows the error on $other" \
	bash -c 'diskalias log | grep -Eq "error, dev $1[[ ,]"' - "$other"
check "log --disk /dev/$disk shows the same records" \
	test "$(diskalias log --disk /dev/$disk | grep -c 'error, dev')" = "$(grep -c 'error, dev' <<<"$out")"

json=$(diskalias log -J --disk data0)
check "-J parses with jq, every record tied to data0" \
	jq -e -s 'length > 0 and all(.disks | map(.alias) | index("data0") != null)' <<<"$json"
check "-J: the read error record has level err and disk $disk" \
	jq -e -s --arg d "$disk" 'map(select(.text | test("error, dev " + $d + "\\b")))
		| length > 0 and .[0].level == "err"
		and (.[0].disks | map(.name) | index($d) != null)' <<<"$json"
check "log -J (all records) parses with jq" bash -c 'diskalias log -J | jq -e -s "length > 10" >/dev/null'

# The follower knew nothing of the disk when it started.
check "log -f wrote the read error" wait_for "$work/follow.json" "error, dev $disk"
kill -TERM $follower
wait $follower
check "log -f ends by SIGTERM, its output whole (status $?)" test $? -eq 143
check "log -f named the new disk with its alias" \
	jq -e -s --arg d "$disk" 'map(select(.text | test("error, dev " + $d + "\\b")))
		| length > 0 and (.[0].disks | map(.alias) | index("data0") != null)' "$work/follow.json"
check "log -f looked at the disks again: the new disk has today's persistent name" \
	jq -e -s --arg d "$disk" 'map(select(.text | test("error, dev " + $d + "\\b")))
		| length > 0 and (.[0].disks | map(select(.name == $d))
		| .[0].persistent != null and .[0].persistent_source == "system")' "$work/follow.json"
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
