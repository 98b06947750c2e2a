# The storage stack of real machines (images/run-vm --all-devices): a SATA
# disk behind AHCI, a USB stick, an NVMe namespace shared by two controllers
# (native multipath), a CD-ROM, and a loop device, an md raid1 and a
# device-mapper linear disk made here.  For every disk, "diskalias list"
# gives the model, serial and WWN lsblk gives and the by-id and by-path
# links udev made, exits 0 and writes nothing on stderr; every kind takes
# an alias and gets its /dev/disk/by-alias link; an I/O error on the SATA
# disk ends with its alias (docs/testing.md, "The test guest"; diskalias(8)).
. tests/vm/guest/kernel-lib.sh	# lib.sh, need_alias_attr, kmsg_mark/kmsg_since
. tests/vm/guest/persist-lib.sh	# install_rule
need_alias_attr

# The disks (not partitions, not hidden NVMe paths) udev read the serial
# $1 on: its database entry for the disk has a property equal to it.
disks_of_serial() {
	local f d
	for f in $(grep -lE "^E:[A-Z_]+=$1\$" /run/udev/data/b* 2>/dev/null); do
		d=$(basename "$(readlink -f "/sys/dev/block/${f#/run/udev/data/b}")")
		[ -e "/sys/block/$d" ] || continue
		[ "$(cat "/sys/block/$d/hidden" 2>/dev/null)" = 1 ] && continue
		echo "$d"
	done
}

# found VAR KIND SERIAL: VAR is the one disk with SERIAL, or a failure
# names KIND.
found() {
	local d
	d=$(disks_of_serial "$3")
	printf -v "$1" '%s' ""
	if [ "$(wc -w <<<"$d")" -eq 1 ]; then
		pass "the $2 is $d (serial $3)"
		printf -v "$1" '%s' "$d"
	else
		fail "one $2 with serial $3 (found: ${d:-none})"
	fi
}

# The alias rule, so a disk's ALIAS= makes its /dev/disk/by-alias link.
install_rule

found sata "SATA disk" DASATA0001
found usb "USB stick" DAUSB00001
found cdrom CD-ROM DACDROM001
found nvme "NVMe multipath head" DANVMEMP01
check "the SATA disk is behind libata ($sata)" \
	grep -q '/ata[0-9]*/' <<<"$(readlink -f "/sys/block/$sata")"
check "the USB stick is on USB and removable ($usb)" \
	test "$(cat "/sys/block/$usb/removable")" = 1 -a \
	-n "$(readlink -f "/sys/block/$usb" | grep /usb)"
check "the CD-ROM is an sr disk ($cdrom)" grep -qx 'sr[0-9]*' <<<"$cdrom"
# The head nvme<subsystem>n<ns> has a path nvme<subsystem>c<controller>n<ns>
# on each controller.
paths=$(cd /sys/block && ls -d "${nvme%n*}"c*"n${nvme##*n}" 2>/dev/null | tr '\n' ' ')
check "the NVMe head $nvme has two paths ($paths)" test "$(wc -w <<<"$paths")" -eq 2
for p in $paths; do
	check "the path $p is hidden" test "$(cat "/sys/block/$p/hidden")" = 1
done

# A loop device, an md raid1 of two more, a dm linear disk on a fourth.
img=/tmp/real-stack
mkdir -p $img
for i in 0 1 2 3; do truncate -s 16M $img/$i.img; done
loop=$(losetup --find --show $img/0.img)
m1=$(losetup --find --show $img/1.img)
m2=$(losetup --find --show $img/2.img)
l3=$(losetup --find --show $img/3.img)
check "mdadm made md0 (raid1 of $m1 and $m2)" \
	mdadm --create /dev/md0 --run --level=1 --raid-devices=2 --metadata=1.2 \
	--assume-clean "$m1" "$m2"
check "dmsetup made the linear disk 'linear0' on $l3" \
	dmsetup create linear0 --table "0 $(blockdev --getsz "$l3") linear $l3 0"
dm=$(basename "$(readlink -f /dev/mapper/linear0)")
check "linear0 is a dm disk ($dm)" grep -qx 'dm-[0-9]*' <<<"$dm"
loop=${loop#/dev/} m1=${m1#/dev/} m2=${m2#/dev/} l3=${l3#/dev/}
udev_wait_disks "$loop" "$m1" "$m2" "$l3" md0 "$dm"

# Facts: model, serial and WWN of every disk as lsblk gives them (blanks
# around a value aside), the same set of disks.  "lsblk -d" leaves out a
# disk on other disks (md0 on its loops, dm-0 on its loop): take every
# device of lsblk's tree but partitions, each once.
err=$(mktemp)
out=$(diskalias list -J -o KNAME,MODEL,SERIAL,WWN,LINKS 2>"$err")
rc=$?
check "diskalias list -J exits 0 ($rc)" test $rc -eq 0
check "diskalias list -J writes nothing on stderr" test ! -s "$err"
sed 's/^/# stderr: /' "$err"
diskalias list >/dev/null 2>"$err"
rc=$?
check "diskalias list exits 0 ($rc)" test $rc -eq 0
check "diskalias list writes nothing on stderr" test ! -s "$err"
sed 's/^/# stderr: /' "$err"
line='def t: if . == null then "" else sub("^\\s+"; "") | sub("\\s+$"; "") end;
	"\(.kname)\tmodel=\(.model | t)\tserial=\(.serial | t)\twwn=\(.wwn | t)"'
ours=$(jq -r ".disks[] | ($line)" <<<"$out" | sort)
theirs=$(lsblk -J -o KNAME,TYPE,MODEL,SERIAL,WWN | jq -r "[.. | objects |
	select(has(\"kname\") and .type != \"part\")] | unique_by(.kname) | .[] |
	($line)" | sort)
check "diskalias list and lsblk list the same disks" \
	test "$(cut -f1 <<<"$ours")" = "$(cut -f1 <<<"$theirs")"
comm -23 <(cut -f1 <<<"$theirs") <(cut -f1 <<<"$ours") | sed 's/^/# lsblk only: /'
comm -13 <(cut -f1 <<<"$theirs") <(cut -f1 <<<"$ours") | sed 's/^/# diskalias only: /'
# One line a disk, looked up by its kernel name (one process a disk at
# most: under TCG each costs the guest a good part of a second).
declare -A our_facts their_facts our_links
while IFS= read -r l; do our_facts[${l%%$'\t'*}]=$l; done <<<"$ours"
while IFS= read -r l; do their_facts[${l%%$'\t'*}]=$l; done <<<"$theirs"
for k in $(cut -f1 <<<"$theirs"); do
	a=${our_facts[$k]:-} b=${their_facts[$k]}
	check "$k: diskalias's model, serial, wwn are lsblk's" test "$a" = "$b"
	[ "$a" = "$b" ] || printf '# lsblk:     %s\n# diskalias: %s\n' "$b" "${a:-(not listed)}"
done

# Links: each disk's by-id and by-path links are udev's.
while IFS=$'\t' read -r k l; do our_links[$k]=$l; done < <(jq -r '.disks[] |
	[.kname, ([.links | to_entries[] | select(.key == "by-id" or .key == "by-path") |
	.key + "/" + .value[]] | sort | join(" "))] | @tsv' <<<"$out")
for k in "${!our_links[@]}"; do
	b=
	for l in $(udevadm info -q symlink "/sys/class/block/$k"); do
		case $l in disk/by-id/* | disk/by-path/*) b+="${l#disk/} " ;; esac
	done
	b=$(tr ' ' '\n' <<<"$b" | LC_ALL=C sort | grep . | tr '\n' ' ')
	a="${our_links[$k]} "
	[ "$a" != " " ] || a=
	check "$k: diskalias's by-id and by-path links are udev's" test "$a" = "$b"
	[ "$a" = "$b" ] || printf '# udev:      %s\n# diskalias: %s\n' "$b" "$a"
done

# Every kind takes an alias and gets its /dev/disk/by-alias link.
set -- "$sata" sata0 "$usb" usb0 "$nvme" nvmemp0 "$cdrom" cdrom0 \
	"$loop" loop-disk "md0" mirror0 "$dm" linear-dm
while [ $# -ge 2 ]; do
	if [ -n "$1" ]; then
		check "diskalias set $1 $2" diskalias set "$1" "$2"
		check_link "by-alias/$2" "$1"
	fi
	shift 2
done
check "diskalias list shows the seven aliases" test "$(diskalias list -J |
	jq '[.disks[] | select(.alias != null)] | length')" -eq 7

# The SATA disk fails: the kernel's I/O error line ends with its alias.
if [ -n "$sata" ]; then
	kmsg_mark sata
	exec 3<"/dev/$sata"	# sd opens no offline disk: open it first
	echo offline >"/sys/block/$sata/device/state"
	dd of=/dev/null bs=4096 count=1 iflag=direct <&3 2>/dev/null &&
		fail "reading the offline $sata should fail"
	echo running >"/sys/block/$sata/device/state"
	exec 3<&-
	log=$(kmsg_since)
	check "the SATA disk's I/O error line ends with '(alias sata0)'" \
		grep -Eq "I/O error, dev $sata, .* \(alias sata0\)\$" <<<"$log"
	grep -E 'I/O error|offline' <<<"$log" | sed 's/^/# /'
fi

dmsetup remove linear0
mdadm --stop /dev/md0 >/dev/null 2>&1
losetup -D
finish
