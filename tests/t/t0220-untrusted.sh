#!/bin/sh
# t0220-untrusted: what validate, render and export-sacctmgr do with a
# hostile inventory (a merge request in a review pipeline, docs/security.md).
# include: of a private key echoes nothing of it, inside or outside the
# inventory's directory, through a symlink or not; paths outside the tree
# need --allow-path; a newline in any value is refused before anything is
# written (render writes no directory, export-sacctmgr prints no line); YAML
# nested 200,000 deep and a hostlist of a million hosts are refused in
# moments; host-key trust on first use is not the inventory's to give; a
# password passed through slurm_conf never reaches rendered files; the
# credential files (password_file, ssh identity, known_hosts and config,
# munge_key_source, tls_ca) are never opened by validate, render or diff
# (diff reads a munge_key_source inside the tree, a regular file), so they
# are not confined there (the admin's /etc/clusterctl/*.pass: every shipped
# inventory validates and renders with no flag, issue 21 item 7), while
# include: and templates stay in the tree unless --allow-path or
# CLUSTERCTL_ALLOW_PATH allows more; and password_env may only name a
# password variable.
# (issue 15, findings 2, 3, 5, 6)
. "$(dirname "$0")/test-lib.sh"
unset CLUSTERCTL_ALLOW_PATH	# what the caller allows is tested explicitly

BASE='cluster: {name: tiny, controller: head}
hosts:
  - {names: head, roles: [controller]}
  - {names: "n[1-2]", type: small}
node_types:
  small: {cpus: 4, memory: 8G}
partitions:
  - {name: main, nodes: "n[1-2]", default: true}'

# site/inv.yaml: BASE plus the lines given
inv() {
	mkdir -p site &&
	{ printf '%s\n' "$@"; printf '%s\n' "$BASE"; } >site/inv.yaml
}

# fails when FILE... holds any line of the key
no_key_in() {
	for f in "$@"; do
		grep -F -f keylines "$f" && { echo "key bytes in $f"; return 1; }
	done
	return 0
}

test_expect_success 'setup: a private key outside the inventory tree' '
	mkdir -p home/.ssh &&
	ssh-keygen -q -t ed25519 -N "" -C "" -f home/.ssh/id_ed25519 &&
	grep -v -- "-----" home/.ssh/id_ed25519 >keylines &&
	test -s keylines &&
	printf "%s\n" "$BASE" >base.yaml
'

test_expect_success 'include: of a key outside the tree: refused, nothing echoed' '
	inv "include: [$TRASH/home/.ssh/id_ed25519]" &&
	test_must_fail --exit=3 "$CLUSTERCTL" validate site/inv.yaml >out 2>err &&
	grep "^site/inv.yaml:1:11: error: .*/home/.ssh/id_ed25519. is outside the inventory.s directory .*; pass --allow-path DIR" out &&
	no_key_in out err
'

test_expect_success 'the same through a symlink inside the tree' '
	inv "include: [key.yaml]" &&
	ln -s "$TRASH/home/.ssh/id_ed25519" site/key.yaml &&
	test_must_fail --exit=3 "$CLUSTERCTL" validate site/inv.yaml >out 2>err &&
	grep "^site/inv.yaml:1:11: error: .site/key.yaml. (really .*/home/.ssh/id_ed25519.) is outside" out &&
	no_key_in out err &&
	test_must_fail --exit=3 "$CLUSTERCTL" render site/inv.yaml -o r >out 2>err &&
	no_key_in out err && test ! -e r &&
	rm site/key.yaml
'

test_expect_success 'with --allow-path: read, found not an inventory, still nothing echoed' '
	inv "include: [$TRASH/home/.ssh/id_ed25519]" &&
	test_must_fail --exit=3 "$CLUSTERCTL" validate --allow-path "$TRASH/home" site/inv.yaml >out 2>err &&
	grep "^site/inv.yaml:1:11: error: .*id_ed25519. is not an inventory (not a YAML mapping); its contents are not shown" out &&
	no_key_in out err &&
	test_must_fail --exit=3 "$CLUSTERCTL" validate --json --allow-path "$TRASH/home" site/inv.yaml >out 2>err &&
	no_key_in out err
