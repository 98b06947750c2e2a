# /sys/block/<disk>/alias: the errno of every class of write (the ABI
# document, Documentation/ABI/stable/sysfs-block in kernel-patch/),
# each through one write(2) by alias_write.
. tests/vm/guest/kernel-lib.sh
need_alias_attr

a64=$(printf 'aB3-_%.0s' $(seq 12))aB3-	# 64 bytes of every class
a65=${a64}x
big4096=$(head -c 4096 /dev/zero | tr '\0' a)
big4097=${big4096}a

check "alias is mode 0644 (only root writes)" \
	test "$(stat -c %a /sys/block/sdb/alias)" = 644
expect_alias sdb ""
check "sdb uevent has no ALIAS= while unset" \
	sh -c '! grep -q "^ALIAS=" /sys/block/sdb/uevent'

# Malformed: -EINVAL, and nothing is set.
for bytes in '\n' '\n\n' 'data0\n\n' '\ndata0' 'da\nta0' 'data0\r\n' \
	'da\0ta0' 'data0\0' '\0' 'data 0' 'data.0' 'data/0' 'data:0' \
	'caf\xe9' '\xe9' '\xc0' '\xff' '\xaa' '\xb5' '\x80' '\x7f' \
	'caf\xc3\xa9' "$a65" "$a65"'\n' "${a64}${a64}" "$big4096"; do
	expect_write sdb "$bytes" EINVAL
done
# kernfs hands the attribute at most one page of a longer write.
expect_write sdb "$big4097" EINVAL
# A zero-length write never reaches the attribute: it "succeeds" with 0.
expect_write sdb '' OK
expect_alias sdb ""

# The kernel name of any disk, this one's included, or of any partition:
# -EEXIST.  addpart (BLKPG) makes partitions without a partition table.
addpart /dev/sda 1 2048 2048
addpart /dev/nvme0n1 1 2048 2048
udevadm settle --timeout=60
check "sda1 and nvme0n1p1 exist" test -e /sys/class/block/sda1 -a -e /sys/class/block/nvme0n1p1
for name in sda sdb vda vdb nvme0n1 'sda\n' sda1 nvme0n1p1 'sda1\n'; do
	expect_write sdb "$name" EEXIST
done
expect_alias sdb ""
# Names that are not registered are free: a partition that does not exist.
expect_write vdb sda2 OK
expect_alias vdb sda2

# Valid, with one trailing newline dropped; then write-once.
expect_write sdb 'data0\n' OK
expect_alias sdb data0
expect_write sdb 'data0' OK
expect_write sdb 'data0\n' OK
expect_write sdb 'data1' EBUSY
expect_write sdb 'sda' EBUSY
expect_write sdb 'data 1' EINVAL
expect_write sdb '\n' EINVAL
expect_alias sdb data0
check "sdb uevent file carries ALIAS=data0" grep -qx ALIAS=data0 /sys/block/sdb/uevent

# Unique: another disk's alias is -EEXIST.
expect_write sda data0 EEXIST
expect_write sda 'data0\n' EEXIST
expect_alias sda ""

# A name taken as an alias stays refused to other disks.
expect_write sda sda2 EEXIST
# The limits and the smallest aliases.
expect_write sda "$a64"'\n' OK
expect_alias sda "$a64"
check "sda alias is 64 bytes + newline" test "$(wc -c </sys/block/sda/alias)" -eq 65
expect_write nvme0n1 - OK
expect_alias nvme0n1 -
expect_write sda _ EBUSY
expect_write sda '-' EBUSY

# One log line per alias set, through the disk's own device.
n=$(dmesg | grep -c 'block sdb: alias set to data0$')
check "one 'block sdb: alias set to data0' line in the log ($n)" test "$n" -eq 1
n=$(dmesg | grep -c 'alias set to')
check "one log line per alias set, 4 in all ($n)" test "$n" -eq 4
# The DEVICE= tag of /dev/kmsg names the disk (b<major>:<minor>).
dev=b$(cat /sys/block/sdb/dev)
check "the /dev/kmsg record of the line carries DEVICE=$dev" \
	sh -c "timeout 2 cat /dev/kmsg | grep -A3 'alias set to data0$' | grep -qx ' DEVICE=$dev'"
# A partition registered under a name that is an alias by then: added
# anyway, with a warning naming both.
kmsg_mark partwarn
addpart /dev/sda 2 4096 2048
udevadm settle --timeout=60
check "sda2 was added" test -e /sys/class/block/sda2
check "warning: 'block sda2: name sda2 is already the alias of vdb'" \
	sh -c "$(declare -f kmsg_since); kmsg_since | grep -q 'block sda2: name sda2 is already the alias of vdb\$'"
finish
