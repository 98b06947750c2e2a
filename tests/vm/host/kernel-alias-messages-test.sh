#!/bin/bash
# Host side of vm.kernel-alias-messages: boot the guest to run
# tests/vm/guest/kernel-alias-messages.sh, then run the kernel rules of Debian's
# logcheck-database (/etc/logcheck/*/kernel) over the pairs of lines it
# printed, each as syslog writes it: every rule that matches the line about
# the disk without an alias must, with its trailing '$' removed, match the
# line about the aliased disk.  Log parsers keep working on aliased disks.
# tests/data/kernel-log-rules.txt adds rules in the style of monitoring
# setups for the lines logcheck ignores or does not know.
#
# usage: kernel-alias-messages-test.sh RUN_VM GUEST_BIN_DIR
set -euo pipefail
run_vm=$1 bindir=$2
root=$(cd "$(dirname "$0")/../../.." && pwd)
. "$root/images/lib.sh"
need_packages logcheck-database

out=$(mktemp)
trap 'rm -f "$out"' EXIT
rc=0
"$run_vm" --bin-dir "$bindir" -- bash tests/vm/guest/kernel-alias-messages.sh >"$out" 2>&1 || rc=$?
grep -v '^logcheck-pair' "$out"
[ "$rc" -eq 0 ] || { echo "not ok - the guest test failed (status $rc)"; exit 1; }

python3 - "$out" /etc/logcheck/*/kernel "$root/tests/data/kernel-log-rules.txt" <<'EOF'
import subprocess, sys

pairs = []
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    if line.startswith("logcheck-pair\t"):
        _, plain, aliased = line.rstrip("\n").split("\t")
        # as rsyslog writes a kernel line, with the kernel's timestamp
        syslog = "Dec  3 12:34:56 diskalias-guest kernel: "
        pairs.append((syslog + plain, syslog + aliased))

def matches(rule, lines):
    """Indexes of the lines that grep -E matches with rule."""
    r = subprocess.run(["grep", "-E", "-n", "-e", rule],
                       input="\n".join(lines) + "\n", capture_output=True,
                       text=True)
    if r.returncode > 1:
        sys.exit(f"grep -E failed on rule {rule!r}: {r.stderr.strip()}")
    return {int(l.split(":", 1)[0]) - 1 for l in r.stdout.splitlines()}

plain = [p for p, _ in pairs]
aliased = [a for _, a in pairs]
rules = hits = 0
fails = []
for path in sys.argv[2:]:
    for rule in open(path, encoding="utf-8"):
        rule = rule.rstrip("\n")
        if not rule or rule.startswith("#"):
            continue
        rules += 1
        on_plain = matches(rule, plain)
        if not on_plain:
            continue
        loose = rule[:-1] if rule.endswith("$") else rule
        on_aliased = matches(loose, aliased)
        for i in sorted(on_plain):
            hits += 1
            if i not in on_aliased:
                fails.append(f"{path}: {rule}\n    plain:   {plain[i]}\n    aliased: {aliased[i]}")

passed = failed = 0
def check(ok, what):
    global passed, failed
    print(("ok - " if ok else "not ok - ") + what)
    passed, failed = passed + ok, failed + (not ok)

check(len(pairs) >= 9, f"the guest printed {len(pairs)} pairs of lines")
check(rules > 0, f"{rules} logcheck kernel rules in {len(sys.argv) - 2} files")
check(hits > 0, f"{hits} (rule, line) matches on the lines about the plain disk")
for f in fails:
    print(f)
check(not fails, f"all {hits} match the aliased disk's lines too ({len(fails)} do not)")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
EOF
