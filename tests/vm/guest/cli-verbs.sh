# Every diskalias verb against the patched kernel and the links real udev
# made, including two `diskalias set` runs racing on one disk.
. tests/vm/guest/lib.sh

if [ ! -e /sys/block/sda/alias ]; then
	fail "this kernel has no alias attribute"
	finish
	exit
fi
scsi0=$(link_target /dev/disk/by-id/wwn-0x5000c500a1b2c3d4)
scsi1=$(link_target /dev/disk/by-id/wwn-0x5000c500a1b2c3d5)

# list: every disk, no partitions, with udev's links; the two nbd disks
# the kernel keeps unconnected (run-vm's nbd.nbds_max=2) are listed, as
# lsblk lists them
out=$(diskalias list -J)
check "list -J parses" jq -e . <<<"$out" >/dev/null
names=$(jq -r '.disks[].name' <<<"$out" | sort | tr '\n' ' ')
check "list names the five disks and two nbd disks ($names)" \
	test "$names" = "nbd0 nbd1 nvme0n1 sda sdb vda vdb "
check "list shows sda's wwn link" \
	jq -e --arg d "$scsi0" '.disks[] | select(.name == $d) | .links["by-id"] | index("wwn-0x5000c500a1b2c3d4")' <<<"$out"
check "list shows the SCSI serial (VPD page 0x80) of $scsi0 and $scsi1" \
	jq -e --arg a "$scsi0" --arg b "$scsi1" '[.disks[] | select(.name == $a or .name == $b) | .serial] | sort == ["DASCSI0001", "DASCSI0002"]' <<<"$out"
check "list shows the virtio-blk and NVMe serials" \
	jq -e '[.disks[] | select(.name == "vdb" or .name == "nvme0n1") | .serial] | sort == ["DANVME0001", "DAVBLK0001"]' <<<"$out"
check "list shows the nvme by-path link" \
	jq -e '.disks[] | select(.name == "nvme0n1") | .links["by-path"] | length > 0' <<<"$out"
check "list shows no alias yet" jq -e '[.disks[].alias] | all(. == null)' <<<"$out"
check "list shows / mounted on vda" bash -c 'diskalias list -o NAME,MOUNTPOINTS -r -n | grep -q "^vda /"'

# set by a by-id link; get and resolve by every DISK form
check "set by wwn link" diskalias set /dev/disk/by-id/wwn-0x5000c500a1b2c3d4 data0
check "kernel has the alias" test "$(cat /sys/block/$scsi0/alias)" = data0
check "get by kernel name" test "$(diskalias get "$scsi0")" = data0
check "get by /dev path" test "$(diskalias get "/dev/$scsi0")" = data0
check "get by link base name" test "$(diskalias get wwn-0x5000c500a1b2c3d4)" = data0
check "get by by-path link" test "$(diskalias get "$(ls /dev/disk/by-path/*scsi-0:0:0:0 | head -n1)")" = data0
check "resolve data0" test "$(diskalias resolve data0)" = "/dev/$scsi0"
check "list shows the alias" \
	jq -e --arg d "$scsi0" '.disks[] | select(.name == $d) | .alias == "data0"' <(diskalias list -J)

# refusals: message, exit status, nothing written
err=$(diskalias set "$scsi1" data0 2>&1); rc=$?
check "alias taken by another disk: exit 1 ($rc)" test $rc -eq 1
check "... names the holder ($err)" grep -q "$scsi0" <<<"$err"
check "... nothing written" test -z "$(cat /sys/block/$scsi1/alias)"
err=$(diskalias set "$scsi1" vdb 2>&1); rc=$?
check "alias equal to a disk's name: exit 1 ($rc: $err)" test $rc -eq 1
err=$(diskalias set "$scsi0" other 2>&1); rc=$?
check "second alias on a disk: exit 1 ($rc: $err)" test $rc -eq 1
check "... the first alias stays" test "$(cat /sys/block/$scsi0/alias)" = data0
check "same alias again succeeds" diskalias set "$scsi0" data0
err=$(diskalias set "$scsi1" 'bad alias' 2>&1); rc=$?
check "invalid alias: exit 1 ($rc: $err)" test $rc -eq 1
err=$(diskalias set nosuchdisk x 2>&1); rc=$?
check "unknown disk refused: exit 1 ($rc: $err)" test $rc -eq 1
# One MBR partition on the second disk, written by hand (no fdisk here).
printf '\x00\x00\x00\x00\x83\x00\x00\x00\x00\x08\x00\x00\x00\x10\x00\x00' |
	dd of=/dev/$scsi1 bs=1 seek=446 conv=notrunc status=none
printf '\x55\xaa' | dd of=/dev/$scsi1 bs=1 seek=510 conv=notrunc status=none
blockdev --rereadpt /dev/$scsi1
udevadm settle
check "the partition ${scsi1}1 appeared" test -e /sys/block/$scsi1/${scsi1}1
err=$(diskalias set "${scsi1}1" x 2>&1); rc=$?
check "partition refused: exit 1 ($rc: $err)" test $rc -eq 1
check "... saying aliases name whole disks" grep -q 'whole disk' <<<"$err"
check "... nothing written to the disk" test -z "$(cat /sys/block/$scsi1/alias)"
err=$(setpriv --reuid=65534 --regid=65534 --clear-groups diskalias set "$scsi1" logs 2>&1); rc=$?
check "not root: exit 1 ($rc: $err)" test $rc -eq 1
check "... nothing written" test -z "$(cat /sys/block/$scsi1/alias)"
err=$(diskalias get nosuchdisk 2>&1); rc=$?
check "get of an unknown disk fails ($rc: $err)" test $rc -ne 0
err=$(diskalias resolve nosuchalias 2>&1); rc=$?
check "resolve of an unknown alias: exit 32 ($rc)" test $rc -eq 32

# validate uses the kernel's rules
check "validate accepts data0" diskalias validate data0
err=$(diskalias validate 'x y' 2>&1); rc=$?
check "validate refuses 'x y' ($rc: $err)" test $rc -ne 0

# two set runs race on one disk: exactly one wins, the other is refused
diskalias set vdb raceA >/tmp/a.out 2>&1 & a=$!
diskalias set vdb raceB >/tmp/b.out 2>&1 & b=$!
wait $a; ra=$?
wait $b; rb=$?
got=$(cat /sys/block/vdb/alias)
echo "race: A=$ra B=$rb alias=$got; $(cat /tmp/a.out /tmp/b.out)"
check "racing sets: exactly one succeeds" test $((ra == 0)) -ne $((rb == 0))
if [ $ra -eq 0 ]; then want=raceA; else want=raceB; fi
check "racing sets: the winner's alias is set ($got)" test "$got" = "$want"
check "racing sets: the loser says why" test -s /tmp/a.out -o -s /tmp/b.out
finish
