#!/bin/sh
# t2010-cli-lab: the command line against a two-host lab (ctl, gpu01) and
# its MariaDB, read-only (plan only): ssh_config in OpenSSH's precedence
# (the inventory's keys, then the ssh_config file, then root and 22: a
# second sshd on gpu01 port 2222 and a user 'admin' show who connected
# where), ProxyCommand, IdentityAgent, a passphrase-protected identity;
# the plan and accounting plan JSON against docs/json-format.md; plain
# progress lines on a non-TTY; colour on a TTY unless NO_COLOR.
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"

command -v python3 >/dev/null 2>&1 || test_skip_or_die "needs python3"
lab_begin
L=$CLUSTERCTL_LAB
lab_inventory "$TOP/inventories/lab.yaml" base.yaml
# two hosts: ctl and gpu01
sed -i -e 's/gpu\[01-03\]/gpu01/g' -e "s/\\($LAB_NET\\.\\)\\[2-4\\]/\\12/" base.yaml
"$CLUSTERCTL" validate base.yaml >/dev/null 2>&1 || test_skip_or_die "cannot derive a two-host inventory"
lab_hosts_up ctl gpu01
lab_db_up

on() { lab_exec "$@"; }
cc() { "$CLUSTERCTL" "$@"; }
addr=$(awk '$1 == "gpu01" { print $2 }' "$L/hosts.tsv")

# INV NAME [ssh: lines...]: base.yaml with its ssh: section's user and
# identity lines replaced by the given ones (each "key: value")
inventory() {
	out=$1; shift
	awk -v extra="$(printf '%s\n' "$@")" '
		/^ssh:$/ { print; if (extra != "") print extra; skip = 1; next }
		skip && /^  (user|identity):/ { next }
		/^[^ ]/ { skip = 0 }
		{ print }' base.yaml >"$out"
}

# a second sshd in gpu01 on port 2222 that also lets 'admin' in, its own log
test_expect_success 'setup: user admin and an sshd on port 2222 in gpu01' '
	on gpu01 useradd -M -d /nonexistent -s /bin/sh -p "*" admin &&
	mkdir -p "$L/ssh2" && cp "$L/ssh/id_ed25519.pub" "$L/ssh2/keys" &&
	chmod 755 "$L/ssh2" && chmod 644 "$L/ssh2/keys" &&
	sed -e "s/^ListenAddress .*/ListenAddress $addr:2222/" \
	    -e "s|^PidFile .*|PidFile /run/sshd2.pid|" \
	    -e "s|^AuthorizedKeysFile .*|AuthorizedKeysFile $L/ssh2/keys|" \
	    "$L/hosts/gpu01/sshd_config" >"$L/ssh2/sshd_config" &&
	echo "StrictModes no" >>"$L/ssh2/sshd_config" &&
	on gpu01 /usr/sbin/sshd -f "$L/ssh2/sshd_config" -E "$L/ssh2/log" &&
	for i in 1 2 3 4 5 6 7 8 9 10; do
		ss -Hltn "sport = :2222" | grep -q "$addr:2222" && break; sleep 0.2
	done &&
	ssh-keyscan -p 2222 "$addr" 2>/dev/null | grep ed25519 >>"$L/ssh/known_hosts" &&
	grep -q "^\\[$addr\\]:2222 " "$L/ssh/known_hosts"
'

# accepted N: the Nth-from-last "Accepted" line of the port-2222 sshd
accepted() { grep "Accepted publickey for" "$L/ssh2/log" | wc -l; }
last_accepted() { grep "Accepted publickey for" "$L/ssh2/log" | tail -n 1; }

printf 'Host gpu01\n  User admin\n  Port 2222\n' >cfg-user-port

test_expect_success 'ssh_config User and Port are honoured when the inventory sets neither' '
	inventory inv.yaml "  identity: $L/ssh/id_ed25519" "  config: $TRASH/cfg-user-port" &&
	! sed -n "/^ssh:/,/^\$/p" inv.yaml | grep -q "user:" &&
	before=$(accepted) &&
	cc plan inv.yaml --only files >out 2>err; rc=$?; cat err;
	test "$rc" = 2 &&
	test "$(accepted)" = $((before + 1)) &&
	last_accepted | grep -q "Accepted publickey for admin from"
'

test_expect_success 'the inventory ssh.user beats ssh_config User (Port still from it)' '
	inventory inv.yaml "  user: root" "  identity: $L/ssh/id_ed25519" \
		"  config: $TRASH/cfg-user-port" &&
	before=$(accepted) &&
	cc plan inv.yaml --only files >out 2>err; rc=$?; cat err;
	test "$rc" = 2 &&
	test "$(accepted)" = $((before + 1)) &&
	last_accepted | grep -q "Accepted publickey for root from"
'

# port 22 from the inventory, user admin still from ssh_config: gpu01's own
# sshd has no key for admin
test_expect_success 'the inventory ssh.port beats ssh_config Port (User still from it)' '
	inventory inv.yaml "  port: 22" "  identity: $L/ssh/id_ed25519" \
		"  config: $TRASH/cfg-user-port" &&
	before=$(accepted) &&
	cc plan inv.yaml --only files >out 2>err; rc=$?; cat out err;
	test "$rc" = 4 && test "$(accepted)" = "$before" &&
	grep "^  gpu01: .*authentication refused" out &&
	on gpu01 grep -qi "user admin" /var/log/sshd.log
