#!/bin/sh
# first-run.sh: README's first command, exactly as written, on a fresh Debian 12.
#
#   sh tests/fresh/first-run.sh [root] [user]     (default: both)
#
# "Fresh" is a minimal Debian 12 root made by debootstrap with nothing but make
# and gcc added (and, for "user", sudo and a user allowed to use it), the
# machine's own apt sources, and this repository's tracked files copied in as a
# clone would have them. Inside it, in private mount and PID namespaces (the
# network is the machine's: apt needs the package registry, and the lab hosts
# live on loopback), it runs
#
#   root:  make demo                  as root, with no sudo installed
#   user:  make demo                  as a user who has sudo
#
# and passes only when each exits 0 on its first run (the demo ends with a GPU
# job COMPLETED and an empty second plan). The clean root is made once and
# kept as a tarball under $FRESH_CACHE (rebuilt when this script is newer);
# every run starts from a new copy of it, so nothing installed by an earlier
# run survives. Needs root, debootstrap, and the demo lab's addresses free
# (127.0.10.1:22, port 3307): run it when no other demo lab is up.
set -eu

TOP=$(cd "$(dirname "$0")/../.." && pwd)
SELF=$TOP/tests/fresh/first-run.sh
CACHE=${FRESH_CACHE:-/var/cache/clusterctl-fresh}
# The cached root is named by a hash of the code that makes it (mirror and
# make_base below), not by the script's mtime: a fresh clone reuses it, an
# edit of that code makes a new one.
BASE_ID=$(sed -n '/^mirror() {/,/^# end of make_base/p' "$SELF" | sha256sum | cut -c1-12)
BASE=$CACHE/bookworm-make-gcc-$BASE_ID.tar
SUITE=bookworm

