#!/bin/bash
# Run on the host: boot once and run BOOT1 in the guest; boot again from
# the same root image and disks with the two virtio-scsi disks swapped (so
# their kernel names swap) and run BOOT2.  The two boots share a state
# directory (run-vm --state-dir), so what boot 1 leaves is there in boot 2.
# vm.persist-reorder (aliases follow their disks) and vm.log-swapped-reboot
# (a saved log names the disks of its own boot) are two such tests.
#
# usage: swapped-reboot-test.sh RUN_VM GUEST_BIN_DIR BOOT1 BOOT2 WHAT
#   BOOT1, BOOT2: guest scripts (e.g. tests/vm/guest/persist-reorder-boot1.sh)
#   WHAT: what passing shows, for the final "ok - WHAT" line
set -u
usage="usage: swapped-reboot-test.sh RUN_VM GUEST_BIN_DIR BOOT1 BOOT2 WHAT"
run_vm=${1:?$usage}
bin=${2:?$usage}
boot1=${3:?$usage}
boot2=${4:?$usage}
what=${5:?$usage}
state=$(mktemp -d "${TMPDIR:-/tmp}/diskalias-swapped.XXXXXX")
trap 'rm -rf "$state"' EXIT

echo "### boot 1: $boot1"
"$run_vm" --bin-dir "$bin" --state-dir "$state" --timeout 300 -- bash "$boot1"
rc=$?
[ $rc -eq 0 ] || { echo "not ok - boot 1 failed ($rc)"; exit 1; }
echo "### boot 2, the two virtio-scsi disks swapped: $boot2"
"$run_vm" --bin-dir "$bin" --state-dir "$state" --swap-scsi --timeout 300 -- \
	bash "$boot2"
rc=$?
[ $rc -eq 0 ] || { echo "not ok - boot 2 failed ($rc)"; exit 1; }
echo "ok - $what"
