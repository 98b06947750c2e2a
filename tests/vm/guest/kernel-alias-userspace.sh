# The 2011 objection, answered in the guest's own log: "user space can do
# it", e.g. a udev rule writing "sdb = wwn-... (data0)" into /dev/kmsg when
# the disk appears.  What such a line cannot give (the cover letter's "Why
# again, after 2011"):
#  1. a log whose boot lines are gone (the ring buffer overwritten, a
#     rotated file): the error line alone, the log's last lines, still name
#     the disk by its alias;
#  2. a name another disk took later: the last udev line about sdX speaks
#     of the new disk, while the old disk's error lines say their own alias;
#  3. rate limits: writes to /dev/kmsg are limited by default
#     (printk_devkmsg=ratelimit) to 10 lines in 5 s for each open file, so
#     a writer that keeps one file open (a daemon) loses most of the lines
#     of a boot with many disks; a rule that opens it for each line does
#     not, at the cost of a process a disk.
. tests/vm/guest/kernel-lib.sh
need_alias_attr

# What the user-space answer writes when a disk appears.
announce() {
	echo "udev: $1 = $2 ($3)" >/dev/kmsg
}
# medium_error DISK: one read that hits scsi_debug's medium error.
lba=$(cat /sys/module/scsi_debug/parameters/medium_error_start 2>/dev/null || echo 4660)
medium_error() {
	echo 2 >$sdebug/opts
	dd if=/dev/$1 of=/dev/null bs=512 skip="$lba" count=1 iflag=direct 2>/dev/null
	echo 0 >$sdebug/opts
}
# error_line DISK: the last block layer error line about DISK.
error_line() {
	dmesg --notime | grep -E "^critical medium error, dev $1, " | tail -n 1
}

check "printk_devkmsg is the default (ratelimit)" \
	test "$(cat /proc/sys/kernel/printk_devkmsg)" = ratelimit

old=$(sdebug_add 1 | grep '^sd')
check "a scsi_debug disk ($old)" test -n "$old"
check "alias data0 on $old" test "$(alias_write /sys/block/$old/alias data0)" = OK
announce "$old" "$(cat /sys/block/$old/device/wwid 2>/dev/null || echo scsi_debug)" data0

# 1. The ring buffer overwritten: 256 KiB of other messages (twice the
# guest's 128 KiB log buffer) push the boot's lines out.
echo on >/proc/sys/kernel/printk_devkmsg
exec 3>/dev/kmsg
for i in $(seq 2500); do
	echo "diskalias-test: filler $i, as a busy machine logs between boot and failure" >&3
done
exec 3>&-
echo ratelimit >/proc/sys/kernel/printk_devkmsg
medium_error "$old"
check "the udev line about $old is gone from the log" \
	sh -c '! dmesg | grep -q "udev: $1 = "' _ "$old"
line=$(error_line "$old")
echo "# $line"
check "the error line alone names the disk: ends with (alias data0)" \
	test "${line% (alias data0)}" != "$line"
check "... and it is among the log's last 10 lines" \
	sh -c 'dmesg --notime | tail -n 10 | grep -qxF "$1"' _ "$line"

# 2. Another disk takes the name: the old disk goes, a new one comes as
# the same sdX and is announced with its own alias.
echo 1 >/sys/block/$old/device/delete
udevadm settle --timeout=60
new=$(sdebug_add 1 | grep '^sd')
check "the new disk took the old one's name ($old -> $new)" test "$new" = "$old"
check "alias data1 on the new $new" test "$(alias_write /sys/block/$new/alias data1)" = OK
announce "$new" "$(cat /sys/block/$new/device/wwid 2>/dev/null || echo scsi_debug)" data1
last=$(dmesg --notime | grep "udev: $new = " | tail -n 1)
check "the last udev line about $new names the new disk's data1 ($last)" \
	test "${last%(data1)}" != "$last"
check "the old disk's error line still says data0: its own" \
	sh -c 'dmesg --notime | grep -qxF "$1"' _ "$line"
medium_error "$new"
line=$(error_line "$new")
check "the new disk's error line says data1 ($line)" \
	test "${line% (alias data1)}" != "$line"

# 3. Rate limits: 50 disks announced through one open /dev/kmsg (a daemon),
# then through one open a line (a rule spawning a shell a disk).
kmsg_mark ratelimit
exec 3>/dev/kmsg
for i in $(seq 50); do
	echo "udev: sdx$i = wwn-0x5000c500000000$i (disk$i)" >&3
done
exec 3>&-
kept=$(kmsg_since | grep -c '^udev: sdx[0-9]* = ')
echo "# one open file: $kept of 50 lines kept"
check "one open file: most of 50 lines are dropped ($kept kept)" test "$kept" -le 10
suppressed() {
	kmsg_since | grep -qE ': [0-9]+ output lines suppressed due to ratelimiting'
}
check "... and the kernel says it dropped them" suppressed
kmsg_mark ratelimit-open-each
for i in $(seq 50); do
	echo "udev: sdy$i = wwn-0x5000c500000001$i (disk$i)" >/dev/kmsg
done
kept=$(kmsg_since | grep -c '^udev: sdy[0-9]* = ')
check "an open a line: all 50 lines are kept ($kept)" test "$kept" -eq 50
echo 1 >/sys/block/$new/device/delete
finish
