# 64 processes write 64 different aliases to one disk at once: exactly
# one wins, the other 63 get EBUSY and the attribute holds the winner.
# Done on each of four disks of different transports.
. tests/vm/guest/kernel-lib.sh
need_alias_attr

for disk in sda sdb vdb nvme0n1; do
	args=()
	for i in $(seq 0 63); do
		args+=("/sys/block/$disk/alias" "race${disk}x$i")
	done
	out=$(alias_write --race "${args[@]}")
	ok=$(echo "$out" | grep -c ' OK$')
	busy=$(echo "$out" | grep -c ' EBUSY$')
	winner=$(echo "$out" | awk '$3 == "OK" { print $2 }')
	check "$disk: 64 racing writers, one OK ($ok)" test "$ok" -eq 1
	check "$disk: the other 63 get EBUSY ($busy)" test "$busy" -eq 63
	check "$disk: the attribute holds the winner ($winner)" \
		test -n "$winner" -a "$(cat /sys/block/$disk/alias)" = "$winner"
	n=$(dmesg | grep -c "block $disk: alias set to ")
	check "$disk: one 'alias set' log line ($n)" test "$n" -eq 1
done
finish