'

test_expect_success 'a key copied into the tree is no inventory either' '
	cp home/.ssh/id_ed25519 site/id &&
	inv "include: [id]" &&
	test_must_fail --exit=3 "$CLUSTERCTL" validate site/inv.yaml >out 2>err &&
	grep "error: .site/id. is not an inventory" out &&
	no_key_in out err
'

test_expect_success '--allow-path wants a directory (exit 64)' '
	test_must_fail --exit=64 "$CLUSTERCTL" validate --allow-path "$TRASH/nowhere" site/inv.yaml 2>err &&
	grep "^clusterctl: --allow-path .*nowhere.: No such file or directory" err &&
	test_must_fail --exit=64 "$CLUSTERCTL" render --allow-path "$TRASH/keylines" site/inv.yaml -o r 2>err &&
	grep "Not a directory" err
'

test_expect_success 'template_dir outside the tree needs --allow-path' '
	mkdir -p tpl && echo "# site slurm.conf {{cluster}}" >tpl/slurm.conf.mustache &&
	sed "s|^cluster: {name: tiny, controller: head}|cluster: {name: tiny, controller: head, template_dir: $TRASH/tpl}|" \
		base.yaml >site/tpl.yaml &&
	test_must_fail --exit=3 "$CLUSTERCTL" render site/tpl.yaml -o r >out 2>err &&
	grep "^site/tpl.yaml:[0-9]*:[0-9]*: error: template_dir: .*tpl. is outside the inventory" err &&
	test ! -e r &&
	"$CLUSTERCTL" render --allow-path "$TRASH/tpl" site/tpl.yaml -o r >out &&
	grep "^# site slurm.conf tiny" r/head/etc/slurm/slurm.conf
'

test_expect_success 'a newline in slurm_conf: refused at its place, render writes nothing' '
	printf "%s\n" "cluster:" "  name: tiny" "  controller: head" \
		"  slurm_conf: {ProctrackType: \"proctrack/linuxproc\\nAuthType=auth/none\"}" \
		"database: {host: db, storage_host: \"db\\nStorageUser=root\"}" >nl.yaml &&
	sed -n "/^hosts:/,\$p" base.yaml >>nl.yaml &&
	test_must_fail --exit=3 "$CLUSTERCTL" validate nl.yaml >out &&
	grep "^nl.yaml:4:31: error: string contains a line break" out &&
	grep "^nl.yaml:5:36: error: string contains a line break" out &&
	test_must_fail --exit=3 "$CLUSTERCTL" render nl.yaml -o r2 2>err &&
	test ! -e r2 &&
	! grep -q "^AuthType" -r . --include=slurm.conf
'

test_expect_success 'export-sacctmgr never prints a line the description brings' '
	{ cat base.yaml &&
	  printf "%s\n" "accounts:" "  - {name: lab, description: \"x\\nuser - mallory\"}"; } >acct.yaml &&
	test_must_fail --exit=3 "$CLUSTERCTL" export-sacctmgr acct.yaml >out 2>err &&
	! grep "^user - mallory" out err &&
	grep "^acct.yaml:[0-9]*:[0-9]*: error: string contains a line break" err
'

test_expect_success 'YAML 200,000 levels deep: refused in moments' '
	python3 -c "import sys; n = 200000; sys.stdout.write(\"cluster: {name: t, controller: h, slurm_conf: {A: \" + \"[\" * n + \"]\" * n + \"}}\\n\")" >deep.yaml &&
	test_must_fail --exit=3 timeout 10 "$CLUSTERCTL" validate deep.yaml >out &&
	grep "^deep.yaml:1:[0-9]*: error: YAML nested more than 136 levels deep" out
'

