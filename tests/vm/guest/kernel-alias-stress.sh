# Stress: for STRESS_SECONDS (default 60), concurrent loops add and remove
# scsi_debug disks, set aliases (valid, invalid, duplicate, other disks'
# names) on whatever disks exist, and read every alias.  Afterwards no two
# live disks share an alias and no alias is a live disk's name; run on the
# debug kernel, run-vm also fails on any KASAN, lockdep, kmemleak or
# WARNING report.
. tests/vm/guest/kernel-lib.sh
need_alias_attr

secs=${STRESS_SECONDS:-60}
# Bash's own clock: a date(1) per loop costs much on a KASAN kernel under TCG.
end=$((SECONDS + secs))
count=/tmp/stress-ops
mkdir -p $count

# scsi_debug hosts come and go; disks are deleted one by one too.
adder() {
	local n=0
	echo 2 >$sdebug/num_tgts
	while [ $SECONDS -lt $end ]; do
		echo 1 >$sdebug/add_host 2>/dev/null
		sleep 0.3
		echo -1 >$sdebug/add_host 2>/dev/null
		n=$((n + 2))
	done
	echo $n >$count/hosts
}
deleter() {
	local n=0 d
	while [ $SECONDS -lt $end ]; do
		for d in /sys/block/sd*; do
			grep -q scsi_debug "$d/device/model" 2>/dev/null || continue
			[ $((RANDOM % 4)) -eq 0 ] || continue
			echo 1 >"$d/device/delete" 2>/dev/null && n=$((n + 1))
		done
		sleep 0.5
	done
	echo $n >$count/deletes
}
# Writers race for a small pool of aliases, so duplicates are common.
writer() {
	local id=$1 n=0 d a names
	while [ $SECONDS -lt $end ]; do
		names=(/sys/block/*)
		for d in "${names[@]}"; do
			case $((RANDOM % 5)) in
			0) a="pool$((RANDOM % 8))" ;;
			1) a="w${id}x$RANDOM" ;;
			2) a="bad alias" ;;
			3) a=${names[RANDOM % ${#names[@]}]##*/} ;;
			4) a="pool$((RANDOM % 8))"$'\n' ;;
			esac
			# The disk may be gone by now: that is part of the test.
			{ printf '%s' "$a" >"$d/alias"; } 2>/dev/null
			n=$((n + 1))
		done
	done
	echo $n >$count/writes$id
}
reader() {
	local n=0 f
	while [ $SECONDS -lt $end ]; do
		for f in /sys/block/*/alias; do
			{ read -r _ <"$f"; } 2>/dev/null
			n=$((n + 1))
		done
		diskalias list -J >/dev/null 2>&1
	done
	echo $n >$count/reads
}

adder & deleter & writer 1 & writer 2 & writer 3 & reader &
wait
udevadm settle --timeout=120

ops=0
for f in $count/*; do
	echo "$(basename $f): $(cat $f)"
	ops=$((ops + $(cat $f)))
done
check "stress ran $ops operations in ${secs} s" test "$ops" -gt 200

aliases=$(cat /sys/block/*/alias 2>/dev/null | sort)
dups=$(uniq -d <<<"$aliases")
check "no two live disks share an alias ($(wc -w <<<"$aliases") set)" test -z "$dups"
clash=$(comm -12 <(ls /sys/block | sort) <(echo "$aliases"))
check "no alias is a live disk's name" test -z "$clash"
check "every alias keeps the rules" \
	bash -c '! cat /sys/block/*/alias 2>/dev/null | grep -qv "^[A-Za-z0-9_-]\{1,255\}$"'
finish
