#!/bin/bash
# vm.log-swapped-reboot, run on the host: boot once, alias the two
# virtio-scsi disks, make both log I/O errors and save the log; boot again
# from the same root image with the two disks swapped (so their kernel
# names swap) and annotate the saved log: each error line must name the
# disk that logged it, not today's disk of that name.
#
# usage: log-swapped-test.sh RUN_VM GUEST_BIN_DIR
set -u
run_vm=${1:?usage: log-swapped-test.sh RUN_VM GUEST_BIN_DIR}
bin=${2:?usage: log-swapped-test.sh RUN_VM GUEST_BIN_DIR}
state=$(mktemp -d "${TMPDIR:-/tmp}/diskalias-log-swapped.XXXXXX")
trap 'rm -rf "$state"' EXIT

echo "### boot 1: aliases, I/O errors, the log saved"
"$run_vm" --bin-dir "$bin" --state-dir "$state" --timeout 300 -- \
	bash tests/vm/log-swapped-boot1.sh
rc=$?
[ $rc -eq 0 ] || { echo "not ok - boot 1 failed ($rc)"; exit 1; }
echo "### boot 2: the two virtio-scsi disks swapped"
"$run_vm" --bin-dir "$bin" --state-dir "$state" --swap-scsi --timeout 300 -- \
	bash tests/vm/log-swapped-boot2.sh
rc=$?
[ $rc -eq 0 ] || { echo "not ok - boot 2 failed ($rc)"; exit 1; }
echo "ok - the saved log names the disks of its own boot after a reboot with swapped names"
