# An alias names what a disk shows (the ABI document's "until the disk, or
# what it shows, goes away"): an nbd device keeps its gendisk when it is
# disconnected, and a zram device when it is reset, so the disconnect and
# the reset drop the alias.  Each logs "block nbd0: alias A released",
# sends a change uevent without ALIAS= (marked DISK_ALIAS_CHANGE=1), and
# what the device shows next starts without an alias.  nbd is served by
# Debian's nbd-server in the guest over a unix socket (no network needed);
# loop has kernel-alias-loop.sh.
. tests/vm/guest/kernel-lib.sh
need_alias_attr

dir=/tmp/nbd-alias
mkdir -p $dir
truncate -s 16M $dir/a $dir/b
cat >$dir/config <<EOF
[generic]
	user = root
	group = root
	unixsock = $dir/sock
[a]
	exportname = $dir/a
[b]
	exportname = $dir/b
EOF
nbd-server -C $dir/config
for _ in $(seq 50); do
	[ -S $dir/sock ] && break
	sleep 0.1
done
check "nbd-server listens on $dir/sock" test -S $dir/sock

# connect EXPORT: serve EXPORT on nbd0 and wait for its size.
connect() {
	nbd-client -u -N "$1" $dir/sock /dev/nbd0 >/dev/null 2>&1 || return 1
	for _ in $(seq 50); do
		[ "$(cat /sys/block/nbd0/size)" -gt 0 ] && break
		sleep 0.1
	done
	udev_wait_disks nbd0
	[ "$(cat /sys/block/nbd0/size)" -gt 0 ]
}

check "export a on nbd0" connect a
check "alias netA on nbd0" test "$(alias_write /sys/block/nbd0/alias netA)" = OK
expect_alias nbd0 netA

mon=/tmp/uevents.log
monitor_start $mon
kmsg_mark nbd-disconnect
nbd-client -d /dev/nbd0 >/dev/null 2>&1
monitor_stop
expect_alias nbd0 ""
check "the kernel logged 'block nbd0: alias netA released'" alias_released nbd0 netA
ev=$(events $mon change nbd0)
check "change uevents of nbd0 ($(echo "$ev" | grep -c '^ACTION='))" test -n "$ev"
check "... none with ALIAS=" sh -c '! echo "$1" | grep -q "^ALIAS="' _ "$ev"
check "... one with DISK_ALIAS_CHANGE=1" sh -c 'echo "$1" | grep -qx "DISK_ALIAS_CHANGE=1"' _ "$ev"

# The next export starts without an alias; nbd1 can take the old one.
check "export b on nbd0" connect b
expect_alias nbd0 ""
check "nbd1 takes the released netA" test "$(alias_write /sys/block/nbd1/alias netA)" = OK
check "nbd0 takes netB" test "$(alias_write /sys/block/nbd0/alias netB)" = OK
nbd-client -d /dev/nbd0 >/dev/null 2>&1
expect_alias nbd0 ""

# zram: reset drops the alias; the device set up again starts unnamed.
modprobe zram num_devices=1
if [ ! -e /sys/block/zram0 ]; then
	fail "no zram0 (CONFIG_ZRAM=m in images/kernel.config)"
	finish
	exit
fi
echo 16M >/sys/block/zram0/disksize
udev_wait_disks zram0
check "alias swapA on zram0" test "$(alias_write /sys/block/zram0/alias swapA)" = OK
expect_alias zram0 swapA
monitor_start $mon
kmsg_mark zram-reset
echo 1 >/sys/block/zram0/reset
monitor_stop
expect_alias zram0 ""
check "the kernel logged 'block zram0: alias swapA released'" alias_released zram0 swapA
ev=$(events $mon change zram0)
check "a change uevent of zram0 marked DISK_ALIAS_CHANGE=1, without ALIAS=" \
	sh -c 'echo "$1" | grep -qx "DISK_ALIAS_CHANGE=1" && ! echo "$1" | grep -q "^ALIAS="' _ "$ev"
echo 16M >/sys/block/zram0/disksize
expect_alias zram0 ""
check "zram0 set up again takes swapB" test "$(alias_write /sys/block/zram0/alias swapB)" = OK
echo 1 >/sys/block/zram0/reset
modprobe -r zram
finish
