#!/bin/sh
# slurm-releases: 22.05 26.05
# t3060-db-tunnel: database.tunnel. The lab's MariaDB listens on this
# machine's 127.0.0.1, which the lab hosts share; clusterctl runs on "the
# admin's machine" (lab.sh admin: a network of its own that reaches the
# hosts' sshd and nothing else), as admins run it where the database cannot
# be reached. With database.tunnel: ctl it reaches MariaDB through ctl's
# SSH server (a direct-tcpip channel), as ctl reaches it:
#   - from the admin's machine MariaDB cannot be reached directly: mariadb
#     fails, and so does a plan without the tunnel, naming the database
#   - plan, apply (from nothing), add-user --apply and import accounting
#     work through the tunnel; the next plan is empty
#   - TLS through the tunnel: a certificate for 127.0.0.1 is verified as
#     database.host 127.0.0.1; the same server as "localhost" is refused
#     (the name is checked); validate refuses TLS through a tunnel to a
#     host name that is not loopback
#   - a tunnel host that cannot be reached: plan, import accounting and
#     add-user name it and the tunnel, and change nothing
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"

command -v openssl >/dev/null 2>&1 || test_skip_or_die "needs openssl"
INV=$TRASH/inv.yaml
lab_begin_two "$INV"
sed -i "s/^database:\$/database:\\n  tunnel: ctl/" "$INV"
grep -q "^  tunnel: ctl\$" "$INV" || test_skip_or_die "cannot add database.tunnel"
lab_hosts_up ctl gpu01
lab_db_up
lab_admin_up
lab add-unix-user alice 5001 >/dev/null || test_skip_or_die "cannot add unix user alice"
L=$CLUSTERCTL_LAB

cc() { lab_admin "$CLUSTERCTL" "$@"; }
on() { lab_exec "$@"; }

test_expect_success 'the admin'\''s machine reaches the hosts'\'' sshd, not MariaDB' '
	lab_admin ssh -F "$L/ssh/config" ctl true &&
	on ctl sh -c "MYSQL_PWD=\$(cat $L/secrets/db.pass) mariadb -h 127.0.0.1 -P $LAB_DB_PORT -u slurm -N -e \"select 1\"" >one &&
	test "$(cat one)" = 1 &&
	test_must_fail env MYSQL_PWD="$(cat "$L/secrets/db.pass")" \
		lab_admin mariadb -h 127.0.0.1 -P "$LAB_DB_PORT" -u slurm -e "select 1"
'

test_expect_success 'without the tunnel: the plan names the database it cannot reach' '
	sed "/^  tunnel: ctl\$/d" "$INV" >direct.yaml &&
	cc plan direct.yaml >out 2>err; cat out err &&
	grep "cannot connect to MariaDB at 127.0.0.1:$LAB_DB_PORT as .slurm.:" out err
'

test_expect_success 'apply from nothing through the tunnel: exit 0, the database seeded' '
	cc apply "$INV" >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	lab_idle 1 &&
	on ctl sacctmgr -n -P show assoc where user=alice format=account >assoc &&
	grep -x hep assoc
'

test_expect_success 'plan through the tunnel: no changes' '
	cc plan "$INV" >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	grep "^plan: no changes" out
'

test_expect_success 'add-user --apply through the tunnel: in the database, the inventory' '
	lab add-unix-user carol 5003 >/dev/null &&
	cc add-user "$INV" carol --account hep --apply >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	on ctl sacctmgr -n -P show user carol format=user,defaultaccount >u && cat u &&
	grep -x "carol|hep" u && grep "name: carol" "$INV"
'

test_expect_success 'import accounting through the tunnel, from an inventory of its database alone' '
	{ printf "cluster: {name: lab}\\nssh:\\n  config: %s\\n" "$L/ssh/config" &&
	  sed -n "/^database:/,/^\$/p" "$INV"; } >db.yaml && cat db.yaml &&
	cc import accounting db.yaml >acct.yaml 2>err; rc=$?; cat err; test "$rc" = 0 &&
	grep "^# Accounting imported by clusterctl from cluster .lab. in the database slurm_acct_db at 127.0.0.1:$LAB_DB_PORT through ctl" acct.yaml &&
	grep "name: carol" acct.yaml
