# /sys/block/<disk>/alias: the errno of every class of write (the ABI
# contract in design.md), each through one write(2) by alias_write.
. tests/vm/kernel-lib.sh
need_alias_attr

a255=$(printf 'aB3-_%.0s' $(seq 51))		# 255 bytes of every class
a256=${a255}x
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
	'caf\xc3\xa9' "$a256" "$a256"'\n' "$big4096"; do
	expect_write sdb "$bytes" EINVAL
done
# kernfs hands the attribute at most one page of a longer write.
expect_write sdb "$big4097" EINVAL
# A zero-length write never reaches the attribute: it "succeeds" with 0.
expect_write sdb '' OK
expect_alias sdb ""

# The kernel name of any disk, this one's included: -EEXIST.
for name in sda sdb vda vdb nvme0n1 'sda\n'; do
	expect_write sdb "$name" EEXIST
done
expect_alias sdb ""

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

# The limits and the smallest aliases.
expect_write vdb "$a255"'\n' OK
expect_alias vdb "$a255"
check "vdb alias is 255 bytes + newline" test "$(wc -c </sys/block/vdb/alias)" -eq 256
expect_write nvme0n1 - OK
expect_alias nvme0n1 -
expect_write sda _ OK
expect_alias sda _
expect_write sda '-' EBUSY

# One log line per alias set, through the disk's own device.
n=$(dmesg | grep -c 'block sdb: alias set to data0$')
check "one 'block sdb: alias set to data0' line in the log ($n)" test "$n" -eq 1
n=$(dmesg | grep -c 'alias set to')
check "one log line per alias set, 4 in all ($n)" test "$n" -eq 4
finish
