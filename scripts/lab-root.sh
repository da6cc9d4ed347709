#!/usr/bin/env bash
# lab-root.sh - the Slurm generations the lab can run, and the Debian roots
# that carry the newer ones.
#
#   lab-root.sh path VERSION     print the root of VERSION (empty: the machine's
#                                own /usr, i.e. Debian 12's Slurm 22.05)
#   lab-root.sh ensure VERSION   make that root when it is missing, then print it
#
# VERSION is 22.05 (Debian 12, the machine's own packages), 24.11 (Debian 13
# "trixie": Slurm 24.11, MariaDB 11.8) or 26.05 (Debian testing "forky": Slurm
# 26.05). Debian 12's debootstrap has no forky script, so the sid one serves;
# the registry this machine reaches serves testing with a Valid-Until that has
# passed, so apt in that root runs with Check-Valid-Until off. A root is made once with debootstrap
# from the Debian mirror apt already uses (/etc/apt/sources.list*), with a
# policy-rc.d that starts nothing, and shared by every lab on the machine:
# /var/cache/clusterctl/roots/<suite>-<recipe hash> (CLUSTERCTL_ROOTS moves
# it). The name carries a hash of the recipe (the part of this script between
# the "recipe" marks), so a changed recipe makes a new root, and a root in use
# by a running lab is never replaced under it; old roots stay until removed by
# hand (about 700 MB each). Two
# callers at once: the second waits on the lock, then finds the root made. A
# root is complete only once renamed into place (a killed build leaves a
# *.tmp.* directory, removed by the next build). Nothing of the machine's /etc,
# /usr or services is touched: the package scripts run in the root, in a mount
# namespace of their own.
set -euo pipefail

ROOTS=${CLUSTERCTL_ROOTS:-/var/cache/clusterctl/roots}
SELF=$(readlink -f "${BASH_SOURCE[0]}")

die() { printf 'lab-root: error: %s\n' "$*" >&2; exit 1; }
say() { printf 'lab-root: %s\n' "$*" >&2; }

# ---- recipe begin
# suite_of VERSION: the Debian suite that ships it ("" = the machine's own)
suite_of() {
	case $1 in
	22.05) echo "" ;;
	24.11) echo trixie ;;
	26.05) echo forky ;;
	*) die "unknown Slurm version '$1' (22.05, 24.11 or 26.05)" ;;
	esac
}

# script_of SUITE: the debootstrap script to use when it has none of its own
script_of() {
	[ -e "/usr/share/debootstrap/scripts/$1" ] || echo /usr/share/debootstrap/scripts/sid
}

PKGS="slurmctld slurmd slurmdbd slurm-client sackd munge mariadb-server mariadb-client
openssh-server iproute2 procps"

root_of() {
	local suite hash
	suite=$(suite_of "$1")
	[ -n "$suite" ] || return 0
	hash=$(sed -n '/^# ---- recipe begin/,/^# ---- recipe end/p' "$SELF" | sha256sum | cut -c1-12)
	echo "$ROOTS/$suite-$hash"
}

# mirror: the first Debian archive URI apt uses for the machine's own suite
mirror() {
	local codename m
	codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
	m=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
		awk -v c="$codename" '$1 == "deb" && $3 == c { print $2; exit }')
	if [ -z "$m" ]; then
		m=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk -v c="$codename" '
			/^[ \t]*$/ { if (uri != "" && suite) { print uri; exit } uri = ""; suite = 0; next }
			tolower($1) == "uris:" { uri = $2 }
			tolower($1) == "suites:" { for (i = 2; i <= NF; i++) if ($i == c) suite = 1 }
			END { if (uri != "" && suite) print uri }' | head -n 1)
	fi
	[ -n "$m" ] || die "no Debian mirror for '$codename' in /etc/apt/sources.list*"
	echo "$m"
}

# in_root ROOT CMD...: CMD chrooted into ROOT with /proc and /dev, in a private
# mount namespace (the mounts vanish with it)
in_root() {
	local r=$1; shift
	unshare --mount --propagation private -- sh -c '
		r=$1; shift
		mount -t proc proc "$r/proc" && mount --rbind /dev "$r/dev" &&
		exec chroot "$r" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
			DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8 "$@"' sh "$r" "$@"
}

build() {
	local suite=$1 dst=$2 tmp m
	tmp=$dst.tmp.$$
	m=$(mirror)
	command -v debootstrap >/dev/null || die "debootstrap is missing (scripts/install-deps.sh)"
	rm -rf "$dst".tmp.*
	say "making a Debian $suite root in $dst (debootstrap from $m, then Slurm; about a minute)"
	# shellcheck disable=SC2046
	debootstrap --variant=minbase "$suite" "$tmp" "$m" $(script_of "$suite") >"$ROOTS/$suite.log" 2>&1 ||
		die "debootstrap failed, see $ROOTS/$suite.log"
	[ "$suite" != forky ] ||
		echo 'Acquire::Check-Valid-Until "false";' >"$tmp/etc/apt/apt.conf.d/99clusterctl-valid-until"
	printf '#!/bin/sh\n# lab root: no package starts a daemon\nexit 101\n' >"$tmp/usr/sbin/policy-rc.d"
	chmod 0755 "$tmp/usr/sbin/policy-rc.d"
	cp /etc/resolv.conf "$tmp/etc/resolv.conf"
	# shellcheck disable=SC2086
	{ in_root "$tmp" apt-get update -qq &&
	  in_root "$tmp" apt-get install -y -qq --no-install-recommends $PKGS &&
	  in_root "$tmp" apt-get clean; } >>"$ROOTS/$suite.log" 2>&1 ||
		die "package install in the $suite root failed, see $ROOTS/$suite.log"
	in_root "$tmp" dpkg-query -W slurmctld slurmd slurmdbd munge mariadb-server >"$tmp/.clusterctl-root"
	mv "$tmp" "$dst"
	say "root ready: $(tr '\n' ' ' <"$dst/.clusterctl-root")"
}

ensure() {
	local suite dst
	suite=$(suite_of "$1")
	[ -n "$suite" ] || return 0
	dst=$(root_of "$1")
	[ -f "$dst/.clusterctl-root" ] && { echo "$dst"; return 0; }
	[ "$(id -u)" = 0 ] || die "making the $suite root needs root"
	mkdir -p "$ROOTS"
	exec 8>>"$ROOTS/.lock-$suite"
	flock -w 900 8 || die "another lab-root.sh holds $ROOTS/.lock-$suite for 15 min"
	[ -f "$dst/.clusterctl-root" ] || build "$suite" "$dst"
	exec 8>&-
	echo "$dst"
}
# ---- recipe end

case "${1:-}" in
path) [ $# = 2 ] || die "usage: lab-root.sh path VERSION"; root_of "$2" ;;
ensure) [ $# = 2 ] || die "usage: lab-root.sh ensure VERSION"; ensure "$2" ;;
*) sed -n '2,/^set -e/p' "$SELF" | sed -e '/^set -e/d' -e 's/^# \{0,1\}//' >&2; exit 64 ;;
esac