test_expect_success 'a million hosts from a few bytes: refused, render writes nothing' '
	sed "s/n\\[1-2\\]/n[0-999][000-998]/g" base.yaml >big.yaml &&
	test $(wc -c <big.yaml) -lt 300 &&
	test_must_fail --exit=3 timeout 10 "$CLUSTERCTL" validate big.yaml >out &&
	grep "^big.yaml:4:6: error: .n\\[0-999\\]\\[000-998\\]. expands to too many names (an inventory holds at most 65536 hosts)" out &&
	test_must_fail --exit=3 timeout 10 "$CLUSTERCTL" render big.yaml -o r3 2>/dev/null &&
	test ! -e r3
'

test_expect_success 'host-key trust on first use is not the inventory'"'"'s' '
	{ cat base.yaml &&
	  echo "ssh: {known_hosts: /dev/null, accept_new_host_keys: true}"; } >tofu.yaml &&
	test_must_fail --exit=3 "$CLUSTERCTL" validate tofu.yaml >out &&
	grep "^tofu.yaml:[0-9]*:[0-9]*: error: ssh.accept_new_host_keys is not read from the inventory: pass --accept-new-host-keys" out
'

test_expect_success 'password_file and password_env together are refused' '
	{ cat base.yaml &&
	  echo "database: {host: db, password_file: db.pass, password_env: DB_PASS}"; } >both.yaml &&
	test_must_fail --exit=3 "$CLUSTERCTL" validate both.yaml >out &&
	grep "error: database.password_env and database.password_file are both set" out
'

# site/NAME.yaml: BASE with a database: or ssh: line (the rest of $1)
with() {
	name=$1; shift
	mkdir -p site && { printf "%s\n" "$BASE"; printf "%s\n" "$@"; } >"site/$name.yaml"
}

test_expect_success 'credential paths outside the tree: validate and render never open them' '
	mkdir -p outside && mkfifo outside/fifo &&
	printf "Host *\n  ProxyCommand touch %s/proxied\n" "$TRASH" >outside/ssh_config &&
	with creds "ssh: {identity: $TRASH/home/.ssh/id_ed25519, known_hosts: /root/.ssh/none/known_hosts, config: $TRASH/outside/ssh_config}" \
		"database: {host: db, password_file: $TRASH/outside/fifo, tls_ca: $TRASH/outside/fifo}" &&
	sed -i "s|^cluster: {name: tiny, controller: head}|cluster: {name: tiny, controller: head, munge_key_source: $TRASH/outside/fifo}|" site/creds.yaml &&
	timeout 10 "$CLUSTERCTL" validate site/creds.yaml >out 2>err &&
	grep "^site/creds.yaml: 0 errors, 0 warnings" err &&
	timeout 10 "$CLUSTERCTL" render site/creds.yaml -o r5 >out 2>err &&
	test -s r5/head/etc/slurm/slurm.conf &&
	no_key_in out err && ! grep -rF -f keylines r5 &&
	test ! -e proxied
'

test_expect_success 'diff opens no credential file: a FIFO for each, nothing blocks' '
	timeout 10 "$CLUSTERCTL" diff site/creds.yaml site/creds.yaml >out 2>err &&
	grep -qx "diff: no change" out &&
	grep -q "munge_key_source not read (.*outside the inventory" out &&
	ln -s ../outside/fifo site/fifo-key &&
	sed "s|munge_key_source: $TRASH/outside/fifo|munge_key_source: fifo-key|" site/creds.yaml >site/creds2.yaml &&
	timeout 10 "$CLUSTERCTL" diff site/creds.yaml site/creds2.yaml >out 2>err
	test $? = 2 && grep -q "munge_key_source not read" out &&
	mkfifo site/fifo-in-tree &&
	sed "s|munge_key_source: $TRASH/outside/fifo|munge_key_source: fifo-in-tree|" site/creds.yaml >site/creds3.yaml &&
	timeout 10 "$CLUSTERCTL" diff site/creds.yaml site/creds3.yaml >out 2>err
	test $? = 2 && grep -q "munge_key_source not read (.*fifo-in-tree is no regular file)" out &&
	no_key_in out err && test ! -e proxied
