# Kernel messages about an aliased disk are the messages about a disk
# without an alias, byte for byte, with " (alias NAME)" at the end of the
# line.  Two scsi_debug disks, one aliased, go through the same events:
# medium errors (block layer error line, SCSI result, sense and CDB lines),
# a capacity change (sd and block layer), a file system writing to a device
# made read-only, and I/O to an offline device.  Every line about the aliased disk must end with
# the alias, and with the alias cut off and the disks' names, SCSI addresses,
# tags and command ages made neutral, the two disks' lines must be the same
# lists; a line that ends in spaces (the sense key line) drops them before
# the alias, so exactly one space precedes "(alias".  The pairs are printed
# ("logcheck-pair<TAB>plain<TAB>aliased") for kernel-alias-messages-test.sh,
# which runs Debian's logcheck rules on them.
. tests/vm/guest/kernel-lib.sh
need_alias_attr

disks=$(sdebug_add 2 | grep '^sd')
set -- $disks
named=$1 plain=$2
check "scsi_debug added two disks ($named $plain)" test -n "$plain"
hctl() { basename "$(readlink -f "/sys/block/$1/device")"; }
hn=$(hctl "$named") hp=$(hctl "$plain")
suffix=' (alias failing0)'
check "alias failing0 on $named" \
	test "$(alias_write "/sys/block/$named/alias" failing0)" = OK

kmsg_mark messages
# Medium errors at scsi_debug's medium_error_start (opts bit 2).
lba=$(cat /sys/module/scsi_debug/parameters/medium_error_start 2>/dev/null || echo 4660)
echo 2 >$sdebug/opts
for d in $named $plain; do
	dd if=/dev/$d of=/dev/null bs=512 skip="$lba" count=1 iflag=direct 2>/dev/null &&
		fail "reading $d at $lba should fail"
done
echo 0 >$sdebug/opts

# A capacity change: both disks grow to 1 GiB and are rescanned.
echo 1 >$sdebug/virtual_gb
for d in $named $plain; do
	echo 1 >/sys/block/$d/device/rescan
done

# A write to a read-only device: write(2) refuses it, so it comes from a
# file system mounted before the device became read-only.
udevadm settle --timeout=60
for d in $named $plain; do
	# 4 MiB: scsi_debug stores 8 MiB whatever capacity it reports
	mkfs.ext4 -q -F -O ^has_journal /dev/$d 4M
	mkdir -p /mnt/$d
	mount -t ext4 /dev/$d /mnt/$d
	blockdev --setro /dev/$d
	echo data >/mnt/$d/file
	sync -f /mnt/$d/file
	blockdev --setrw /dev/$d
	umount /mnt/$d
done
# udev probes a device closed after writing: let it finish first.
udevadm settle --timeout=60

# I/O to an offline device (opened before: sd refuses to open it then).
for d in $named $plain; do
	exec 3</dev/$d
	echo offline >/sys/block/$d/device/state
	dd of=/dev/null bs=4096 count=1 iflag=direct <&3 2>/dev/null &&
		fail "reading offline $d should fail"
	echo running >/sys/block/$d/device/state
	exec 3<&-
done
sleep 1

# The lines of the events, with their timestamps; and without, for checks.
timed=$(dmesg | awk '/diskalias-test: mark messages/ { n = NR } { l[NR] = $0 }
	END { for (i = n + 1; i <= NR; i++) print l[i] }')
log=$(sed -E 's/^\[ *[0-9]+\.[0-9]+\] //' <<<"$timed")
echo "$log"

# neutral DISK HCTL: a line with the disk's name, SCSI address, tags and
# command ages replaced, and the alias suffix and the spaces that end the
# line cut off (an aliased line drops them before its alias).
neutral() {
	sed -E -e "s/ \(alias failing0\)\$//" -e 's/ +$//' -e "s/\\b$1\\b/DISK/g" \
		-e "s/\\b$2\\b/H:C:T:L/g" -e 's/tag#[0-9]+/tag#N/g' \
		-e 's/cmd_age=[0-9]+s/cmd_age=Ns/g'
}
# Lines about a disk; a file system's own lines ("EXT4-fs (sdc): ...") are
# outside the series and left out.
about() {
	grep -E "(^|[^[:alnum:]])$1([^[:alnum:]]|\$)" | grep -v '^EXT4-fs ('
}
about_named=$(about "$named" <<<"$log")
about_plain=$(about "$plain" <<<"$log")

for what in "critical medium error, dev DISK, sector $lba " \
	"[DISK] tag#N Sense Key : " "[DISK] tag#N Add. Sense: " \
	"[DISK] tag#N CDB: " "[DISK] tag#N FAILED Result: " \
	"[DISK] 2097152 512-byte logical blocks" \
	"DISK: detected capacity change from " \
	"Trying to write to read-only block-device DISK" \
	"I/O error, dev DISK, sector 0 "; do
	n=$(neutral "$plain" "$hp" <<<"$about_plain" | grep -cF "$what")
	check "the plain disk logged '$what' ($n)" test "$n" -gt 0
done

bad=$(grep -vF "$suffix" <<<"$about_named" | grep . || true)
check "every line about $named ends with '$suffix'${bad:+: $bad}" test -z "$bad"
bad=$(grep -F "  (alias" <<<"$about_named" || true)
check "one space, not more, before the alias on every line${bad:+: $bad}" test -z "$bad"
n=$(grep -cF "[current] (alias failing0)" <<<"$about_named" || true)
check "the aliased disk's sense key lines end in '[current] (alias failing0)' ($n)" test "$n" -gt 0
bad=$(grep -F "(alias" <<<"$about_plain" || true)
check "no line about $plain has an alias${bad:+: $bad}" test -z "$bad"
# (A file system writes as often as its writeback runs: compare the sets.)
diff -u <(neutral "$plain" "$hp" <<<"$about_plain" | sort -u) \
	<(neutral "$named" "$hn" <<<"$about_named" | sort -u) >/tmp/neutral.diff
n=$(neutral "$named" "$hn" <<<"$about_named" | sort -u | grep -c .)
check "with the alias cut off, the $n kinds of line are the same byte for byte" \
	test ! -s /tmp/neutral.diff
cat /tmp/neutral.diff

# Pair each aliased line with the first plain line of the same neutral
# form: the plain lines' forms are computed once, not once per pair.
declare -A plain_of
while IFS= read -r p; do
	key=$(neutral "$plain" "$hp" <<<"${p#*] }")
	[ -n "${plain_of[$key]+set}" ] || plain_of[$key]=$p
done < <(about "$plain" <<<"$timed")
while IFS= read -r a; do
	key=$(neutral "$named" "$hn" <<<"${a#*] }")
	[ -z "${plain_of[$key]+set}" ] ||
		printf 'logcheck-pair\t%s\t%s\n' "${plain_of[$key]}" "$a"
done < <(about "$named" <<<"$timed")
finish
