# The Debian package installed in the guest, and tested as installed: run
# with run-vm --bin-dir holding the .deb alone, so no built binary or rule
# is in the share.  apt-get installs it (no network: its dependencies are
# in the image); diskalias is /usr/sbin/diskalias; udev, with no other
# diskalias rule anywhere, applies a persistent alias to a hotplugged disk
# through /usr/lib/udev/rules.d/61-diskalias.rules; man renders both pages;
# apt-get remove takes the rule away and udev stops applying aliases.
. tests/vm/guest/kernel-lib.sh
. tests/vm/guest/persist-lib.sh

deb=$(ls /mnt/host/bin/diskalias_*.deb 2>/dev/null | head -n 1)
check "the share has the package ($deb) and no built diskalias" \
	test -n "$deb" -a ! -e /mnt/host/bin/diskalias -a ! -e /mnt/host/bin/61-diskalias.rules
rm -f /etc/udev/rules.d/*diskalias* /etc/diskalias.conf
echo "\$ apt-get install ${deb##*/}"
DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$deb" 2>&1 |
	grep -vE '^(Reading|Building) ' | tail -n 8
check "apt-get installed diskalias" \
	test "$(dpkg-query -W -f='${Status}' diskalias 2>/dev/null)" = "install ok installed"
check "diskalias is /usr/sbin/diskalias" test "$(command -v diskalias)" = /usr/sbin/diskalias
check "dpkg -S: /usr/sbin/diskalias is the package's" \
	grep -q '^diskalias: /usr/sbin/diskalias$' <(dpkg -S /usr/sbin/diskalias)
rule=/usr/lib/udev/rules.d/61-diskalias.rules
check "dpkg -S: $rule is the package's" grep -q "^diskalias: $rule\$" <(dpkg -S "$rule")
others=$(ls /etc/udev/rules.d /run/udev/rules.d /usr/local/lib/udev/rules.d 2>/dev/null | grep diskalias)
check "no other diskalias rule (${others:-none})" test -z "$others"
check "diskalias --version runs" diskalias --version

# udevd reads the rule: rules.d is scanned when a rule file is read.
check "udevadm test reads $rule" \
	grep -q "$rule" <(udevadm test --action=add /sys/block/sda 2>&1)

# A hotplugged disk with a config entry gets its alias from udev.
d=$(sdebug_add 1 | grep '^sd' | head -n 1)
check "scsi_debug added a disk ($d)" test -n "$d"
host=host$(basename "$(readlink -f /sys/block/$d/device)" | cut -d: -f1)
# replug DISK: delete the disk and scan its host again; prints the new
# kernel name.
replug() {
	echo 1 >"/sys/block/$1/device/delete"
	udevadm settle --timeout=60
	scsi_rescan "$host"
}
check "set --persist $d pkg0" diskalias set --persist "$d" pkg0
d=$(replug "$d")
check "the disk came back after the replug (as ${d:-nothing})" test -n "$d"
check "udev gave the replugged disk $d its alias" test "$(kernel_alias "$d")" = pkg0
check "the rule ran /usr/sbin/diskalias: DISKALIAS_ALIAS=pkg0 in udev's database" \
	grep -qx 'E: DISKALIAS_ALIAS=pkg0' <(udevadm info --query=all "/sys/block/$d")
check_link by-alias/pkg0 "$d"
diskalias list -o NAME,ALIAS,CONF-ALIAS,CONF-STATE 2>/dev/null || diskalias list -o NAME,ALIAS

# The man pages, as man finds them.
for page in 'diskalias' '5 diskalias.conf'; do
	# shellcheck disable=SC2086
	MANWIDTH=80 man $page >/tmp/man.out 2>/tmp/man.err
	check "man $page renders" grep -q '^NAME' /tmp/man.out
	check "man $page: nothing on stderr" test ! -s /tmp/man.err
	cat /tmp/man.err
done
echo "\$ man diskalias | head"
MANWIDTH=80 man diskalias 2>&1 | head -n 12
check "the completion is installed" \
	bash -c '. /usr/share/bash-completion/completions/diskalias && complete -p diskalias'

# Removed, the rule is gone and udev applies no alias any more.
echo '$ apt-get remove diskalias'
DEBIAN_FRONTEND=noninteractive apt-get remove -y -q diskalias 2>&1 | grep -E '^Removing' || true
check "the rule is gone" test ! -e "$rule"
check "the binary is gone" test ! -e /usr/sbin/diskalias
check "the config stays" grep -q pkg0 /etc/diskalias.conf
d=$(replug "$d")
check "the disk came back after the second replug (as ${d:-nothing})" test -n "$d"
check "udev gave $d no alias after the removal" test -z "$(kernel_alias "$d")"
echo -1 >$sdebug/add_host
udevadm settle --timeout=60
finish
