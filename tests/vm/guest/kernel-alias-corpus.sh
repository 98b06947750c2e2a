# One rules corpus, two judges: every entry of tests/data/alias-corpus.txt
# is written to the patched kernel's alias attribute (valid ones each to a
# fresh scsi_debug disk) and given to `diskalias validate`; the kernel, the
# tool and the corpus must agree on every entry.
. tests/vm/guest/kernel-lib.sh
need_alias_attr

corpus=tests/data/alias-corpus.txt
nvalid=$(grep -c '^valid' $corpus)
disks=$( (sdebug_add 40; sdebug_add 40) | grep '^sd')
set -- $disks
spare=$1
shift
echo "corpus: $(grep -cE '^(valid|invalid)' $corpus) entries, $nvalid valid; $# fresh disks"
[ $# -ge "$nvalid" ] || { fail "only $# scsi_debug disks for $nvalid valid entries"; finish; exit; }

n=0 agree=0 cli_n=0 cli_agree=0
while read -r verdict hex rest; do
	case $verdict in valid | invalid) ;; *) continue ;; esac
	n=$((n + 1))
	esc=
	[ "$hex" = - ] || esc=$(sed 's/../\\x&/g' <<<"$hex")
	if [ "$verdict" = valid ]; then
		disk=$1
		shift
	else
		disk=$spare
	fi
	# The kernel: EINVAL is "invalid"; anything else (OK, or EEXIST for
	# an alias an earlier entry already set) is "valid".  sysfs answers a
	# zero-length write with 0 without calling the attribute: it counts
	# as refused when the disk still has no alias.
	got=$(alias_write /sys/block/$disk/alias "$esc")
	if [ "$got" = EINVAL ] ||
		{ [ "$hex" = - ] && [ -z "$(cat /sys/block/$disk/alias)" ]; }; then
		kv=invalid
	else
		kv=valid
	fi
	if [ "$kv" = "$verdict" ]; then
		agree=$((agree + 1))
	else
		fail "kernel says $kv ($got) for $hex, corpus says $verdict $rest"
	fi
	# The tool takes an argument, which cannot hold a NUL byte.
	if [ "$hex" != - ] && grep -qE '^(..)*00' <<<"$hex"; then
		continue
	fi
	printf -v arg "$esc"
	cli_n=$((cli_n + 1))
	if diskalias validate -- "$arg" >/dev/null 2>&1; then cv=valid; else cv=invalid; fi
	if [ "$cv" = "$kv" ]; then
		cli_agree=$((cli_agree + 1))
	else
		fail "diskalias validate says $cv, kernel $kv ($got), for $hex $rest"
	fi
done <$corpus

check "kernel agrees with the corpus on $agree of $n entries" test "$agree" -eq "$n" -a "$n" -gt 200
check "diskalias validate agrees with the kernel on $cli_agree of $cli_n entries" \
	test "$cli_agree" -eq "$cli_n" -a "$cli_n" -gt 150
check "the spare disk never took an alias" test -z "$(cat /sys/block/$spare/alias)"
finish
