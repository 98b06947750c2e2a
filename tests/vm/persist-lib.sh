# Helpers for the persistent-alias tests in the guest; sourced after lib.sh.
# shellcheck shell=bash

# Install the udev rule (diskalias from the share) and have udevd read it.
install_rule() {
	cp /mnt/host/bin/61-diskalias.rules /etc/udev/rules.d/61-diskalias.rules
	udevadm control --reload || echo "# udevadm control --reload: exit $?"
}

# The kernel name of the disk with a WWN link wwn-0x$1.
disk_of_wwn() {
	link_target "/dev/disk/by-id/wwn-0x$1"
}

# The alias the kernel holds for disk $1 (empty when unset).
kernel_alias() {
	cat "/sys/block/$1/alias" 2>/dev/null
}
