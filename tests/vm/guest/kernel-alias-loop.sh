# An alias names what a disk shows (the ABI document's "until the disk, or
# what it shows, goes away"): a loop device keeps its gendisk when it is
# detached from its file, so detaching it (LOOP_CLR_FD) and switching it to
# another file (LOOP_CHANGE_FD) drop the alias.  Each drop logs "block
# loopN: alias A released" and sends a change uevent without ALIAS= (from
# which udev removes a by-alias link), and the next file starts without an
# alias: the loop device and any other disk can then take one.
. tests/vm/guest/kernel-lib.sh
need_alias_attr

img=/tmp/loop-alias
mkdir -p $img
for f in a b c; do
	truncate -s 8M $img/$f
done

loop=$(losetup --find --show $img/a)
d=${loop#/dev/}
udev_wait_disks "$d"
check "alias imgA on $d" test "$(alias_write /sys/block/$d/alias imgA)" = OK

# LOOP_CLR_FD
mon=/tmp/uevents.log
monitor_start $mon
kmsg_mark clr-fd
losetup -d "$loop"
monitor_stop
expect_alias "$d" ""
check "the kernel logged 'block $d: alias imgA released'" alias_released "$d" imgA
ev=$(events $mon change "$d")
check "change uevents of $d ($(echo "$ev" | grep -c '^ACTION='))" test -n "$ev"
check "... none with ALIAS=" sh -c '! echo "$1" | grep -q "^ALIAS="' _ "$ev"
check "... one with DISK_ALIAS_CHANGE=1" sh -c 'echo "$1" | grep -qx "DISK_ALIAS_CHANGE=1"' _ "$ev"

# The next file on the same loop device starts without an alias, and both
# it and another disk can be named freely.
losetup "$loop" $img/b
udev_wait_disks "$d"
expect_alias "$d" ""
other=$(losetup --find --show $img/c)
o=${other#/dev/}
udev_wait_disks "$o"
check "$o takes the released imgA" test "$(alias_write /sys/block/$o/alias imgA)" = OK
check "$d takes imgB" test "$(alias_write /sys/block/$d/alias imgB)" = OK
expect_alias "$d" imgB

# LOOP_CHANGE_FD (0x4C06) on a read-only loop device: util-linux has no
# command for it, perl (in every Debian system) makes the ioctl.
losetup -d "$loop"
losetup -r "$loop" $img/b
udev_wait_disks "$d"
check "alias imgB on the read-only $d" test "$(alias_write /sys/block/$d/alias imgB)" = OK
kmsg_mark change-fd
check "LOOP_CHANGE_FD switched $d to another file" perl -e '
	open(my $dev, "<", $ARGV[0]) or die "$ARGV[0]: $!\n";
	open(my $new, "<", $ARGV[1]) or die "$ARGV[1]: $!\n";
	ioctl($dev, 0x4C06, fileno($new)) or die "LOOP_CHANGE_FD: $!\n";' "$loop" $img/c
expect_alias "$d" ""
check "the kernel logged 'block $d: alias imgB released'" alias_released "$d" imgB

# Detaching a loop device without an alias logs nothing about aliases.
kmsg_mark clr-fd-unnamed
losetup -d "$loop"
check "no alias line for an unnamed $d" sh -c '! echo "$1" | grep -q "alias"' _ "$(kmsg_since)"
losetup -d "$other"
finish
