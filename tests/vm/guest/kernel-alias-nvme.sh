# NVMe native multipath (the guest's --all-devices subsystem: two
# controllers, one namespace): the alias is set on the multipath disk
# (nvmeSnN), and an error on one of its hidden paths (nvmeScCnN) ends both
# of the kernel's lines about it with that alias: the block layer's
# "critical medium error, dev nvmeScCnN, ..." and NVMe's own
# "nvmeScCnN: I/O Cmd(0x2) @ LBA ..., ... DNR " (nvme_log_error(), whose
# line ends in a space: one space precedes "(alias").  The same error on the
# unaliased single-controller disk gives the same lines without the alias,
# which is what the aliased lines must be, names swapped, before it.
# Errors come from NVMe's fault injection in debugfs (the ABI document's
# "Messages" paragraph; Documentation/fault-injection/nvme-fault-injection.rst).
. tests/vm/guest/kernel-lib.sh
need_alias_attr

mountpoint -q /sys/kernel/debug || mount -t debugfs none /sys/kernel/debug

# The multipath disk: the namespace of the subsystem with serial DANVMEMP01
# (images/run-vm), and its paths, named nvme<subsys>c<ctrl>n<nsid>.
head=
for s in /sys/class/nvme-subsystem/*; do
	[ "$(cat "$s/serial" 2>/dev/null | tr -d ' ')" = DANVMEMP01 ] || continue
	for d in "$s"/nvme*n*; do
		[[ ${d##*/} =~ ^nvme[0-9]+n[0-9]+$ ]] && head=${d##*/}
	done
done
if [ -z "$head" ]; then
	fail "no NVMe multipath disk (serial DANVMEMP01): boot with run-vm --all-devices"
	finish
	exit
fi
sub=${head%n*} nsid=${head##*n}
mapfile -t paths < <(cd /sys/block && ls -d "${sub}"c*n"$nsid" 2>/dev/null)
check "$head has two paths (${paths[*]})" test ${#paths[@]} -eq 2

# The single-controller disk, for the unaliased form of the same lines.
plain=
for d in /sys/block/nvme*n*; do
	[ "$(cat "$d/device/serial" 2>/dev/null | tr -d ' ')" = DANVME0001 ] && plain=${d##*/}
done
check "the single-controller NVMe disk ($plain)" test -n "$plain"
udev_wait_disks "$head" "$plain"

check "alias mpath0 on $head" test "$(alias_write /sys/block/$head/alias mpath0)" = OK
check "no alias attribute on the hidden path ${paths[0]}" test ! -e "/sys/block/${paths[0]}/alias"

# inject DISK...: the next command on each disk fails with an unrecovered
# read error (SCT 2, SC 0x81) and Do Not Retry.  Every path of the
# multipath disk gets it: the I/O policy picks the path.
inject() {
	local d f
	for d in "$@"; do
		f=/sys/kernel/debug/$d/fault_inject
		echo 0x4281 >"$f/status"
		echo 1 >"$f/times"
		echo 100 >"$f/probability"
	done
}
disarm() {
	local d
	for d in "$@"; do
		echo 0 >"/sys/kernel/debug/$d/fault_inject/probability"
	done
}

# error_lines DISK: the block layer's and NVMe's lines about DISK since the
# last mark.
error_lines() {
	kmsg_since | grep -E "^(critical medium error, dev $1, |$1: .*\(0x2\) @ LBA )"
}

kmsg_mark nvme-plain
inject "$plain"
dd if=/dev/$plain of=/dev/null bs=4k count=1 iflag=direct status=none 2>/dev/null
disarm "$plain"
plain_lines=$(error_lines "$plain")
check "the unaliased disk's two error lines: $(echo "$plain_lines" | tr '\n' '|')" \
	test "$(echo "$plain_lines" | grep -c .)" -eq 2

kmsg_mark nvme-path
inject "${paths[@]}"
dd if=/dev/$head of=/dev/null bs=4k count=1 iflag=direct status=none 2>/dev/null
disarm "${paths[@]}"
failed=
for p in "${paths[@]}"; do
	[ -n "$(error_lines "$p")" ] && failed=$p
done
check "the error was on a path of $head (${failed:-none})" test -n "$failed"
path_lines=$(error_lines "$failed")
echo "# $(echo "$path_lines" | tr '\n' '|')"
check "two error lines about the path" test "$(echo "$path_lines" | grep -c .)" -eq 2
check "each ends with ' (alias mpath0)', one space before it" \
	test "$(echo "$path_lines" | grep -c '[^ ] (alias mpath0)$')" -eq 2

# Byte for byte: the aliased path's lines are the unaliased disk's, with the
# names swapped and the trailing spaces (NVMe's line ends in one) dropped
# before " (alias mpath0)".  Only the request flags differ: multipath I/O
# is failfast.
flags() { sed -E 's/ flags 0x[0-9a-f]+ / flags F /'; }
want=$(echo "$plain_lines" | flags |
	sed -e "s/\b$plain\b/$failed/g" -e 's/ *$/ (alias mpath0)/')
path_lines=$(echo "$path_lines" | flags)
check "the lines are the unaliased disk's plus the alias" test "$path_lines" = "$want"
[ "$path_lines" = "$want" ] || printf '# want: %s\n' "$want"

# Every line about a path since the error ends with the alias: a search
# for the alias finds the failure.
unaliased=$(kmsg_since | grep -E "dev ${sub}c[0-9]+n$nsid\b|^${sub}c[0-9]+n$nsid: " |
	grep -v ' (alias mpath0)$' || true)
check "no line about $head's paths without its alias${unaliased:+: $unaliased}" \
	test -z "$unaliased"
finish
