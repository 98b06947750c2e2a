# A scsi_debug disk with an entry in /etc/diskalias.conf gets its alias
# from udev as it appears, within "udevadm settle", and its by-alias link.
. tests/vm/guest/kernel-lib.sh
. tests/vm/guest/persist-lib.sh

rm -f /etc/diskalias.conf
install_rule
d=$(sdebug_add 1 | grep '^sd' | head -n 1)
check "scsi_debug added a disk ($d)" test -n "$d"
hctl=$(basename "$(readlink -f /sys/block/$d/device)")
host=host${hctl%%:*}
check "no entry yet: no alias" test -z "$(kernel_alias $d)"

# Record it: set --persist sets the alias and writes the entry.
check "set --persist $d hot0" diskalias set --persist "$d" hot0
cat /etc/diskalias.conf
check "the entry is keyed by a by-id link" grep -Eq '^alias hot0 /dev/disk/by-id/' /etc/diskalias.conf

# Unplug the disk (its alias goes with it), then plug it back.
echo 1 >/sys/block/$d/device/delete
udevadm settle --timeout=30
check "the disk is gone" test ! -e /sys/block/$d
check "so is its by-alias link" test ! -e /dev/disk/by-alias/hot0
d2=$(scsi_rescan "$host")
echo "back as $d2"
check "the disk is back ($d2)" test -n "$d2" -a -e "/sys/block/$d2"
check "udev set its alias within udevadm settle" test "$(kernel_alias "$d2")" = hot0
check_link by-alias/hot0 "$d2"
check "resolve hot0 finds it" test "$(diskalias resolve hot0)" = "/dev/$d2"
diskalias list -o NAME,ALIAS,CONF-ALIAS 2>/dev/null || diskalias list -o NAME,ALIAS

# A config entry for a disk whose alias the kernel already gave to
# another disk is refused in words (udev logs it), nothing else breaks.
check "forget hot0" diskalias forget hot0
check "the entry is gone" test ! -s /etc/diskalias.conf
check "the kernel keeps the alias" test "$(kernel_alias "$d2")" = hot0
echo -1 >$sdebug/add_host
udevadm settle --timeout=30
finish
