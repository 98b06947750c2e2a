# apply --udev, as the udev rule runs it: matched through DEVLINKS, it
# prints DISKALIAS_ALIAS for IMPORT{program}, which udev imports and turns
# into /dev/disk/by-alias/<alias> (the link a kernel without the alias
# attribute gets from the config alone).  The kernel's own change uevent
# for the alias (DISK_ALIAS_CHANGE=1) makes the link and runs no apply.
. tests/vm/guest/lib.sh
. tests/vm/guest/persist-lib.sh

install_rule
d=$(link_target /dev/disk/by-id/virtio-DAVBLK0001)
echo "alias vblk0 virtio-DAVBLK0001" >/etc/diskalias.conf
devlinks=$(udevadm info -q property -n /dev/$d | sed -n 's/^DEVLINKS=//p')
# udev's side of the events (after the rules), with their properties
mon=/tmp/udev-events.log
udevadm monitor --udev --property --subsystem-match=block >$mon 2>&1 &
monpid=$!
for _ in $(seq 50); do grep -q '^UDEV - ' $mon && break; sleep 0.1; done
out=$(DEVLINKS=$devlinks diskalias apply --udev "$d")
check "apply --udev prints the alias for udev ($out)" test "$out" = DISKALIAS_ALIAS=vblk0
check "and set it in the kernel" test "$(kernel_alias "$d")" = vblk0
# The kernel's change uevent for the new alias carries DISK_ALIAS_CHANGE=1
# (udev keeps a kernel event's own keys out of its database, so it shows
# in the event): the rule makes the link from its ALIAS= and does not run
# apply again, which would print DISKALIAS_ALIAS=vblk0 now that the entry
# exists (the disk's previous event, whose DISKALIAS_ALIAS the rule keeps,
# had none).
udevadm settle --timeout=60
sleep 1
kill $monpid
ev=$(awk -v RS= '/\nDISK_ALIAS_CHANGE=1\n/ && /\nDEVNAME=\/dev\/'"$d"'\n/' $mon)
echo "$ev" | sed 's/^/# /'
check "udev handled the alias's uevent, marked DISK_ALIAS_CHANGE=1" test -n "$ev"
check "... made the by-alias link from its ALIAS=" \
	grep -q "^DEVLINKS=.*/dev/disk/by-alias/vblk0" <<<"$ev"
check "... and ran no apply for it (no DISKALIAS_ALIAS)" \
	bash -c '! grep -q "^DISKALIAS_ALIAS=" <<<"$1"' _ "$ev"
check_link by-alias/vblk0 "$d"
udevadm trigger --action=change --settle /dev/$d 2>/dev/null || { udevadm trigger --action=change /dev/$d; udevadm settle; }
check "udev imported DISKALIAS_ALIAS" grep -qx 'E: DISKALIAS_ALIAS=vblk0' <(udevadm info /dev/$d)
check_link by-alias/vblk0 "$d"
rm -f /etc/diskalias.conf
finish