say() { printf 'first-run: %s\n' "$*"; }
die() { printf 'first-run: %s\n' "$*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || die "needs root (debootstrap, chroot, namespaces)"
command -v debootstrap >/dev/null || die "needs debootstrap (make deps installs it)"
if ss -Hltn 2>/dev/null | awk '{ print $4 }' | grep -Eq '^127\.0\.10\.1:22$|:3307$'; then
	why="the demo lab's addresses are taken (127.0.10.1:22 or port 3307): stop that lab first"
	# in CI a missing proof is a failure; on a developer's machine with the
	# demo lab up, say so loudly and go on
	[ "${CLUSTERCTL_TEST_DAEMONS:-}" = true ] && die "$why"
	echo "first-run: SKIP: $why"
	exit 0
fi

# The mirror apt already uses (deb822 sources first, then the one-line form).
mirror() {
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		sed -n 's/^URIs:[[:space:]]*\([^[:space:]]*\).*/\1/p' "$f" |
			grep -v security | head -n 1
	done
	[ -f /etc/apt/sources.list ] &&
		awk '$1 == "deb" && $2 !~ /security/ { print $2; exit }' /etc/apt/sources.list
}

make_base() {
	url=$(mirror | head -n 1)
	[ -n "$url" ] || die "cannot find the Debian mirror in /etc/apt"
	say "making a clean Debian 12 root from $url (once; cached in $BASE)"
	tmp=$(mktemp -d /var/tmp/clusterctl-fresh-base.XXXXXX)
	chmod 0755 "$tmp"	# it becomes /: every user in it must get through
	debootstrap --variant=minbase "$SUITE" "$tmp" "$url" >"$tmp.log" 2>&1 ||
		{ tail -n 20 "$tmp.log" >&2; rm -rf "$tmp" "$tmp.log"; die "debootstrap failed"; }
	# the machine's apt setup, as a new machine of this kind has it
	rm -f "$tmp/etc/apt/sources.list"
	cp /etc/apt/sources.list.d/*.sources "$tmp/etc/apt/sources.list.d/" 2>/dev/null || true
	[ -f /etc/apt/sources.list ] && cp /etc/apt/sources.list "$tmp/etc/apt/"
	cp /etc/apt/apt.conf.d/* "$tmp/etc/apt/apt.conf.d/" 2>/dev/null || true
	cp /etc/resolv.conf "$tmp/etc/resolv.conf"
	printf '#!/bin/sh\nexit 101\n' >"$tmp/usr/sbin/policy-rc.d"
	chmod 0755 "$tmp/usr/sbin/policy-rc.d"
	chroot "$tmp" sh -c 'export DEBIAN_FRONTEND=noninteractive;
		apt-get update -qq && apt-get install -y -qq make gcc >/dev/null &&
		apt-get clean && rm -rf /var/lib/apt/lists/*' ||
		{ rm -rf "$tmp"; die "installing make and gcc in the root failed"; }
	rm -f "$tmp/usr/sbin/policy-rc.d"
	mkdir -p "$CACHE"
	rm -f "$CACHE"/bookworm-make-gcc*.tar	# roots made by older code
	tar -C "$tmp" -cf "$BASE.tmp" . && mv "$BASE.tmp" "$BASE"
	rm -rf "$tmp" "$tmp.log"
}
# end of make_base

[ -f "$BASE" ] || make_base

# run_case NAME: a new copy of the clean root, the repository in it, then
# README's first command as NAME says.
run_case() {
	case=$1
	root=$(mktemp -d /var/tmp/clusterctl-fresh-$case.XXXXXX)
	tar -C "$root" -xf "$BASE"
	chmod 0755 "$root"
	cp /etc/resolv.conf "$root/etc/resolv.conf"
	case $case in
	root)	home=/root ;;
	user)	home=/home/newcomer
		chroot "$root" sh -c 'export DEBIAN_FRONTEND=noninteractive;
			apt-get update -qq && apt-get install -y -qq sudo >/dev/null &&
			useradd -m -s /bin/bash newcomer &&
			echo "newcomer ALL=(ALL) NOPASSWD: ALL" >/etc/sudoers.d/newcomer' ||
			die "user case: installing sudo failed" ;;
	*)	die "unknown case '$case' (root or user)" ;;
	esac
	# the tracked files, as a clone has them (uncommitted edits included)
	mkdir -p "$root$home/clusterctl"
	(cd "$TOP" && git ls-files -z | tar --null -T - -cf -) |
		tar -C "$root$home/clusterctl" -xf -
	[ "$case" = user ] && chroot "$root" chown -R newcomer:newcomer "$home/clusterctl"

	cmd="cd $home/clusterctl && make demo"
	[ "$case" = user ] && cmd="su - newcomer -c 'cd $home/clusterctl && make demo'"
	say "$case: $cmd   (log: $root.log)"
	rc=0
	# a private mount and PID namespace whose root is the fresh root itself
	# (pivot_root, not chroot: the lab enters its hosts' mount namespaces with
	# nsenter, which would leave a chroot for the machine's own /). When the
	# shell in it ends, every daemon the demo started ends with it, and
	# nothing stays mounted outside.
	unshare --mount --pid --fork --propagation private sh -c '
		r=$1; shift
		mount --bind "$r" "$r"
		mount -t proc proc "$r/proc"
		mount --rbind /sys "$r/sys"
		mount --rbind /dev "$r/dev"
		mount -t tmpfs tmpfs "$r/tmp"
		mount -t tmpfs tmpfs "$r/run"
		mkdir -p "$r/.oldroot"
		cd "$r" && pivot_root . .oldroot &&
		exec chroot . /bin/sh -c "umount -l /.oldroot && rmdir /.oldroot && cd / && $1"' \
		sh "$root" "$cmd" >"$root.log" 2>&1 || rc=$?
	if [ "$rc" -ne 0 ]; then
		tail -n 40 "$root.log" | sed 's/^/    /'
		say "$case: 'make demo' exited $rc on its first run (root kept: $root)"
		return 1
	fi
	grep -q 'COMPLETED' "$root.log" || { say "$case: no COMPLETED job in the demo"; return 1; }
	say "$case: ok ($(grep -c . "$root.log") lines of output)"
	rm -rf "$root" "$root.log"
}

[ $# -gt 0 ] || set -- root user
failed=0 passed=0
for c in "$@"; do
	if run_case "$c"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo "first-run: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
