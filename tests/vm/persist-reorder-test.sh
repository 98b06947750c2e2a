#!/bin/bash
# vm.persist-reorder, run on the host: boot once and set --persist two
# aliases; boot again from the same root image and disks with the two
# virtio-scsi disks swapped (so their kernel names swap); the aliases
# must have followed the disks.
#
# usage: persist-reorder-test.sh RUN_VM GUEST_BIN_DIR
set -u
run_vm=${1:?usage: persist-reorder-test.sh RUN_VM GUEST_BIN_DIR}
bin=${2:?usage: persist-reorder-test.sh RUN_VM GUEST_BIN_DIR}
state=$(mktemp -d "${TMPDIR:-/tmp}/diskalias-reorder.XXXXXX")
trap 'rm -rf "$state"' EXIT

echo "### boot 1: set --persist"
"$run_vm" --bin-dir "$bin" --state-dir "$state" --timeout 300 -- \
	bash tests/vm/persist-reorder-boot1.sh
rc=$?
[ $rc -eq 0 ] || { echo "not ok - boot 1 failed ($rc)"; exit 1; }
echo "### boot 2: the two virtio-scsi disks swapped"
"$run_vm" --bin-dir "$bin" --state-dir "$state" --swap-scsi --timeout 300 -- \
	bash tests/vm/persist-reorder-boot2.sh
rc=$?
[ $rc -eq 0 ] || { echo "not ok - boot 2 failed ($rc)"; exit 1; }
echo "ok - aliases followed their disks across a reboot with swapped names"
