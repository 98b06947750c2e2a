#!/bin/bash
# The demo's two boots (images/demo, vm.demo), run on the host: boot 1
# installs the package from DEB_DIR and names two disks with --persist;
# boot 2, from the same root image and disks with the two virtio-scsi disks
# swapped, shows that the aliases followed them and what the kernel and
# diskalias log say when data0 fails.  Fails when a boot does.
#
# usage: demo-test.sh RUN_VM DEB_DIR
set -u
run_vm=${1:?usage: demo-test.sh RUN_VM DEB_DIR}
debs=${2:?usage: demo-test.sh RUN_VM DEB_DIR}
state=$(mktemp -d "${TMPDIR:-/tmp}/diskalias-demo.XXXXXX")
trap 'rm -rf "$state"' EXIT

"$run_vm" --bin-dir "$debs" --state-dir "$state" --timeout 600 -- bash tests/vm/guest/demo.sh boot1 ||
	exit
echo
echo "### rebooting with the two virtio-scsi disks swapped (--swap-scsi)"
"$run_vm" --bin-dir "$debs" --state-dir "$state" --swap-scsi --timeout 600 -- bash tests/vm/guest/demo.sh boot2