'

test_expect_success 'a host without ssh_config entries gets root and 22' '
	printf "Host nothing-here\n  User admin\n  Port 2222\n" >cfg-other &&
	inventory inv.yaml "  identity: $L/ssh/id_ed25519" "  config: $TRASH/cfg-other" &&
	before=$(accepted) &&
	cc plan inv.yaml --only files >out 2>err; rc=$?; cat err;
	test "$rc" = 2 && test "$(accepted)" = "$before"
'

test_expect_success 'ProxyCommand from ssh_config is used' '
	cat >cfg-proxy <<-EOF &&
	Host gpu01
	  ProxyCommand sh -c "touch $TRASH/proxied; exec ssh -F $L/ssh/config -W %h:%p ctl"
	EOF
	inventory inv.yaml "  identity: $L/ssh/id_ed25519" "  config: $TRASH/cfg-proxy" &&
	cc plan inv.yaml --only files >out 2>err; rc=$?; cat err;
	test "$rc" = 2 && test -f proxied
'

ssh-keygen -q -t ed25519 -N "s3cret pass" -C locked -f locked_key
cat locked_key.pub | on ctl sh -c 'cat >>/root/.ssh/authorized_keys'
cat locked_key.pub | on gpu01 sh -c 'cat >>/root/.ssh/authorized_keys'

test_expect_success 'a passphrase-protected ssh.identity is refused, plainly' '
	inventory inv.yaml "  identity: $TRASH/locked_key" "  config: /dev/null" &&
	test_must_fail --exit=4 cc plan inv.yaml --only files >out 2>err &&
	grep "cannot load identity .$TRASH/locked_key." out
'

test_expect_success 'the same key through ssh-agent, found by IdentityAgent' '
	printf "#!/bin/sh\necho \"s3cret pass\"\n" >askpass && chmod +x askpass &&
	eval "$(ssh-agent -s -a "$TRASH/agent.sock")" >/dev/null &&
	SSH_ASKPASS=$TRASH/askpass SSH_ASKPASS_REQUIRE=force DISPLAY=:0 \
		ssh-add locked_key </dev/null 2>/dev/null &&
	printf "Host *\n  IdentityAgent $TRASH/agent.sock\n" >cfg-agent &&
	inventory inv.yaml "  config: $TRASH/cfg-agent" &&
	(unset SSH_AUTH_SOCK; cc plan inv.yaml --only files >out 2>err); rc=$?;
	kill "$SSH_AGENT_PID"; cat out err;
	test "$rc" = 2
'

inventory inv.yaml "  identity: $L/ssh/id_ed25519"

test_expect_success 'plan --json with changes and accounting matches docs/json-format.md' '
	test_must_fail --exit=2 cc plan inv.yaml --json >p.json 2>err &&
	python3 "$TOP/tests/t/json-keys.py" "$TOP/docs/json-format.md" plan p.json &&
	python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
assert d[\"files\"] and d[\"users\"] and d[\"munge_key\"][\"fingerprint\"], d
assert d[\"accounting\"][\"changes\"], d
" p.json
'

test_expect_success 'accounting plan --json matches docs/json-format.md' '
	test_must_fail --exit=2 cc accounting plan inv.yaml --json >a.json &&
	python3 "$TOP/tests/t/json-keys.py" "$TOP/docs/json-format.md" "accounting plan" a.json &&
	grep -q "\"format_version\": 1" a.json
'

test_expect_success 'a plan with a wrong mode shows it as "0644" strings' '
	on gpu01 mkdir -p /etc/slurm &&
	cc render inv.yaml -o r >/dev/null &&
	on gpu01 sh -c "cat >/etc/slurm/cgroup.conf" <r/gpu01/etc/slurm/cgroup.conf &&
	on gpu01 chmod 600 /etc/slurm/cgroup.conf &&
	test_must_fail --exit=2 cc plan inv.yaml --json --only files >p.json &&
	python3 "$TOP/tests/t/json-keys.py" "$TOP/docs/json-format.md" plan p.json &&
	python3 -c "
import json, sys
f = [f for f in json.load(open(sys.argv[1]))[\"files\"]
     if f[\"path\"] == \"/etc/slurm/cgroup.conf\" and f[\"hosts\"] == \"gpu01\"]
assert f and f[0][\"mode\"] == [\"0600\", \"0644\"] and f[0][\"change\"] == \"fix\", f
" p.json
'

test_expect_success 'stderr not a TTY: one plain progress line per phase' '
	test_must_fail --exit=2 cc plan inv.yaml --only files >out 2>err &&
	grep -x "clusterctl: observe: 2/2 hosts done ([0-9.]* s)" err &&
	! grep -q "$(printf "\\r")" err
'

test_expect_success 'a TTY gets colour, NO_COLOR turns it off' '
	command -v script >/dev/null || { echo "# no script(1): skipped"; return 0; }
	script -qec "$CLUSTERCTL plan inv.yaml --only files" /dev/null >tty.out </dev/null;
	grep -q "$(printf "\\033")\\[3[12]m" tty.out &&
	NO_COLOR=1 script -qec "$CLUSTERCTL plan inv.yaml --only files" /dev/null >tty.out </dev/null;
	grep -q "+# cgroup.conf" tty.out && ! grep -q "$(printf "\\033")\\[3" tty.out
'

test_done
