#!/bin/sh
# t3050-db-tls: database.tls against the lab's MariaDB given a certificate.
# The slurm user is made to REQUIRE SSL, so a session that gets past login
# was encrypted. With the right CA the connection is made; a CA that did not
# sign the server's certificate, or a certificate for another host name,
# refuses it before the password is sent; without TLS, a server asking for
# the password in clear is refused (issue 15, finding 6).
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"

command -v openssl >/dev/null 2>&1 || test_skip_or_die "needs openssl"
lab_begin
lab_db_up

# ca.pem signs server.pem (IP 127.0.0.1) and elsewhere.pem (IP 127.0.0.2);
# other-ca.pem signs nothing the server shows
make_certs() {
	for ca in ca other-ca; do
		openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=$ca" \
			-keyout $ca.key -out $ca.pem 2>/dev/null || return 1
	done
	for s in server:127.0.0.1 elsewhere:127.0.0.2; do
		n=${s%%:*} ip=${s#*:}
		openssl req -newkey rsa:2048 -nodes -subj "/CN=$ip" -keyout $n.key \
			-out $n.csr 2>/dev/null &&
		printf "subjectAltName=IP:%s\n" "$ip" >$n.ext &&
		openssl x509 -req -in $n.csr -CA ca.pem -CAkey ca.key -CAcreateserial \
			-days 2 -extfile $n.ext -out $n.pem 2>/dev/null || return 1
	done
}

# db_restart NAME: the lab's MariaDB again, serving NAME.pem
db_restart() {
	lab db-down >/dev/null || return 1
	rm -f "$CLUSTERCTL_LAB/mysql.sock"
	setsid mariadbd --defaults-file="$CLUSTERCTL_LAB/my.cnf" \
		--ssl-cert="$TRASH/$1.pem" --ssl-key="$TRASH/$1.key" \
		--ssl-ca="$TRASH/ca.pem" </dev/null >>"$CLUSTERCTL_LAB/log/mariadbd.out" 2>&1 &
	i=0
	while [ $i -lt 120 ]; do
		[ -S "$CLUSTERCTL_LAB/mysql.sock" ] &&
			mariadb-admin --defaults-file="$CLUSTERCTL_LAB/my.cnf" ping >/dev/null 2>&1 &&
			return 0
		sleep 0.25
		i=$((i + 1))
	done
	return 1
}

# inv FILE KEYS...: the lab inventory with KEYS added under database:
inv() {
	f=$1
	shift
	lab_inventory "$TOP/inventories/lab.yaml" "$f.tmp" &&
	for k in "$@"; do
		sed -i "s|^database:\$|database:\\n  $k|" "$f.tmp" || return 1
	done
	mv "$f.tmp" "$f"
}

# the server is (re)started here, not inside a test: a test runs in a
# subshell, and the lab's EXIT trap must not stop what the file started
make_certs >/dev/null 2>&1 || test_skip_or_die "openssl cannot make the certificates"
db_restart server || test_skip_or_die "MariaDB does not start with a certificate"

test_expect_success 'setup: MariaDB serves TLS; slurm must use it' '
	lab db-sql -e "ALTER USER '"'slurm'@'127.0.0.1'"' REQUIRE SSL" &&
	lab db-sql -e "SHOW VARIABLES LIKE '"'have_ssl'"'" >have &&
	grep YES have
'

test_expect_success 'without tls: the server refuses the slurm user' '
	inv plain.yaml &&
	test_must_fail --exit=1 "$CLUSTERCTL" accounting plan plain.yaml >out 2>err &&
	grep "cannot connect to MariaDB at 127.0.0.1:$LAB_DB_PORT as .slurm.: Access denied" err
'

test_expect_success 'tls with the CA that signed the server: connected' '
	inv good.yaml "tls_ca: $TRASH/ca.pem" &&
	"$CLUSTERCTL" validate good.yaml &&
	{ "$CLUSTERCTL" accounting plan good.yaml >out 2>err; rc=$?; } &&
	cat out err &&
	test ! -s err && test "$rc" = 2 &&
	grep "slurmdbd has not created its tables yet" out
'

test_expect_success 'tls with another CA: refused before login' '
	inv other.yaml "tls_ca: $TRASH/other-ca.pem" &&
	test_must_fail --exit=1 "$CLUSTERCTL" accounting plan other.yaml >out 2>err &&
	grep "cannot connect to MariaDB at 127.0.0.1:$LAB_DB_PORT as .slurm. over TLS: " err &&
	! grep "Access denied" err && ! grep "Can.t connect to server" err
'

test_expect_success 'tls: true alone: the system CAs do not know the lab CA' '
	inv system.yaml "tls: true" &&
	test_must_fail --exit=1 "$CLUSTERCTL" accounting plan system.yaml >out 2>err &&
	grep "over TLS: " err && ! grep "Access denied" err &&
	! grep "Can.t connect to server" err
'

# A server that asks for the password in clear (PAM's dialog or
# mysql_clear_password) gets nothing without TLS: the client refuses the
# plugin before it sends a byte of the password. Which plugins were allowed
# was the client's to say all along; the server here is the lab's own.
test_expect_success 'without tls, a server asking for the clear password is refused' '
	lab db-sql -e "INSTALL SONAME '"'auth_pam'"'" 2>/dev/null;
	lab db-sql -e "CREATE USER '"'pamuser'@'127.0.0.1'"' IDENTIFIED VIA pam" &&
	inv pam.yaml &&
	sed -i "s/^  user: slurm\$/  user: pamuser/" pam.yaml &&
	grep -q "^  user: pamuser" pam.yaml &&
	test_must_fail --exit=1 "$CLUSTERCTL" accounting plan pam.yaml >out 2>err &&
	cat err &&
	grep "cannot connect to MariaDB at 127.0.0.1:$LAB_DB_PORT as .pamuser.: " err &&
	grep -i "mysql_clear_password\|dialog\|plugin" err &&
	! grep "Access denied" err
'

db_restart elsewhere || test_skip_or_die "MariaDB does not restart"

test_expect_success 'a certificate for another host name is refused' '
	test_must_fail --exit=1 "$CLUSTERCTL" accounting plan good.yaml >out 2>err &&
	grep "over TLS: " err && ! grep "Access denied" err &&
	! grep "Can.t connect to server" err
'

test_done
