#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# A sample of links under valgrind (memcheck): glibc, musl and AArch64
# programs, a link that fails, and a malformed object.  Any invalid read
# or write, or use of uninitialised memory, fails the test.

command -v valgrind >/dev/null || t_skip "valgrind is not installed"
if ldd "$MLD" 2>/dev/null | grep -q 'libasan'; then
  t_skip "mld is built with AddressSanitizer"
fi
mkdir vbin
cat >vbin/ld <<SH
#!/bin/sh
exec valgrind -q --error-exitcode=99 --track-origins=yes "$MLD" --no-fork "\$@"
SH
chmod +x vbin/ld

t_write main.c <<'SRC'
#include <stdio.h>
#include <string.h>
__thread int tls = 41;
int main(int argc, char **argv) {
  (void)argv;
  printf("%d %zu\n", tls + argc, strlen("valgrind"));
  return 0;
}
SRC

check_link() {  # check_link NAME CC [RUN...]
  local name=$1 cc=$2
  shift 2
  t_have "$name" "$cc" "$@" || return
  $cc -static -B"$T/vbin/" -o "$name" main.c >"$name.log" 2>&1
  local rc=$?
  if [ $rc = 0 ] && [ "$("$@" "./$name")" = "42 8" ]; then
    t_pass "$name: clean under valgrind, program runs"
  else
    t_fail "$name: exit $rc: $(head -5 "$name.log")"
  fi
}
check_link glibc gcc
check_link musl musl-gcc
check_link aarch64 aarch64-linux-gnu-gcc qemu-aarch64

t_write undef.c <<'SRC'
extern int missing(void);
void _start(void) { missing(); }
SRC
t_compile undef.c
t_run valgrind -q --error-exitcode=99 "$MLD" --no-fork -static -o out undef.o
[ "$T_STATUS" = 1 ] && t_pass "failing link: exit 1, no valgrind error" ||
  t_fail "failing link: exit $T_STATUS"

head -c 200 undef.o >trunc.o
t_run valgrind -q --error-exitcode=99 "$MLD" --no-fork -static -o out trunc.o
[ "$T_STATUS" = 1 ] && t_pass "truncated object: exit 1, no valgrind error" ||
  t_fail "truncated object: exit $T_STATUS"

t_done
