#!/usr/bin/env bash
# check.sh: the Debian package, built and used the way an admin meets it.
#
#   bash tests/package/check.sh DIST.tar.gz [RELEASE...]   (make check-package)
#
# For each release (default: bookworm trixie, i.e. Debian 12 and 13), from the
# source tarball of `make dist`:
#   1. a fresh minimal root (debootstrap --variant=minbase) gets the
#      Build-Depends from debian/control (apt-get build-dep) and builds the
#      package with dpkg-buildpackage -us -uc -b; timed;
#   2. it builds it a second time from another copy of the tarball, in
#      another directory: the two .deb files must be the same bytes;
#   3. lintian (this machine's) must report no error and no warning that is
#      not overridden in debian/clusterctl.lintian-overrides;
#   4. a second fresh root of the same release, with no build tools, runs
#      `apt install ./clusterctl_*.deb` (apt pulls the runtime libraries)
#      and then the installed clusterctl: version (equal to debian/changelog's),
#      validate and render of every example under /usr/share/doc, man
#      clusterctl (man-db is installed there for it), the bash completion.
#      The install plus the first validate are timed.
# The minimal base roots are made once and kept as tarballs under
# $CLUSTERCTL_ROOTS/../package (default /var/cache/clusterctl/package), named
# by a hash of the code that makes them; every run starts from new copies.
# Needs root (debootstrap, chroot, mount namespaces), debootstrap, lintian and
# dpkg-dev (make deps installs them) and the Debian mirror apt uses.
set -euo pipefail
shopt -s inherit_errexit	# build and base_tar run in $(...): stop there too

TOP=$(cd "$(dirname "$0")/../.." && pwd)
SELF=$TOP/tests/package/check.sh
LAB_ROOT=$TOP/scripts/lab-root.sh
CACHE=${CLUSTERCTL_PACKAGE_ROOTS:-/var/cache/clusterctl/package}
WORK=

say() { printf 'check-package: %s\n' "$*" >&2; }
die() { printf 'check-package: FAIL: %s\n' "$*" >&2; exit 1; }
cleanup() { [ -z "$WORK" ] || rm -rf "$WORK"; }
trap cleanup EXIT