'

# ca.pem signs server.pem (IP 127.0.0.1)
make_certs() {
	openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=ca" \
		-keyout ca.key -out ca.pem 2>/dev/null &&
	openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" -keyout server.key \
		-out server.csr 2>/dev/null &&
	printf "subjectAltName=IP:127.0.0.1\n" >server.ext &&
	openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial \
		-days 2 -extfile server.ext -out server.pem 2>/dev/null &&
	chmod 644 server.key
}

test_expect_success 'TLS through the tunnel: the certificate checked against database.host' '
	make_certs &&
	printf "ssl-cert = %s\nssl-key = %s\nssl-ca = %s\n" "$TRASH/server.pem" \
		"$TRASH/server.key" "$TRASH/ca.pem" >"$L/my.cnf.extra" &&
	lab db-down && lab db-up >/dev/null &&
	sed "s|^database:\$|database:\\n  tls_ca: ca.pem|" db.yaml >tls.yaml &&
	cc import accounting tls.yaml >acct.yaml 2>err; rc=$?; cat err; test "$rc" = 0 &&
	grep "name: carol" acct.yaml &&
	sed "s|^  host: 127.0.0.1\$|  host: localhost|" tls.yaml >tls-name.yaml &&
	grep -q "^  host: localhost" tls-name.yaml &&
	test_must_fail --exit=1 cc import accounting tls-name.yaml >acct.yaml 2>err && cat err &&
	grep "cannot connect to MariaDB at localhost:$LAB_DB_PORT through .ctl. (database.tunnel) as .slurm. over TLS" err
'

test_expect_success 'validate: TLS through a tunnel to a name that is not loopback' '
	sed -e "s|^  host: 127.0.0.1\$|  host: db.example|" -e "s|^database:\$|database:\\n  tls: true|" \
		"$INV" >tls-far.yaml &&
	test_must_fail --exit=3 "$CLUSTERCTL" validate tls-far.yaml >err 2>&1 && cat err &&
	grep "error: database.tls through database.tunnel: .*database.host must be localhost or a 127.x address (as .ctl. reaches MariaDB), not .db.example." err &&
	sed "s|^  tunnel: ctl\$|  tunnel: ctll|" "$INV" >typo.yaml &&
	test_must_fail --exit=3 "$CLUSTERCTL" validate typo.yaml >err 2>&1 && cat err &&
	grep "error: database.tunnel .ctll. is not a host (did you mean .ctl.?)" err
'

test_expect_success 'the MariaDB without TLS again: slurmdbd still writes' '
	rm -f "$L/my.cnf.extra" && lab db-down && lab db-up >/dev/null &&
	on ctl sacctmgr -i add account tunnelcheck >/dev/null &&
	on ctl sacctmgr -n -P show account tunnelcheck format=account >a && grep -x tunnelcheck a &&
	on ctl sacctmgr -i delete account tunnelcheck >/dev/null
'

test_expect_success 'a tunnel host that cannot be reached: named, nothing changed' '
	sed "s|^  tunnel: ctl\$|  tunnel: gpu01|" "$INV" >gate.yaml &&
	sed "s|^  tunnel: ctl\$|  tunnel: gpu01|" db.yaml >gate-db.yaml &&
	lab host-stop gpu01 &&
	test_must_fail --exit=1 cc import accounting gate-db.yaml >out 2>err && cat err &&
	grep "^clusterctl: import: cannot reach MariaDB at 127.0.0.1:$LAB_DB_PORT through .gpu01. (database.tunnel): .gpu01.: cannot connect" err &&
	cc plan gate.yaml >out 2>err; cat out err &&
	grep "cannot reach MariaDB at 127.0.0.1:$LAB_DB_PORT through .gpu01. (database.tunnel)" out err &&
	lab add-unix-user dave 5004 >/dev/null &&
	cp gate.yaml gate.before &&
	test_must_fail cc add-user gate.yaml dave --account hep --apply >out 2>err && cat err &&
	grep "through .gpu01. (database.tunnel)" err &&
	test_cmp gate.before gate.yaml &&
	on ctl sacctmgr -n -P show user dave >u && test_cmp /dev/null u
'

test_done
