#!/bin/bash
# Host side of vm.kernel-alias-consumers: the answer to 2011's "user space
# can do it", on the readers of the kernel's log that no user space serves.
# Two boots on one state directory, the guest's RAM in a file there
# (run-vm --pstore):
#  1. the user-space path (journald and udev links, guest/kernel-journal-links.sh),
#     then an I/O error on a disk with the alias data0, sent by netconsole
#     to a UDP listener here (run-vm --netconsole), and a forced panic,
#     whose serial console run-vm keeps;
#  2. pstore's ramoops gives the first boot's panic log back.
# Each of netconsole, the console and pstore must have the error line
# ending with " (alias data0)".  On a kernel without the series they get
# the line without it, and the test fails (RUN_VM_ARGS: --kernel FILE).
#
# usage: kernel-alias-consumers-test.sh RUN_VM GUEST_BIN_DIR [RUN_VM_ARGS...]
set -u
usage="usage: kernel-alias-consumers-test.sh RUN_VM GUEST_BIN_DIR [RUN_VM_ARGS...]"
run_vm=${1:?$usage}
bin=${2:?$usage}
shift 2
fails=0
ok() { echo "ok - $*"; }
ko() { fails=$((fails + 1)); echo "not ok - $*"; }
state=$(mktemp -d "${TMPDIR:-/tmp}/diskalias-consumers.XXXXXX")
listener=
trap '[ -z "$listener" ] || kill "$listener" 2>/dev/null; rm -rf "$state"' EXIT

# netconsole's receiver: every datagram to 127.0.0.1:PORT (an ephemeral
# port, as guests run in parallel), appended to a file.
python3 -u -c '
import socket, sys
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.bind(("127.0.0.1", 0))
print(s.getsockname()[1], flush=True)
with open(sys.argv[1], "ab", buffering=0) as f:
    while True:
        f.write(s.recv(65536))
' "$state/netconsole.txt" >"$state/port" &
listener=$!
for _ in $(seq 50); do
	[ -s "$state/port" ] && break
	sleep 0.1
done
port=$(cat "$state/port")
[ -n "$port" ] || { echo "not ok - no UDP listener"; exit 1; }

echo "### boot 1: the journal, netconsole (UDP port $port), an I/O error, a panic"
"$run_vm" --bin-dir "$bin" --state-dir "$state" --timeout 600 --netconsole "$port" \
	--pstore "$state/ram" "$@" -- bash tests/vm/guest/kernel-alias-consumers.sh boot1 |
	tee "$state/boot1.txt"
rc=${PIPESTATUS[0]}
# the next boot writes its own console.log
cp "$state/console.log" "$state/console1.log" 2>/dev/null
[ "$rc" -eq 0 ] && ok "boot 1 passed" || ko "boot 1 failed ($rc)"
line=$(sed -n 's/^# line: //p' "$state/boot1.txt" | tail -n 1)
if [ -z "$line" ]; then
	ko "boot 1 made no error line"
else
	# netconsole and the console print the record's timestamp first.
	got=$(tr -d '\r' <"$state/netconsole.txt" | grep -F -- "] $line" | tail -n 1)
	echo "# netconsole: ${got#*] }"
	[ -n "$got" ] && [ "${got% (alias data0)}" != "$got" ] &&
		ok "netconsole received the error line with its alias" ||
		ko "netconsole did not receive the line with its alias ($(wc -l <"$state/netconsole.txt") lines received)"
	got=$(tr -d '\r' <"$state/console1.log" | grep -F -- "] $line" | tail -n 1)
	echo "# console: ${got#*] }"
	[ -n "$got" ] && [ "${got% (alias data0)}" != "$got" ] &&
		ok "the serial console has the error line with its alias" ||
		ko "the serial console has no error line with its alias"
	grep -q "Kernel panic - not syncing: sysrq triggered crash" "$state/console1.log" &&
		ok "... and the panic after it" || ko "no panic on the console"
fi

echo "### boot 2: pstore"
"$run_vm" --bin-dir "$bin" --state-dir "$state" --timeout 300 \
	--pstore "$state/ram" "$@" -- bash tests/vm/guest/kernel-alias-consumers.sh boot2
rc=$?
[ "$rc" -eq 0 ] && ok "boot 2 found the error line with its alias in pstore" ||
	ko "boot 2 failed ($rc)"
[ "$fails" -eq 0 ]
