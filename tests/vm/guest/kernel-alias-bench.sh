# In-guest half of tests/bench/kernel-alias-bench: the kernel's own cost of
# an alias write and of a disk add, with BENCH_DISKS scsi_debug disks
# present (default 100), with the alias table empty and then full.
#
# Isolated from what is not the kernel's alias code: udevd is stopped and
# the console quiet (a successful write's time is mostly the uevent, udev
# and the serial console), and the writes timed are refused ones whose
# clash is found last: the alias of the disk added last, or its name.
# Each write figure is the least of 5 means of BENCH_WRITES writes
# through one open file (alias_write --time), taken once the guest is
# idle; each add figure the median of 3 wall times per disk of adding 20.
. tests/vm/guest/kernel-lib.sh
need_alias_attr

sizes=${BENCH_DISKS:-100}
reps=${BENCH_WRITES:-5000}
probe=/sys/block/vdb/alias	# never gets an alias: every write is judged
dmesg -n 1
udevadm control --exit

nsd() { ls /sys/block | grep -c '^sd'; }
# sdname I: the name sd gives its disk of index I (sda, ..., sdz, sdaa, ...)
sdname() {
	local i=$1 name=
	while :; do
		name=$(printf "\\$(printf %o $((97 + i % 26)))")$name
		i=$((i / 26 - 1))
		[ $i -ge 0 ] || break
	done
	echo "sd$name"
}
base=$(nsd)	# the virtio-scsi disks
# add N: add a scsi_debug host with N disks; prints the ms it took until
# the last of them was registered (sd names its disks in order).
add() {
	local last t0 i
	last=$(sdname $(($(nsd) + $1 - 1)))
	sdebug_set num_tgts "$1"
	t0=$(date +%s%N)
	echo 1 >$sdebug/add_host
	for i in $(seq 60000); do
		[ -e /sys/block/$last ] && break
		sleep 0.01
	done
	echo $((($(date +%s%N) - t0) / 1000000))
}
last() { sdname $(($(nsd) - 1)); }
# least VALUE...: the smallest one
least() { printf '%s\n' "$@" | sort -n | head -n 1; }
# median VALUE...: the middle one
median() { printf '%s\n' "$@" | sort -n | sed -n "$((($# + 1) / 2))p"; }
# timewrite ALIAS: "RESULT NS TICKS N", the least of 5 runs of $reps
# writes of ALIAS to the probe
timewrite() {
	local r ns=() ticks=() out f
	# sd probes and scans the partitions of new disks in the background:
	# wait for the guest to be idle, then keep the least disturbed run.
	sleep 5
	for r in 1 2 3 4 5; do
		out=$(alias_write --time "$reps" "$probe" "$1")
		read -r -a f <<<"$out"
		ns+=("${f[1]}")
		ticks+=("${f[2]}")
	done
	echo "${f[0]} $(least "${ns[@]}") $(least "${ticks[@]}") $reps"
}
# timeadd: "- US - N", the median per disk of 3 adds of 20 disks
timeadd() {
	local r ms=()
	for r in 1 2 3; do
		ms+=($(add 20))
	done
	echo "- $(($(median "${ms[@]}") * 1000 / 20)) - 20"
}

# one row a figure: "bench|DISKS|TABLE|WHAT|RESULT NS TSC_TICKS N"
row() { printf 'bench|%s|%s|%s|%s\n' "$1" "$2" "$3" "$4"; }
n=$sizes
add $((n - ($(nsd) - base))) >/dev/null
have=$(($(nsd) - base))
d=$(last)
row "$have" empty "refused: name of the disk added last" "$(timewrite "$d")"
row "$have" empty "add a disk (us, median of 3 adds of 20)" "$(timeadd)"
# alias every disk (a<disk>)
for f in /sys/block/sd*/alias; do
	dn=${f#/sys/block/}
	alias_write "$f" "a${dn%/alias}" >/dev/null
done
d=$(last)
have=$(($(nsd) - base))
row "$have" full "refused: name of the disk added last" "$(timewrite "$d")"
row "$have" full "refused: alias of the disk added last" "$(timewrite "a$d")"
row "$have" full "add a disk (us, median of 3 adds of 20)" "$(timeadd)"
