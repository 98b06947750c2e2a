# The user-space path, as far as it goes: the block layer's lines about a
# disk's I/O carry the disk's device in their /dev/kmsg record (the
# series' first patch), so journald attaches the disk's udev links to
# them: its by-id link and the by-alias link diskalias's udev rule makes.
# And where that path ends, shown on the same disks:
#  - sd's and the SCSI midlayer's lines name a SCSI device
#    (DEVICE=+scsi:H:C:T:L), whose udev record has no links;
#  - journald looks the links up when it reads the record: a record read
#    after its disk went, and another took the same number, gets the new
#    disk's links.
# A partition's bio is recorded as the partition, the device its line
# names.  On a kernel without the series the records carry no device: the
# checks of the first part fail there (run outside CI, quoted in the
# series' cover letters).  Prints the records it judged, as "# " lines.
. tests/vm/guest/kernel-lib.sh
. tests/vm/guest/persist-lib.sh

lba=$(cat /sys/module/scsi_debug/parameters/medium_error_start 2>/dev/null || echo 4660)
# medium_error DISK: one read that hits scsi_debug's medium error.
medium_error() {
	sdebug_set opts 2
	dd if=/dev/$1 of=/dev/null bs=512 skip="$lba" count=1 iflag=direct 2>/dev/null
	sdebug_set opts 0
}
# record REGEX [N]: the Nth (default first) kernel record journald holds
# whose message matches REGEX, as one line of JSON; waits 20 s at most
# for it to come.
record() {
	local r
	for _ in $(seq 100); do
		r=$(journalctl -k -o json --no-pager 2>/dev/null |
			jq -c --arg re "$1" 'select((.MESSAGE | type) == "string" and (.MESSAGE | test($re)))' |
			sed -n "${2:-1}p")
		[ -n "$r" ] && break
		sleep 0.2
	done
	echo "$r"
}
# show RECORD: the fields that matter, for the log.
show() {
	jq -r '"#   MESSAGE=\(.MESSAGE)",
		"#   _KERNEL_SUBSYSTEM=\(._KERNEL_SUBSYSTEM // "(none)")",
		"#   _KERNEL_DEVICE=\(._KERNEL_DEVICE // "(none)")",
		"#   _UDEV_SYSNAME=\(._UDEV_SYSNAME // "(none)")",
		(([._UDEV_DEVLINK // empty] | flatten | if length == 0 then ["(none)"] else . end)[] |
			"#   _UDEV_DEVLINK=\(.)")' <<<"$1"
}
# field RECORD NAME: the field's value (values, one a line).
field() {
	jq -r --arg f "$2" '[.[$f] // empty] | flatten | .[]' <<<"$1"
}
# has_link RECORD LINK
has_link() {
	field "$1" _UDEV_DEVLINK | grep -qxF "$2"
}
# byid DEVICE: a by-id link of DEVICE (a disk or a partition).
byid() {
	local l
	for l in /dev/disk/by-id/*; do
		[ "$(readlink -f "$l")" = "/dev/$1" ] && { echo "$l"; return; }
	done
}

if ! start_journald || ! journalctl -k -n 1 --no-pager -q >/dev/null 2>&1; then
	fail "journald runs and has the kernel log"
	finish
	exit
fi
pass "journald runs and has the kernel log"

rm -f /etc/diskalias.conf
install_rule
d=$(sdebug_add 1 | grep '^sd' | head -n 1)
check "a scsi_debug disk ($d)" test -n "$d"
id=$(byid "$d")
check "$d has a by-id link ($id)" test -n "$id"
# Its alias from the config, through the udev rule: the kernel's alias on
# a patched kernel, and the by-alias link on any kernel.
echo "alias data0 $id" >/etc/diskalias.conf
udevadm trigger --action=change --settle "/sys/block/$d"
check_link by-alias/data0 "$d"
devnum=$(cat "/sys/block/$d/dev")
echo "# $d is $devnum, $id, /dev/disk/by-alias/data0$([ -e /sys/block/$d/alias ] && echo ", kernel alias '$(cat /sys/block/$d/alias)'")"

# 1. The block layer's I/O error line.
kmsg_mark io-error
medium_error "$d"
r=$(record "^critical medium error, dev $d, ")
echo "# the I/O error's record:"
show "$r"
check "journald has the I/O error line" test -n "$r"
named=$(field "$r" _KERNEL_DEVICE)
check "its record names the disk's device: _KERNEL_DEVICE=b$devnum" \
	test "$(field "$r" _KERNEL_DEVICE)" = "b$devnum"
check "... in the block subsystem" test "$(field "$r" _KERNEL_SUBSYSTEM)" = block
check "journald attached the disk's by-id link" has_link "$r" "$id"
check "... and its by-alias link" has_link "$r" /dev/disk/by-alias/data0

# 2. The limit: sd's line about the same error names the SCSI device, whose
# udev record has no links.
s=$(record "\\[$d\\] .*Sense Key : Medium Error")
echo "# sd's line about the same error:"
show "$s"
check "sd's sense line is in the journal" test -n "$s"
check "its record names a SCSI device (_KERNEL_DEVICE=+scsi:...)" \
	grep -q '^+scsi:' <<<"$(field "$s" _KERNEL_DEVICE)"
check "... which has no udev links: none attached" test -z "$(field "$s" _UDEV_DEVLINK)"

# 3. A partition's bio is recorded as the partition: a write to it, made
# read-only while its page cache holds the write, warns at writeback.
parted -s "/dev/$d" mklabel gpt mkpart p1 1MiB 100%
udevadm settle --timeout=60
p=${d}1
udev_wait_disks
pid=$(byid "$p")
exec 3<"/dev/$p" # keeps the device open: no flush at the writer's close
dd if=/dev/zero of="/dev/$p" bs=4096 count=1 2>/dev/null
blockdev --setro "/dev/$p"
sync
blockdev --setrw "/dev/$p"
exec 3<&-
r=$(record "^Trying to write to read-only block-device $p")
echo "# a partition's read-only line:"
show "$r"
check "the read-only line about $p is in the journal" test -n "$r"
check "its record names the partition: _KERNEL_DEVICE=b$(cat "/sys/class/block/$p/dev")" \
	test "$(field "$r" _KERNEL_DEVICE)" = "b$(cat "/sys/class/block/$p/dev")"
check "... with the partition's by-id link ($pid)" has_link "$r" "$pid"

# 4. The limit: journald looks links up when it reads a record.  Stopped
# while the disk fails, goes, and another disk takes its name and number,
# it attaches the new disk's links to the old disk's error.
kill -STOP "$journald"
medium_error "$d"
echo 1 >"/sys/block/$d/device/delete"
udevadm settle --timeout=60
n=$(sdebug_add 1 | grep '^sd' | head -n 1)
nid=$(byid "$n")
echo "# $d went; $n came as $(cat "/sys/block/$n/dev" 2>/dev/null), $nid"
kill -CONT "$journald"
r=$(record "^critical medium error, dev $d, " 2)
echo "# the old disk's error, read after the new disk came:"
show "$r"
if [ -z "$named" ]; then
	echo "# (no record names a device on this kernel: there is no lookup to race)"
elif [ "$n" = "$d" ] && [ "$(cat "/sys/block/$n/dev")" = "$devnum" ]; then
	check "its record got the new disk's by-id link ($nid), not the old one's" \
		sh -c 'has() { printf "%s\n" "$2" | grep -qxF "$1"; }; has "$1" "$3" && ! has "$2" "$3"' \
		_ "$nid" "$id" "$(field "$r" _UDEV_DEVLINK)"
else
	echo "# the new disk is $n ($(cat "/sys/block/$n/dev")): no reuse of $d's number to show"
fi

kill "$journald" 2>/dev/null
wait "$journald" 2>/dev/null
echo -1 >$sdebug/add_host
udevadm settle --timeout=60
finish
