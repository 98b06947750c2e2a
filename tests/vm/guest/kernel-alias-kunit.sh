# The disk alias KUnit suites ran at boot: read their KTAP from the kernel
# log and check each suite, each case and each parameter's own result line.
# disk_alias_rules: the validator, table-driven; disk_alias_table: the
# table of aliases on disks the suite adds and deletes, the attribute's
# write (store), a disk freed without del_gendisk() (free), concurrent set
# and release (race), and a hidden path disk's suffix (path);
# scsi_logging_alias: SCSI log lines read back from the kernel log, the
# alias at the end of a line cut at the 128-byte buffer included.
. tests/vm/guest/kernel-lib.sh

# The suite runs at boot only with kunit.enable=1 (or KUNIT_DEFAULT_ENABLED).
check "KUnit is enabled (no 'kunit: disabled' in the log)" \
	sh -c '! dmesg | grep -q "kunit: disabled"'
suite_ktap() {
	dmesg --notime | sed -n "/^    # Subtest: $1\$/,/^ok [0-9]* $1\$/p"
}
# check_suite SUITE PREFIX CASE...: the suite's KTAP is in the log and ok,
# no case failed, each CASE (PREFIX CASE) has its own ok line, and the
# totals count exactly these cases, all passed
check_suite() {
	local suite=$1 prefix=$2 ktap n c total
	shift 2
	ktap=$(suite_ktap "$suite")
	echo "$ktap"
	check "KTAP of the $suite suite is in the kernel log" test -n "$ktap"
	check "$suite: ok" grep -qE "^ok [0-9]+ $suite\$" <<<"$ktap"
	n=$(grep -c 'not ok' <<<"$ktap")
	check "no 'not ok' in $suite ($n)" test "$n" -eq 0
	for c in "$@"; do
		check "$suite case $c: ok" \
			grep -qE "^    ok [0-9]+ $prefix$c\$" <<<"$ktap"
	done
	total=$(grep -E '^# Totals: ' <<<"$ktap")
	check "$suite totals: '$total'" \
		test "$total" = "# Totals: pass:$# fail:0 skip:0 total:$#"
}
check_suite disk_alias_table disk_alias_test_ write_once other_alias \
	disk_name partition_name release release_unset suffix drop free \
	uevent store race path
check_suite scsi_logging_alias scsi_log_test_ line trailing_space cut \
	no_alias continued
# the cut line as the kernel log has it: the 128-byte buffer's 127 bytes,
# then the alias
cut=$(dmesg --notime | sed -n 's/^.*kunit-scsi: \(\[sdkunitc\] x*\) (alias kunit-cut)$/\1/p' | tail -n 1)
check "the cut SCSI line has 127 bytes before its alias in the log (${#cut})" \
	test "${#cut}" -eq 127

ktap=$(suite_ktap disk_alias_rules)
# the case-level lines (parameters are counted below, not printed)
echo "$ktap" | grep -v '^        ok '
check "KTAP of the disk_alias_rules suite is in the kernel log" test -n "$ktap"
check "disk_alias_rules: ok" grep -qE '^ok [0-9]+ disk_alias_rules$' <<<"$ktap"
n=$(grep -c 'not ok' <<<"$ktap")
check "no 'not ok' in disk_alias_rules ($n)" test "$n" -eq 0

# case_ktap NAME: the KTAP lines of one parameterised case
case_ktap() {
	sed -n "/^        # Subtest: $1\$/,/^    ok [0-9]* $1\$/p" <<<"$ktap"
}

while read -r name want; do
	k=$(case_ktap "$name")
	check "case $name: ok" grep -qE "^    ok [0-9]+ $name\$" <<<"$k"
	n=$(grep -cE '^        ok [0-9]+ ' <<<"$k")
	check "case $name: $want parameter lines ok ($n)" test "$n" -eq "$want"
	s=$(grep -E "^    # $name: pass:" <<<"$ktap")
	check "case $name: '${s#    }'" \
		test "$s" = "    # $name: pass:$want fail:0 skip:0 total:$want"
done <<'CASES'
disk_alias_test_byte 256
disk_alias_test_length 12
disk_alias_test_newline 65
disk_alias_test_string 17
CASES

k=$(case_ktap disk_alias_test_byte)
missing=$(for i in $(seq 0 255); do
	b=$(printf '0x%02x' "$i")
	grep -qE "^        ok [0-9]+ byte $b\$" <<<"$k" || echo "$b"
done)
check "every byte 0x00-0xff has its own ok line${missing:+ (missing: $missing)}" test -z "$missing"
k=$(case_ktap disk_alias_test_newline)
missing=$(for i in $(seq 0 64); do
	grep -qE "^        ok [0-9]+ newline at $i\$" <<<"$k" || echo "$i"
done)
check "a newline at every position 0-64 has its own ok line${missing:+ (missing: $missing)}" test -z "$missing"
k=$(case_ktap disk_alias_test_length)
for l in 0 1 63 64 65; do
	for nl in "" " and newline"; do
		check "length $l$nl: ok" grep -qE "^        ok [0-9]+ length $l$nl\$" <<<"$k"
	done
done
k=$(case_ktap disk_alias_test_string)
for s in "plain" "trailing newline" "newline alone" "two trailing newlines" \
	"embedded NUL" "Latin-1 e acute" "UTF-8 e acute"; do
	check "string case '$s': ok" grep -qE "^        ok [0-9]+ $s\$" <<<"$k"
done
total=$(grep -E '^# Totals: ' <<<"$ktap")
check "disk_alias_rules totals: '$total'" test "$total" = "# Totals: pass:350 fail:0 skip:0 total:350"
finish
