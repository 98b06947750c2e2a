# A filesystem label cannot take an alias to another disk: the config keys
# data0 by the WWN link of one disk, and another disk carries a filesystem
# whose label is that same link name, so udev makes
# /dev/disk/by-label/wwn-0x... point to it.  When udev applies the config,
# the keyed disk gets data0 and the labelled one nothing.  (ext4 and FAT
# labels are too short for the name: an ISO 9660 volume descriptor, made
# here byte by byte, carries 32 bytes, and blkid reads it in user space.)
. tests/vm/guest/lib.sh
. tests/vm/guest/persist-lib.sh

wwn=5000c500a1b2c3d4
key=wwn-0x$wwn
keyed=$(disk_of_wwn $wwn)
labelled=vdb
check "the WWN link names a disk ($keyed)" test -n "$keyed"

# iso_label DISK LABEL: a primary volume descriptor at 32 KiB and a set
# terminator after it, the volume ID space-padded to 32 bytes.
iso_label() {
	local id
	id=$(printf '%-32s' "$2")
	{
		printf '\001CD001\001\000'
		printf '%-32s' LINUX
		printf '%s' "$id"
		head -c $((2048 - 72)) /dev/zero
		printf '\377CD001\001'
		head -c $((2048 - 7)) /dev/zero
	} | dd of=/dev/$1 bs=2048 seek=16 conv=notrunc,fsync 2>/dev/null
}

rm -f /etc/diskalias.conf
install_rule
iso_label $labelled "$key"
udevadm trigger --action=change --settle /dev/$labelled
check "blkid reads the label '$key' on $labelled" \
	test "$(blkid -o value -s LABEL /dev/$labelled)" = "$key"
check "udev links /dev/disk/by-label/$key to $labelled" \
	test "$(link_target /dev/disk/by-label/$key)" = "$labelled"

echo "alias data0 $key" >/etc/diskalias.conf
udevadm trigger --action=change --settle /dev/$labelled /dev/$keyed
check "the keyed disk $keyed got data0 from udev" test "$(kernel_alias "$keyed")" = data0
check "the labelled disk $labelled got no alias" test -z "$(kernel_alias $labelled)"
check "/dev/disk/by-alias/data0 points to $keyed" \
	test "$(link_target /dev/disk/by-alias/data0)" = "$keyed"
check "resolve data0 prints /dev/$keyed" test "$(diskalias resolve data0)" = "/dev/$keyed"
out=$(diskalias apply --dry-run 2>&1)
echo "$out"
check "apply --dry-run plans data0 for $keyed only" \
	bash -c '! grep -q "$1" <<<"$2"' - "$labelled" "$out"

# A key written in by-label is refused whole, with file:line.
echo "alias data1 /dev/disk/by-label/$key" >/etc/diskalias.conf
out=$(diskalias apply 2>&1)
status=$?
echo "$out"
check "a by-label key is refused (status $status)" test $status -ne 0
check "... naming the file and line" grep -q '/etc/diskalias.conf:1' <<<"$out"
check "... and $labelled still has no alias" test -z "$(kernel_alias $labelled)"

rm -f /etc/diskalias.conf
dd if=/dev/zero of=/dev/$labelled bs=2048 seek=16 count=2 conv=notrunc,fsync 2>/dev/null
finish
