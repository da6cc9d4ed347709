#!/bin/sh
# install-deps.sh: installs, from Debian 12's packages, everything clusterctl
# needs to build, test, package, run its lab and run its benchmarks, then, when
# SLURM_VERSION asks for the lab's second Slurm generation (make demo
# SLURM_VERSION=24.11), its Debian 13 root (scripts/lab-root.sh: debootstrap,
# about a minute, once; make test makes it too). Idempotent: does nothing
# when everything is already there. Needs root (or sudo).
set -eu

BUILD_PKGS="make gcc clang libclang-rt-14-dev pkg-config libyaml-dev libjansson-dev
libssh-dev libmariadb-dev libcriterion-dev"
LAB_PKGS="openssh-server openssh-client util-linux iproute2 procps psmisc debootstrap
munge slurm-wlm slurmdbd slurm-client mariadb-server mariadb-client python3
python3-yaml systemd"
BENCH_PKGS="ansible-core clustershell pdsh hyperfine time bc"
# make deb, make check-package (which debootstraps its own roots)
PACKAGE_PKGS="dpkg-dev debhelper lintian"
PKGS="$BUILD_PKGS $LAB_PKGS $BENCH_PKGS $PACKAGE_PKGS $*"

missing=
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing="$missing $p"
done
SUDO=
[ "$(id -u)" -eq 0 ] || SUDO=sudo
lab_roots() {
	[ "${SLURM_VERSION:-22.05}" = 22.05 ] ||
		$SUDO bash "$(dirname "$0")/lab-root.sh" ensure "$SLURM_VERSION" >/dev/null
}
[ -z "$missing" ] && { lab_roots; exit 0; }

echo "install-deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# Package scripts must not start daemons on this machine: the lab starts its
# own, in private namespaces.
policy=/usr/sbin/policy-rc.d
created_policy=
if [ ! -e "$policy" ]; then
	printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$policy" >/dev/null
	$SUDO chmod 0755 "$policy"
	created_policy=1
fi
$SUDO apt-get install -y -qq $missing
[ -n "$created_policy" ] && $SUDO rm -f "$policy"
lab_roots
