# Boot 2 of vm.persist-reorder: the virtio-scsi disks' kernel names have
# swapped; udev applied the aliases at coldplug from /etc/diskalias.conf,
# so each alias is still on its disk.
. tests/vm/guest/lib.sh
. tests/vm/guest/persist-lib.sh

read -r old0 old1 </root/persist-reorder-names
d0=$(disk_of_wwn 5000c500a1b2c3d4)
d1=$(disk_of_wwn 5000c500a1b2c3d5)
echo "boot 1: DASCSI0001 was $old0, DASCSI0002 was $old1; now $d0 and $d1"
check "the kernel names swapped ($old0 -> $d0)" test "$d0" = "$old1" -a "$d1" = "$old0"
check "the rule is still installed" test -e /etc/udev/rules.d/61-diskalias.rules
check "DASCSI0001 ($d0) still has alias data0" test "$(kernel_alias "$d0")" = data0
check "DASCSI0002 ($d1) still has alias logs" test "$(kernel_alias "$d1")" = logs
check_link by-alias/data0 "$d0"
check_link by-alias/logs "$d1"
check "resolve data0 is /dev/$d0" test "$(diskalias resolve data0)" = "/dev/$d0"
diskalias list
list=$(diskalias list -J)
check "list -J: $d0 has alias data0" \
	test "$(jq -r --arg d "$d0" '.disks[] | select(.name == $d) | .alias' <<<"$list")" = data0
check "list -J: $d1 has alias logs" \
	test "$(jq -r --arg d "$d1" '.disks[] | select(.name == $d) | .alias' <<<"$list")" = logs
check "apply finds nothing left to do" diskalias apply
finish
