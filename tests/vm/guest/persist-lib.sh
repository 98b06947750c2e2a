# Helpers for the persistent-alias tests in the guest; sourced after lib.sh.
# shellcheck shell=bash

# Install the udev rule (diskalias from the share) and have udevd read it.
# Not with "udevadm control --reload": right after it, udevd 252 has taken
# the next event without the new rule (vm.persist-udev-import, once: the
# change event's ALIAS= in udev's database, no DISKALIAS_ALIAS and no link,
# the rule file in place; vm.persist-reorder in CI looked the same).  Why
# is not settled; a udevd started after the copy reads the rule before any
# event.
install_rule() {
	cp /mnt/host/bin/61-diskalias.rules /etc/udev/rules.d/61-diskalias.rules
	udevadm control --exit || echo "# udevadm control --exit: exit $?"
	/lib/systemd/systemd-udevd --daemon
	udevadm settle --timeout=60
}

# The kernel name of the disk with a WWN link wwn-0x$1.
disk_of_wwn() {
	link_target "/dev/disk/by-id/wwn-0x$1"
}

# The alias the kernel holds for disk $1 (empty when unset).
kernel_alias() {
	cat "/sys/block/$1/alias" 2>/dev/null
}
