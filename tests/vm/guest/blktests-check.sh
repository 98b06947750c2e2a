# shellcheck shell=bash
# Runs in the guest for tests/run-blktests: blktests' ./check on the
# guest's own disk (loop tests put backing files in its TMPDIR, which 9p
# cannot back), with configfs (null_blk's devices) and cgroup2 mounted and
# the second virtio-scsi disk as TEST_DEVS.  Writes one line a test run to
# results.tsv in the share: the test, " => TEST_DEV" for a run on the test
# device, " (CONDITION)" for one of a test's conditions, a tab and passed,
# failed or skipped; and blktests' result files to results/.
#
# usage: bash tests/vm/guest/blktests-check.sh TIMEOUT QUICK EXCLUDE TEST...
#   TIMEOUT  blktests' TIMEOUT (seconds), QUICK 1 for its quick mode,
#   EXCLUDE  tests or groups to leave out, space-separated ("" for none)
set -u
share=$PWD
timeout=$1 quick=$2 exclude=$3
shift 3

rm -rf /root/blktests /root/results
cp -a "$share/blktests" /root/blktests
cd /root/blktests || exit 1

# null_blk makes its devices through configfs (a module null_blk pulls in).
modprobe -q configfs 2>/dev/null
findmnt -t configfs /sys/kernel/config >/dev/null ||
	mount -t configfs configfs /sys/kernel/config

# The io controller's tests (block/027, 037) need cgroup2 mounted.
findmnt -t cgroup2 /sys/fs/cgroup >/dev/null ||
	mount -t cgroup2 cgroup2 /sys/fs/cgroup

# The second virtio-scsi disk (run-vm's WWN 0x5000c500a1b2c3d5): a SCSI
# disk with sg, so the scsi group's device tests run too.
test_dev=$(readlink -f /dev/disk/by-id/wwn-0x5000c500a1b2c3d5)
[ -b "$test_dev" ] || { echo "blktests-check: no test disk (wwn-0x5000c500a1b2c3d5)"; exit 1; }
{
	echo "TEST_DEVS=($test_dev)"
	echo "TIMEOUT=$timeout"
	[ "$quick" = 1 ] && echo "QUICK_RUN=1"
	# shellcheck disable=SC2086
	[ -n "$exclude" ] && echo "EXCLUDE=($exclude)"
} >config
echo "blktests: kernel $(uname -r), TEST_DEVS=($test_dev), TIMEOUT=$timeout${exclude:+, EXCLUDE=($exclude)}$([ "$quick" = 1 ] && echo ', quick')"

./check -o /root/results "$@"
rc=$?

# results/<nodev|disk>[_CONDITION]/<group>/<test>: "status<TAB>pass" etc.
dev=${test_dev##*/}
find /root/results -mindepth 3 -maxdepth 3 -type f ! -name '*.*' | sort |
	while read -r f; do
		rel=${f#/root/results/}
		where=${rel%%/*} test=${rel#*/}
		case $where in
		nodev*) cond=${where#nodev} key=$test ;;
		"$dev"*) cond=${where#"$dev"} key="$test => TEST_DEV" ;;
		*) continue ;;
		esac
		[ -z "$cond" ] || key+=" (${cond#_})"
		status=$(awk -F '\t' '$1 == "status" { print $2 }' "$f")
		case $status in
		pass) status=passed ;;
		fail) status=failed ;;
		*) status=skipped ;;
		esac
		printf '%s\t%s\n' "$key" "$status"
	done >"$share/results.tsv"
rm -rf "$share/results"
cp -a /root/results "$share/results"
# ./check's status is 1 whenever a test failed: the host compares.
[ -s "$share/results.tsv" ] || { echo "blktests-check: ./check gave no results (exit $rc)"; exit 1; }
exit 0