'

test_expect_success 'every shipped inventory validates and renders with no flag or environment' '
	for inv in "$TOP"/inventories/*.yaml; do
		n=$(basename "$inv" .yaml) &&
		env -u CLUSTERCTL_ALLOW_PATH "$CLUSTERCTL" validate "$inv" >out 2>err &&
		grep ": 0 errors" err &&
		env -u CLUSTERCTL_ALLOW_PATH "$CLUSTERCTL" render "$inv" -o "ship-$n" >/dev/null &&
		test -s "ship-$n/manifest.json" || { echo "$inv"; cat out err; return 1; }
	done &&
	for ov in "$TOP"/inventories/lab/*.overlay.yaml; do
		n=$(basename "$ov" .overlay.yaml) &&
		env -u CLUSTERCTL_ALLOW_PATH "$CLUSTERCTL" validate --overlay "$ov" \
			"$TOP/inventories/$n.yaml" >out 2>err || { echo "$ov"; cat out err; return 1; }
	done
'

test_expect_success 'the caller allows more for include: and templates: --allow-path, CLUSTERCTL_ALLOW_PATH' '
	mkdir -p outside/inc && printf "%s\n" "node_types:" "  big: {cpus: 8, memory: 16G}" >outside/inc/types.yaml &&
	inv "include: [$TRASH/outside/inc/types.yaml]" &&
	test_must_fail --exit=3 "$CLUSTERCTL" validate site/inv.yaml >out &&
	grep "^site/inv.yaml:1:11: error: .*/outside/inc/types.yaml. is outside the inventory.s directory" out &&
	"$CLUSTERCTL" validate --allow-path "$TRASH/outside/inc" site/inv.yaml &&
	CLUSTERCTL_ALLOW_PATH="/nowhere::$TRASH/outside" "$CLUSTERCTL" validate site/inv.yaml &&
	test_must_fail --exit=3 env CLUSTERCTL_ALLOW_PATH="$TRASH/home" "$CLUSTERCTL" validate site/inv.yaml >out &&
	grep "error: .*types.yaml. is outside" out &&
	CLUSTERCTL_ALLOW_PATH="$TRASH/tpl" "$CLUSTERCTL" render site/tpl.yaml -o r6 >out &&
	grep "^# site slurm.conf tiny" r6/head/etc/slurm/slurm.conf
'

test_expect_success 'password_env must name a password variable' '
	with aws "database: {host: db, password_env: AWS_SECRET_ACCESS_KEY}" &&
	test_must_fail --exit=3 "$CLUSTERCTL" validate site/aws.yaml >out &&
	grep "^site/aws.yaml:9:22: error: database.password_env .AWS_SECRET_ACCESS_KEY. is not a password variable: its name must end in _PASSWORD or _PASS or start with CLUSTERCTL_" out &&
	AWS_SECRET_ACCESS_KEY=leaked-SECRET test_must_fail --exit=3 "$CLUSTERCTL" plan site/aws.yaml >out 2>err &&
	! grep leaked-SECRET out err &&
	for v in DB_PASSWORD SLURM_DB_PASS CLUSTERCTL_DB; do
		with ok "database: {host: db, password_env: $v}" &&
		"$CLUSTERCTL" validate site/ok.yaml || return 1
	done
'

test_expect_success 'a password in slurm_conf never reaches render -o' '
	sed "s|^cluster: {name: tiny, controller: head}|cluster: {name: tiny, controller: head, slurm_conf: {AccountingStoragePass: hunter2-SECRET}}|" \
		base.yaml >pass.yaml &&
	"$CLUSTERCTL" render pass.yaml -o r4 >out &&
	! grep -r "hunter2-SECRET" r4 out &&
	grep "^AccountingStoragePass=@clusterctl:secret:AccountingStoragePass@\$" r4/n1/etc/slurm/slurm.conf &&
	grep "\"host\": \"n1\", \"path\": \"/etc/slurm/slurm.conf\".*\"secret_placeholder\": true" r4/manifest.json
'

test_done
