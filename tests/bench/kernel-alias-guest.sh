# In-guest half of tests/bench/kernel-alias-bench: the kernel's own cost of
# an alias write and of a disk add, with BENCH_DISKS scsi_debug disks
# present (default 100), with the alias table empty and then full.
#
# Isolated from what is not the kernel's alias code: udevd is stopped and
# the console quiet (a successful write's time is mostly the uevent, udev
# and the serial console), and the writes timed are refused ones whose
# clash is found last: the alias of the disk added last, or its name.
# Each figure is the mean of BENCH_WRITES writes through one open file
# (alias_write --time), or the wall time per disk of adding 20 disks.
. tests/vm/kernel-lib.sh
need_alias_attr

sizes=${BENCH_DISKS:-100}
reps=${BENCH_WRITES:-20000}
probe=/sys/block/vdb/alias	# never gets an alias: every write is judged
dmesg -n 1
udevadm control --exit

nsd() { ls -d /sys/block/sd* | wc -l; }
base=$(nsd)	# the virtio-scsi disks
# add N: add a scsi_debug host with N disks; prints the ms it took until
# every disk was registered.
add() {
	local want=$(($(nsd) + $1)) t0 i
	sdebug_set num_tgts "$1"
	t0=$(date +%s%N)
	echo 1 >$sdebug/add_host
	for i in $(seq 60000); do
		[ "$(nsd)" -ge "$want" ] && break
		sleep 0.05
	done
	echo $((($(date +%s%N) - t0) / 1000000))
}
# the disk sd named last: sd names grow in length, then in order
last() { ls /sys/block | grep '^sd' | awk '{ print length, $0 }' | sort -k1,1n -k2 | tail -n 1 | cut -d' ' -f2; }
# the mean ns of $reps writes of $1 to the probe, and its verdict
timewrite() { alias_write --time "$reps" "$probe" "$1"; }

# one row a figure: "bench|DISKS|TABLE|WHAT|RESULT MEAN TOTAL N"
row() { printf 'bench|%s|%s|%s|%s\n' "$1" "$2" "$3" "$4"; }
n=$sizes
add $((n - ($(nsd) - base))) >/dev/null
have=$(($(nsd) - base))
d=$(last)
row "$have" empty "refused: name of the disk added last" "$(timewrite "$d")"
ms=$(add 20)
row "$have" empty "add a disk (us, of 20 added)" "- $((ms * 1000 / 20)) $((ms * 1000)) 20"
# alias every disk (a<disk>)
for f in /sys/block/sd*/alias; do
	dn=${f#/sys/block/}
	alias_write "$f" "a${dn%/alias}" >/dev/null
done
d=$(last)
have=$(($(nsd) - base))
row "$have" full "refused: name of the disk added last" "$(timewrite "$d")"
row "$have" full "refused: alias of the disk added last" "$(timewrite "a$d")"
ms=$(add 20)
row "$have" full "add a disk (us, of 20 added)" "- $((ms * 1000 / 20)) $((ms * 1000)) 20"
