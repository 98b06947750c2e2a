# The name records of the udev rule (diskalias(8), NAME RECORDS) in a real
# journal: journald started by hand (the guest's init is not systemd), the
# rule installed, a scsi_debug disk added, given an entry in the config
# (its next event, a change, applies it) and then deleted.  udev's workers run "apply --udev", which sends one record
# an event: the add (with the alias: the kernel's on a patched kernel, the
# config's on another), the kernel's own alias-set event on a patched
# kernel, and the remove, whose record comes from udev's database (sysfs
# is gone by then).  journald stamps each with the fields no program can
# set (_TRANSPORT=journal, _UID=0) that the tool's trust rule asks for,
# and "journalctl DISKALIAS_ALIAS=data0" lists them; a user's forgery
# through logger comes with _TRANSPORT=syslog.  Prints the records as
# "# " lines.
. tests/vm/guest/lib.sh
. tests/vm/guest/persist-lib.sh

if ! start_journald; then
	fail "journald runs"
	finish
	exit
fi
pass "journald runs"

# records MATCH...: the records journalctl gives for the matches, as JSON
# lines
records() {
	journalctl --no-pager -o json "$@" 2>/dev/null
}
# field RECORD NAME: the field's value
field() {
	jq -r --arg f "$2" '.[$f] // empty | if type == "array" then .[] else . end' <<<"$1"
}
# wait_records N MATCH...: wait (10 s at most) until journald has N
wait_records() {
	local n=$1
	shift
	for _ in $(seq 50); do
		[ "$(records "$@" | grep -c .)" -ge "$n" ] && return
		sleep 0.2
	done
}

rm -f /etc/diskalias.conf
install_rule
d=$(sdebug_add 1 | grep '^sd' | head -n 1)
check "a scsi_debug disk ($d)" test -n "$d"
# scsi_debug's disks are on a pseudo bus: a WWN link, no by-path one
key=$(udevadm info -q symlink -n "/dev/$d" | tr ' ' '\n' | sed -n 's|^disk/by-id/wwn-|/dev/&|p' | head -n 1)
check "$d has a WWN link ($key)" test -n "$key"
echo "alias data0 $key" >/etc/diskalias.conf
# the entry reaches the disk at its next event, a change
udevadm trigger --action=change --settle /dev/"$d" 2>/dev/null ||
	{ udevadm trigger --action=change /dev/"$d"; udevadm settle; }
seq=$(cat /sys/block/"$d"/diskseq)
devnum=$(cat /sys/block/"$d"/dev)
patched=no
[ -e /sys/block/"$d"/alias ] && patched=yes
echo "# $d: diskseq $seq, dev $devnum, alias attribute: $patched"

wait_records 2 DISKALIAS_DISKSEQ="$seq"
all=$(records DISKALIAS_DISKSEQ="$seq")
echo "$all" | jq -r '"# \(.DISKALIAS_EVENT): \(.MESSAGE)"'
add=$(echo "$all" | jq -c 'select(.DISKALIAS_EVENT == "add")')
change=$(echo "$all" | jq -c 'select(.DISKALIAS_EVENT == "change")' | tail -n 1)
check "one add record" test "$(echo "$add" | grep -c .)" = 1
check "... sent by the tool: SYSLOG_IDENTIFIER=diskalias" test "$(field "$add" SYSLOG_IDENTIFIER)" = diskalias
check "... journald says: _TRANSPORT=journal, _UID=0 (comm: $(field "$add" _COMM))" \
	test "$(field "$add" _TRANSPORT):$(field "$add" _UID)" = journal:0
check "... its kernel name, MAJ:MIN" test "$(field "$add" DISKALIAS_DISK) $(field "$add" DISKALIAS_MAJ_MIN)" = "$d $devnum"
check "... its links: $key among them" grep -qxF "$key" <(field "$add" DISKALIAS_LINK)
check "... a key from its links" grep -qxF "$(field "$add" DISKALIAS_KEY)" <(field "$add" DISKALIAS_LINK)
check "a change record after the entry was written" test -n "$change"
check "... with the alias data0" test "$(field "$change" DISKALIAS_ALIAS)" = data0
if [ $patched = yes ]; then
	check "... the kernel's" test "$(field "$change" DISKALIAS_ALIAS_FROM)" = kernel
	check "the kernel's own alias event has its record" \
		test "$(echo "$all" | jq -c 'select(.DISKALIAS_EVENT == "alias-set")' | grep -c .)" = 1
else
	check "... the config's (no alias attribute)" test "$(field "$change" DISKALIAS_ALIAS_FROM)" = config
fi

echo 1 >/sys/block/"$d"/device/delete
udevadm settle --timeout=60
wait_records 1 DISKALIAS_DISKSEQ="$seq" DISKALIAS_EVENT=remove
rm=$(records DISKALIAS_DISKSEQ="$seq" DISKALIAS_EVENT=remove)
echo "$rm" | jq -r '"# \(.DISKALIAS_EVENT): \(.MESSAGE)"'
check "one remove record" test "$(echo "$rm" | grep -c .)" = 1
check "... from udev's database: its links, the alias data0" \
	test "$(field "$rm" DISKALIAS_KEY):$(field "$rm" DISKALIAS_ALIAS)" = "$(field "$add" DISKALIAS_KEY):data0"
n=$(records DISKALIAS_ALIAS=data0 | grep -c .)
check "journalctl DISKALIAS_ALIAS=data0 lists the disk's records ($n)" test "$n" -ge 2

# a user's forgery: the same fields through syslog
setpriv --reuid=65534 --regid=65534 --clear-groups \
	logger -u /run/systemd/journal/dev-log -t diskalias "DISKALIAS_EVENT=add forged"
wait_records 1 SYSLOG_IDENTIFIER=diskalias _TRANSPORT=syslog
forged=$(records SYSLOG_IDENTIFIER=diskalias _TRANSPORT=syslog | tail -n 1)
check "logger -t diskalias as a user: _TRANSPORT=syslog, _UID=65534, which the trust rule refuses" \
	test "$(field "$forged" _TRANSPORT):$(field "$forged" _UID)" = syslog:65534

rm -f /etc/diskalias.conf
kill "$journald"
finish
