# 64 processes write one alias to 64 scsi_debug disks at once: exactly one
# wins and the other 63 get EEXIST.  Then 63 different aliases on the 63
# others at once all succeed (no false conflicts).
. tests/vm/guest/kernel-lib.sh
need_alias_attr

disks=$(sdebug_add 64 | grep '^sd')
n=$(echo "$disks" | wc -w)
check "scsi_debug added 64 disks ($n)" test "$n" -eq 64

args=()
for d in $disks; do
	args+=("/sys/block/$d/alias" shared0)
done
out=$(alias_write --race "${args[@]}")
ok=$(echo "$out" | grep -c ' OK$')
exist=$(echo "$out" | grep -c ' EEXIST$')
check "64 writers of one alias: one OK ($ok)" test "$ok" -eq 1
check "the other 63 get EEXIST ($exist)" test "$exist" -eq 63
holders=$(for d in $disks; do
	[ "$(cat /sys/block/$d/alias)" = shared0 ] && echo "$d"
done)
check "exactly one disk holds shared0 ($holders)" test "$(echo "$holders" | grep -c .)" -eq 1
winner=$(echo "$out" | awk '$3 == "OK" { print $1 }')
check "the holder is the writer that got OK" \
	test "$winner" = "/sys/block/$holders/alias"

args=()
for d in $disks; do
	[ "$d" = "$holders" ] || args+=("/sys/block/$d/alias" "own_$d")
done
out=$(alias_write --race "${args[@]}")
ok=$(echo "$out" | grep -c ' OK$')
check "63 writers of 63 different aliases all succeed ($ok)" test "$ok" -eq 63
bad=$(for d in $disks; do
	[ "$d" = "$holders" ] && continue
	[ "$(cat /sys/block/$d/alias)" = "own_$d" ] || echo "$d"
done)
check "every other disk holds its own alias" test -z "$bad"
finish
