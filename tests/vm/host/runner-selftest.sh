#!/bin/bash
# The runner must report what happened in the guest: a command's non-zero
# exit status comes back as is, and a guest that hangs is killed at the
# timeout, fails, and shows its console.
set -u
run_vm=${1:?usage: runner-selftest.sh RUN_VM}
fails=0 passes=0
ok() { passes=$((passes + 1)); echo "ok - $*"; }
ko() { fails=$((fails + 1)); echo "not ok - $*"; }

out=$("$run_vm" --timeout 120 -- bash -c 'echo from-the-guest; exit 7' 2>&1)
rc=$?
[ $rc -eq 7 ] && ok "guest exit status 7 comes back" || ko "guest exit status 7 came back as $rc"
grep -q from-the-guest <<<"$out" && ok "guest output comes back" || ko "guest output missing: $out"

out=$("$run_vm" --timeout 120 -- true 2>&1)
rc=$?
[ $rc -eq 0 ] && ok "guest exit status 0 comes back" || ko "guest exit status 0 came back as $rc: $out"

# Long enough for the guest to boot and start the command on a busy host.
out=$("$run_vm" --timeout 90 -- sleep 1000 2>&1)
rc=$?
[ $rc -eq 124 ] && ok "hung guest killed at the timeout (124)" || ko "hung guest gave $rc"
grep -q 'timed out' <<<"$out" && ok "timeout is reported" || ko "no timeout message: $out"
grep -q 'diskalias guest: running' <<<"$out" && ok "console tail shown on timeout" ||
	ko "console tail missing on timeout"

out=$("$run_vm" --timeout 120 -- bash -c 'echo c >/proc/sysrq-trigger' 2>&1)
rc=$?
[ $rc -ne 0 ] && ok "guest that dies reads as failed ($rc)" || ko "guest that died read as success"

echo "$passes passed, $fails failed"
[ $fails -eq 0 ]
