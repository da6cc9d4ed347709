#!/bin/sh
# update.sh: regenerates tests/golden/<name>/ from inventories/<name>.yaml
# with the clusterctl under test (default ./clusterctl; build it first).
# Review `git diff tests/golden` before committing: every change there is a
# change in what hosts would get.
set -eu
TOP=$(cd "$(dirname "$0")/../.." && pwd)
: "${CLUSTERCTL:=$TOP/clusterctl}"
unset CLUSTERCTL_ALLOW_PATH
cd "$TOP"
for inv in inventories/*.yaml; do
	name=$(basename "$inv" .yaml)
	# render replaces its own previous output and refuses anything else
	"$CLUSTERCTL" render "$inv" -o "tests/golden/$name" >/dev/null
	echo "updated tests/golden/$name"
done
