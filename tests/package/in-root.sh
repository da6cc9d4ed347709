# in-root.sh: run by check.sh (bash -s) inside a fresh Debian root where the
# clusterctl package was just installed with apt; SUITE and VERSION are set.
# Every check uses the installed files only; the first failure ends it.
set -euo pipefail

fail() { printf 'check-package: %s: FAIL: %s\n' "$SUITE" "$*" >&2; exit 1; }
ok() { printf 'check-package: %s: ok: %s\n' "$SUITE" "$*" >&2; }
EX=/usr/share/doc/clusterctl/examples

# one version: debian/changelog's, from both spellings of the command
[ "$(clusterctl version)" = "clusterctl $VERSION" ] ||
	fail "clusterctl version says '$(clusterctl version)', debian/changelog says $VERSION"
[ "$(clusterctl --version)" = "clusterctl $VERSION" ] || fail "clusterctl --version differs"
ok "clusterctl version: clusterctl $VERSION"

# the layout: /etc/clusterctl root's alone, nothing of the lab installed
[ "$(stat -c '%a %U %G' /etc/clusterctl)" = "700 root root" ] ||
	fail "/etc/clusterctl is $(stat -c '%a %U %G' /etc/clusterctl), not 700 root root"
! dpkg -L clusterctl | grep -E '/(scripts|tests)/|lab\.sh|lab-root' || fail "lab files in the package"
# dh_compress gzips docs over 4 KiB: README is, CHANGELOG.md may be
[ -f /usr/share/doc/clusterctl/README.md.gz ] &&
	{ [ -f /usr/share/doc/clusterctl/CHANGELOG.md ] || [ -f /usr/share/doc/clusterctl/CHANGELOG.md.gz ]; } &&
	[ -d /usr/share/doc/clusterctl/docs ] || fail "README, CHANGELOG.md or docs/ missing"
ok "layout: /etc/clusterctl 700 root, docs present, no lab files"

# Every shipped inventory validates and renders as README shows it: no
# --allow-path, no environment (validate and render read no password, key
# or TLS file, so those paths are not confined there; docs/security.md).
run() {	# run VERB INVENTORY [ARGS...]: exit 0
	clusterctl "$@" >/tmp/out.$$ 2>/tmp/err.$$ ||
		{ cat /tmp/out.$$ /tmp/err.$$ >&2; fail "clusterctl $*"; }
	# validate prints its diagnostics on stdout, the other commands on stderr
	cat /tmp/out.$$ >>/tmp/err.$$
}
n=0
for inv in "$EX"/*.yaml; do
	name=$(basename "$inv" .yaml)
	run validate "$inv"
	grep -q ': 0 errors' /tmp/err.$$ || fail "validate $name: $(cat /tmp/err.$$)"
	run render "$inv" -o "/tmp/render-$name"
	[ -s "/tmp/render-$name/manifest.json" ] &&
		find "/tmp/render-$name" -name slurm.conf | grep -q . || fail "render $name wrote no slurm.conf"
	n=$((n + 1))
	# the same site on the lab: its overlay
	ov=$EX/lab/$name.overlay.yaml
	[ -f "$ov" ] || continue
	run validate "$inv" --overlay "$ov"
	run render "$inv" --overlay "$ov" -o "/tmp/render-$name-lab"
	[ -s "/tmp/render-$name-lab/manifest.json" ] &&
		find "/tmp/render-$name-lab" -name slurm.conf | grep -q . || fail "render $name with its lab overlay"
	n=$((n + 1))
done
[ "$n" -ge 10 ] || fail "only $n example inventories found in $EX"
ok "validate and render: $n example inventories (overlays included)"

# man clusterctl, through man-db, with the version in its header
MANPAGER=cat MANWIDTH=80 man clusterctl >/tmp/man.$$ 2>/tmp/manerr.$$ || fail "man clusterctl: $(cat /tmp/manerr.$$)"
# groff justifies (two blanks, a line break anywhere): compare words only
tr -s '[:space:]' ' ' </tmp/man.$$ >/tmp/manwords.$$
grep -q 'NAME clusterctl - render, plan and apply a Slurm GPU cluster from one YAML inventory' /tmp/manwords.$$ ||
	{ head -n 8 /tmp/man.$$ >&2; fail "man clusterctl: no NAME line"; }
grep -q "clusterctl $VERSION November" /tmp/manwords.$$ || fail "man clusterctl: footer is not version $VERSION"
ok "man clusterctl: $(wc -l </tmp/man.$$) lines, version $VERSION"

# the completion loads in bash and completes (a subcommand, an option)
out=$(bash -c '
	. /usr/share/bash-completion/completions/clusterctl
	complete -p clusterctl
	COMP_WORDS=(clusterctl ren); COMP_CWORD=1; _clusterctl; echo "${COMPREPLY[*]}"
	COMP_WORDS=(clusterctl plan --fan); COMP_CWORD=2; _clusterctl; echo "${COMPREPLY[*]}"')
[ "$out" = "complete -F _clusterctl clusterctl
render
--fanout" ] || fail "bash completion: got '$out'"
ok "bash completion loads; 'ren' -> render, 'plan --fan' -> --fanout"
