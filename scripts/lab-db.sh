# lab-db.sh - MariaDB for the lab, sourced by lab.sh (db-up, db-down, db-sql).
#
# The MariaDB of the lab's Slurm generation (Debian 12's 10.11 for 22.05, the
# Debian 13 root's 11.8 for 24.11, Debian testing's for 26.05, run with that root's /usr in a mount
# namespace of its own) on 127.0.0.1:$LAB_DB_PORT with datadir, socket, pid and log
# under $LAB; root over the socket only; DB user `slurm` (127.0.0.1 and localhost)
# with a random password in $LAB/secrets/db.pass (0600, no trailing newline); an
# empty database slurm_acct_db. The settings Slurm's accounting docs ask for
# (innodb_lock_wait_timeout=900) are on. $LAB/my.cnf.extra, when there, is
# appended to the [mysqld] section at each start (a test's TLS settings).

db_cnf() { echo "$LAB/my.cnf"; }

# The port is fixed at the lab's first db-up ($LAB/db.port), like LAB_NET.
db_port_init() {
	if [ -s "$LAB/db.port" ]; then LAB_DB_PORT=$(<"$LAB/db.port"); fi
}

db_write_cnf() {
	mkdir -p "$LAB/mysql-tmp" "$LAB/log"
	cat >"$(db_cnf)" <<EOF
# MariaDB of the clusterctl lab (written by scripts/lab.sh)
[client]
port = $LAB_DB_PORT
socket = $LAB/mysql.sock
user = root

[mysqld]
user = root
datadir = $LAB/mysql
socket = $LAB/mysql.sock
port = $LAB_DB_PORT
bind-address = 127.0.0.1
pid-file = $LAB/mysqld.pid
log-error = $LAB/log/mysqld.err
tmpdir = $LAB/mysql-tmp
skip-name-resolve
skip-log-bin
innodb_buffer_pool_size = 128M
innodb_log_file_size = 64M
innodb_lock_wait_timeout = 900
# MariaDB 11.8 (the 24.11 and 26.05 roots) turns it on by default, and
# slurmdbd 26.05 says it will fatal on a write conflict under it ("loose-":
# 10.11, Debian 12's, does not know the option)
loose-innodb_snapshot_isolation = OFF
max_connections = 100
general_log = $LAB_GENERAL_LOG
general_log_file = $LAB/log/mysql-general.log
EOF
	# a test's own server settings (TLS certificates ...), kept across db-up
	[ -r "$LAB/my.cnf.extra" ] && cat "$LAB/my.cnf.extra" >>"$(db_cnf)"
	return 0
}

db_pid() {
	local pid
	[ -s "$LAB/mysqld.pid" ] || return 1
	pid=$(<"$LAB/mysqld.pid")
	pid_check "$pid" mariadbd || return 1
	echo "$pid"
}

db_sql() { mariadb --defaults-file="$(db_cnf)" "$@"; }

# db_exec CMD...: CMD with the /usr of the lab's Slurm generation (the
# machine's own for 22.05)
db_exec() {
	local root
	root=$(cat "$LAB/slurm-root" 2>/dev/null)
	[ -n "$root" ] || { "$@"; return; }
	unshare --mount --propagation private -- sh -c '
		mount --bind "$1/usr" /usr && mount --bind "$1/etc/ld.so.cache" /etc/ld.so.cache &&
		shift && exec "$@"' sh "$root" "$@"
}

db_port_busy() { ss -Hltn "sport = :$LAB_DB_PORT" 2>/dev/null | grep -q .; }

db_start() {
	db_port_busy && die "$(held_by 127.0.0.1 "$LAB_DB_PORT")"
	if [ ! -d "$LAB/mysql/mysql" ]; then
		db_exec mariadb-install-db --defaults-file="$(db_cnf)" --user=root \
			--auth-root-authentication-method=socket --skip-test-db \
			>"$LAB/log/mariadb-install-db.log" 2>&1 ||
			die "mariadb-install-db failed, see $LAB/log/mariadb-install-db.log"
	fi
	rm -f "$LAB/mysql.sock"
	db_exec setsid mariadbd --defaults-file="$(db_cnf)" </dev/null >>"$LAB/log/mariadbd.out" 2>&1 9>&- &
	local i
	for ((i = 0; i < 120; i++)); do
		db_pid >/dev/null && mariadb-admin --defaults-file="$(db_cnf)" ping >/dev/null 2>&1 && return 0
		sleep 0.25
	done
	die "mariadb did not start: $(tail -n 5 "$LAB/log/mysqld.err" 2>/dev/null)"
}

db_up() {
	lab_init
	[ -s "$LAB/db.port" ] || echo "$LAB_DB_PORT" >"$LAB/db.port"
	db_port_init
	if ! db_pid >/dev/null; then
		db_write_cnf
		db_start
	fi
	local pass_file="$LAB/secrets/db.pass" pass
	if [ ! -s "$pass_file" ]; then
		(umask 077; head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' | head -c 24 >"$pass_file")
	fi
	chmod 0600 "$pass_file"
	pass=$(<"$pass_file")
	# idempotent: the password file is the truth, the users follow it
	db_sql <<SQL || die "cannot create the database or the slurm user"
CREATE DATABASE IF NOT EXISTS slurm_acct_db;
CREATE USER IF NOT EXISTS 'slurm'@'127.0.0.1';
CREATE USER IF NOT EXISTS 'slurm'@'localhost';
ALTER USER 'slurm'@'127.0.0.1' IDENTIFIED BY '$pass';
ALTER USER 'slurm'@'localhost' IDENTIFIED BY '$pass';
GRANT ALL PRIVILEGES ON slurm_acct_db.* TO 'slurm'@'127.0.0.1';
GRANT ALL PRIVILEGES ON slurm_acct_db.* TO 'slurm'@'localhost';
FLUSH PRIVILEGES;
SQL
	say "db up on 127.0.0.1:$LAB_DB_PORT (socket $LAB/mysql.sock)"
}

db_down() {
	local pid i
	pid=$(db_pid) || { rm -f "$LAB/mysqld.pid"; return 0; }
	if [ "${LAB_FAST:-0}" = 1 ]; then kill -KILL "$pid"; else kill -TERM "$pid"; fi
	for ((i = 0; i < 300; i++)); do
		[ -d "/proc/$pid" ] || { rm -f "$LAB/mysqld.pid"; return 0; }
		sleep 0.1
	done
	say "mariadb pid $pid did not stop in 30 s, killing it"
	kill -KILL "$pid"
}
