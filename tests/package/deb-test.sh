#!/bin/bash
# The Debian package as built by images/build-deb: a build without a
# warning, its name, its files
# (tests/package/deb-contents.txt, nothing more), a udev rule that runs the
# packaged binary, man pages that render, its dependencies, a postinst that
# reloads udev's rules, and no lintian tag at any level, on it or on the
# source package.
#
# usage: deb-test.sh OUTDIR WORKDIR   (the package goes to OUTDIR)
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$root/images/lib.sh"
. "$root/tests/vm/guest/lib.sh"
out=$1 work=$2
rm -rf "$work"
mkdir -p "$work"

need_packages lintian man-db
deb=$("$root/images/build-deb" "$out") || { echo "not ok - images/build-deb failed"; exit 1; }
echo "package: $deb"
# Debian's build flags (hardening, -O2 with _FORTIFY_SOURCE) add checks
# of their own; dpkg-shlibdeps warns about needless libraries.
warnings=$(grep -E '(^|: )warning:' "$out.work/build.log")
[ -z "$warnings" ] || echo "$warnings"
check "the package build logged no warning" test -z "$warnings"
version=$(sed -n 's/^project(diskalias VERSION \([0-9.]*\).*/\1/p' "$root/CMakeLists.txt")
check "named diskalias_${version}_<arch>.deb" \
	test "${deb##*/}" = "diskalias_${version}_$(dpkg-architecture -qDEB_HOST_ARCH).deb"
check "Version: $version" test "$(dpkg-deb -f "$deb" Version)" = "$version"

echo '$ dpkg -c'
listing=$(dpkg -c "$deb")
echo "$listing"
files=$(awk '$1 !~ /^d/ { print $6 }' <<<"$listing" | sort)
if diff -u "$here/deb-contents.txt" - <<<"$files"; then
	pass "its files are deb-contents.txt's"
else
	fail "its files are not deb-contents.txt's (diff above)"
fi
check "the binary is executable, root-owned" \
	grep -Eq '^-rwxr-xr-x root/root .* \./usr/sbin/diskalias$' <<<"$listing"

x=$work/extracted
rm -rf "$x"
dpkg-deb -x "$deb" "$x"
check "diskalias --version says $version" grep -q "$version" <("$x/usr/sbin/diskalias" --version)
rule=$x/usr/lib/udev/rules.d/61-diskalias.rules
check "the rule runs /usr/sbin/diskalias" \
	grep -q 'IMPORT{program}="/usr/sbin/diskalias apply --udev' "$rule"
check "the rule names no other program" test -z "$(grep -o '/[a-z/]*/diskalias ' "$rule" | grep -v '^/usr/sbin/diskalias ')"
for page in man8/diskalias.8 man5/diskalias.conf.5; do
	err=$(MANWIDTH=80 man -l "$x/usr/share/man/$page.gz" 2>&1 >"$work/${page##*/}.txt")
	check "$page renders without a warning" test -z "$err" -a -s "$work/${page##*/}.txt"
done
check "diskalias(8) rendered names the verbs" grep -q 'resolve' "$work/diskalias.8.txt"
check "the completion is diskalias's" grep -q 'complete .*diskalias' \
	"$x/usr/share/bash-completion/completions/diskalias"

depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
check "Depends: libmount1" grep -q 'libmount1' <<<"$depends"
check "Depends: libsmartcols1" grep -q 'libsmartcols1' <<<"$depends"
check "Recommends: udev" test "$(dpkg-deb -f "$deb" Recommends)" = udev

ctl=$work/control
rm -rf "$ctl"
dpkg-deb -e "$deb" "$ctl"
check "postinst reloads udev's rules" grep -q 'udevadm control --reload' "$ctl/postinst"
check "postrm reloads udev's rules" grep -q 'udevadm control --reload' "$ctl/postrm"
for unit in path timer; do
	check "postinst enables diskalias-metrics.$unit" \
		grep -q "deb-systemd-helper enable 'diskalias-metrics.$unit'" "$ctl/postinst"
done
# Guarded: without udevadm, or where it fails (no udevd runs in a chroot
# or a build), configure succeeds.
check "postinst configure succeeds without udevadm" \
	env PATH=/nonexistent /bin/sh "$ctl/postinst" configure
mkdir -p "$work/fakebin"
printf '#!/bin/sh\necho "udevadm: no udevd" >&2\nexit 1\n' >"$work/fakebin/udevadm"
chmod +x "$work/fakebin/udevadm"
check "postinst configure succeeds where udevadm fails" \
	env PATH="$work/fakebin:$PATH" /bin/sh "$ctl/postinst" configure

echo '$ lintian -I -E --pedantic'
tags=$(lintian -I -E --pedantic "$deb" 2>&1 | grep -v 'running with root privileges')
echo "$tags"
check "lintian: no tag at any level" test -z "$tags"
dsc=$(ls "$out.work"/diskalias_*.dsc)
echo "\$ lintian -I -E --pedantic ${dsc##*/}"
tags=$(lintian -I -E --pedantic "$dsc" 2>&1 | grep -v 'running with root privileges')
echo "$tags"
check "lintian on the source package: no tag at any level" test -z "$tags"
finish