[ $# -ge 1 ] || die "usage: check.sh DIST.tar.gz [RELEASE...]"
DIST=$(readlink -f "$1"); shift
RELEASES=${*:-bookworm trixie}
[ -f "$DIST" ] || die "no source tarball '$DIST' (make dist)"
[ "$(id -u)" = 0 ] || die "needs root (debootstrap, chroot, namespaces)"
for t in debootstrap lintian dpkg-parsechangelog unshare; do
	command -v "$t" >/dev/null || die "needs $t (make deps installs it)"
done

# The lab's way to find the mirror, pick a debootstrap script and run a
# command in a root, taken from scripts/lab-root.sh rather than copied.
LAB_FUNCS=$(sed -n -e '/^script_of() {/,/^}/p' -e '/^mirror() {/,/^}/p' \
	-e '/^in_root() {/,/^}/p' "$LAB_ROOT")
eval "$LAB_FUNCS"
for f in script_of mirror in_root; do
	declare -F "$f" >/dev/null || die "scripts/lab-root.sh has no $f() any more"
done

# What the package must say its version is: debian/changelog, parsed by dpkg
# (the Makefile reads it with awk; the two must agree).
SRCDIR=$(tar -tzf "$DIST" | awk -F/ 'NR == 1 { print $1 }')
VERSION=$(tar -xzOf "$DIST" "$SRCDIR/debian/changelog" | dpkg-parsechangelog -l- -S Version)
[ -n "$VERSION" ] || die "no version in $DIST's debian/changelog"
# the commit's time when there is one (make deb does the same)
EPOCH=$(git -C "$TOP" log -1 --format=%ct 2>/dev/null ||
	tar -xzOf "$DIST" "$SRCDIR/debian/changelog" | dpkg-parsechangelog -l- -S Timestamp)
DEB=clusterctl_${VERSION}_$(dpkg --print-architecture).deb

# ---- base recipe begin
# base_tar SUITE: a minimal root of SUITE as a tarball, made once
base_tar() {
	local suite=$1 id tar tmp
	id=$( { sed -n '/^# ---- base recipe begin/,/^# ---- base recipe end/p' "$SELF";
		echo "$LAB_FUNCS"; } | sha256sum | cut -c1-12)
	tar=$CACHE/$suite-minbase-$id.tar
	[ -f "$tar" ] && { echo "$tar"; return; }
	mkdir -p "$CACHE"
	exec 9>>"$CACHE/.lock-$suite"
	flock -w 900 9 || die "another check.sh holds $CACHE/.lock-$suite"
	if [ ! -f "$tar" ]; then
		tmp=$(mktemp -d /var/tmp/clusterctl-pkg-base.XXXXXX)
		chmod 0755 "$tmp"
		say "making a minimal Debian $suite root (once; cached in $tar)"
		# shellcheck disable=SC2046
		debootstrap --variant=minbase "$suite" "$tmp" "$(mirror)" $(script_of "$suite") \
			>"$CACHE/$suite.log" 2>&1 || { rm -rf "$tmp"; die "debootstrap failed, see $CACHE/$suite.log"; }
		printf '#!/bin/sh\nexit 101\n' >"$tmp/usr/sbin/policy-rc.d"
		chmod 0755 "$tmp/usr/sbin/policy-rc.d"
		in_root "$tmp" apt-get clean
		rm -rf "$tmp"/var/lib/apt/lists/*
		tar -C "$tmp" -cf "$tar.tmp" . && mv "$tar.tmp" "$tar"
		rm -rf "$tmp"
	fi
	exec 9>&-
	echo "$tar"
}
# ---- base recipe end

# fresh_root SUITE NAME: a new copy of the base root, with this machine's DNS
fresh_root() {
	local r=$WORK/$2
	mkdir "$r"
	tar -C "$r" -xf "$(base_tar "$1")"
	cp /etc/resolv.conf "$r/etc/resolv.conf"
	echo "$r"
}

# Seconds since the epoch, with milliseconds, and a difference of two.
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

# build_in ROOT DIR: dpkg-buildpackage of the tarball unpacked in ROOT's DIR
build_in() {
	local r=$1 dir=$2
	mkdir -p "$r$dir"
	tar -C "$r$dir" -xzf "$DIST"
	in_root "$r" sh -c "cd '$dir/$SRCDIR' && SOURCE_DATE_EPOCH=$EPOCH dpkg-buildpackage -us -uc -b" \
		>"$WORK/build-$(basename "$dir").log" 2>&1 ||
		{ tail -n 30 "$WORK/build-$(basename "$dir").log" >&2; die "dpkg-buildpackage failed in $dir"; }
	[ -f "$r$dir/$DEB" ] || die "dpkg-buildpackage made no $DEB"
}

# build SUITE: prints the path of the .deb built (twice) in a fresh root
build() {
	local suite=$1 r t0 t1
	r=$(fresh_root "$suite" "build-$suite")
	in_root "$r" sh -c 'apt-get update -qq && apt-get install -y -qq --no-install-recommends build-essential' \
		>"$WORK/deps-$suite.log" 2>&1 || die "build-essential in the $suite root failed"
	mkdir -p "$r/src" && tar -C "$r/src" -xzf "$DIST"
	in_root "$r" apt-get build-dep -y -qq --no-install-recommends "/src/$SRCDIR" \
		>>"$WORK/deps-$suite.log" 2>&1 || die "apt-get build-dep in the $suite root failed"
	t0=$(now); build_in "$r" /b1; t1=$(now)
	say "$suite: built $DEB in $(secs "$t0" "$t1") s (dpkg-buildpackage; target < 120 s)" >&2
	build_in "$r" /b2
	cmp "$r/b1/$DEB" "$r/b2/$DEB" >&2 || die "$suite: two builds of one source differ"
	say "$suite: a second build from another directory is the same bytes ($(sha256sum <"$r/b1/$DEB" | cut -c1-16))" >&2
	mv "$r/b1/$DEB" "$WORK/$suite-$DEB"
	rm -rf "$r"
	echo "$WORK/$suite-$DEB"
}

# lint DEB: no error, no warning left unexplained
lint() {
	local out
	# lintian warns when run as root; nothing else of it matters here
	out=$(lintian --fail-on error,warning "$1" 2>&1) || die "lintian: $out"
	out=$(printf '%s\n' "$out" | grep -v 'running with root privileges' || true)
	[ -z "$out" ] || say "lintian notes: $out"
	say "lintian: no errors, no warnings (overrides: $(grep -c '^clusterctl:' "$TOP/debian/clusterctl.lintian-overrides"))"
}

# exercise SUITE DEB: install in a fresh root without build tools and run it
exercise() {
	local suite=$1 deb=$2 r t0 t1 dep
	r=$(fresh_root "$suite" "run-$suite")
	cp "$deb" "$r/tmp/$DEB"
	t0=$(now)
	in_root "$r" apt-get update -qq >"$WORK/run-$suite.log" 2>&1 || die "apt-get update in the $suite root failed"
	t1=$(now)
	say "$suite: apt-get update in the fresh root: $(secs "$t0" "$t1") s"
	# man-db first (it is what `man` is); the package's own install is timed
	in_root "$r" apt-get install -y -qq --no-install-recommends man-db \
		>>"$WORK/run-$suite.log" 2>&1 || die "man-db in the $suite root failed"
	in_root "$r" sh -c 'command -v gcc || command -v cc || command -v dpkg-buildpackage || command -v pkg-config' &&
		die "$suite: the install root has build tools"
	t0=$(now)
	in_root "$r" sh -c "apt-get install -y -qq --no-install-recommends /tmp/$DEB && clusterctl validate /usr/share/doc/clusterctl/examples/gcp-g2.yaml" \
		>>"$WORK/run-$suite.log" 2>&1 || { tail -n 20 "$WORK/run-$suite.log" >&2; die "$suite: apt install ./$DEB or the first validate failed"; }
	t1=$(now)
	say "$suite: apt install ./$DEB plus the first validate: $(secs "$t0" "$t1") s (target < 60 s)"
	# the runtime libraries came from the package's Depends, through apt
	for dep in libyaml libjansson libssh libmariadb; do
		dpkg-deb -f "$deb" Depends | grep -q "$dep" || die "$suite: Depends names no $dep"
	done
	in_root "$r" sh -c 'dpkg-query -W -f="\${Package}\n" | grep -E "^lib(yaml|jansson|ssh|mariadb)"' |
		wc -l | grep -qx 4 || die "$suite: apt did not install the four runtime libraries"
	in_root "$r" env SUITE="$suite" VERSION="$VERSION" bash -s <"$TOP/tests/package/in-root.sh" ||
		die "$suite: the installed clusterctl failed (above)"
	rm -rf "$r"
}

WORK=$(mktemp -d /var/tmp/clusterctl-pkg.XXXXXX)
chmod 0755 "$WORK"
# our own copy: a `make clean` meanwhile must not pull it from under the builds
cp "$DIST" "$WORK/" && DIST=$WORK/$(basename "$DIST")
say "clusterctl $VERSION from $(basename "$DIST"), SOURCE_DATE_EPOCH=$EPOCH, on: $RELEASES"
for suite in $RELEASES; do
	deb=$(build "$suite")
	lint "$deb"
	exercise "$suite" "$deb"
	say "$suite: ok"
done
say "ok: built, reproducible, lintian-clean, installed and run on $RELEASES"
