#!/bin/sh
# build-sshprobe.sh OUT: compiles the sshprobe test driver (tests/tools/sshprobe.c)
# with the transport and executor sources it needs, straight from src/, so the
# integration tests and bench/push do not depend on a build directory's layout.
# SANITIZE=address,undefined builds it with the sanitisers, like the Makefile.
set -e
TOP=$(cd "$(dirname "$0")/../.." && pwd)
out=$1
san=
[ -n "${SANITIZE:-}" ] && san="-fsanitize=$SANITIZE -fno-omit-frame-pointer -fno-sanitize-recover=all"
# shellcheck disable=SC2046,SC2086
${CC:-cc} -std=c17 -Wall -Wextra -Werror -O2 -g $san -I"$TOP/src" \
	$(pkg-config --cflags libssh) -o "$out" "$TOP/tests/tools/sshprobe.c" \
	"$TOP/src/transport/exec.c" "$TOP"/src/transport/transport*.c "$TOP/src/base/strbuf.c" \
	"$TOP/src/base/fileio.c" "$TOP/src/base/xalloc.c" "$TOP/src/base/die.c" $(pkg-config --libs libssh) -lpthread
