#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# make install puts mld in $bindir with ld.mld beside it (what clang
# -fuse-ld=mld runs), $pkglibexecdir/ld -> mld (for gcc -B), and mld.1;
# with them gcc and clang link a static program with mld by name, and
# make uninstall takes everything away again.
top=$(cd "$(dirname "$MLD")/.." && pwd)
[ -f "$top/Makefile" ] || t_skip "no build tree at $top"
inst=$T/inst
make -s -C "$top" install prefix="$inst" >make.log 2>&1 ||
  { cat make.log; t_hard_error "make install failed"; }
for f in bin/mld bin/ld.mld libexec/mld/ld share/man/man1/mld.1; do
  [ -e "$inst/$f" ] && t_pass "installed $f" || t_fail "no $f installed"
done
[ "$(readlink -f "$inst/bin/ld.mld")" = "$(readlink -f "$inst/bin/mld")" ] &&
  [ "$(readlink -f "$inst/libexec/mld/ld")" = "$(readlink -f "$inst/bin/mld")" ] &&
  t_pass "ld.mld and libexec/mld/ld are mld" || t_fail "links do not lead to mld"

t_write hello.c <<'SRC'
#include <stdio.h>
int main(void) { puts("hello from mld"); return 0; }
SRC
gcc -c hello.c -o hello.o || t_hard_error "gcc -c failed"
gcc -static -B"$inst/libexec/mld/" -o hello.gcc hello.o -Wl,-v >gcc.out 2>&1
grep -q '^mld ' gcc.out && [ "$(./hello.gcc)" = "hello from mld" ] &&
  t_pass "gcc -static -B\$libexecdir/mld: linked by mld, runs" ||
  { cat gcc.out; t_fail "gcc -B did not link with mld"; }
if t_have "clang -fuse-ld=mld" clang; then
  PATH="$inst/bin:$PATH" clang -static -fuse-ld=mld -o hello.clang hello.o \
    -Wl,-v >clang.out 2>&1
  grep -q '^mld ' clang.out && [ "$(./hello.clang)" = "hello from mld" ] &&
    t_pass "clang -static -fuse-ld=mld: linked by mld, runs" ||
    { cat clang.out; t_fail "clang -fuse-ld=mld did not link with mld"; }
fi
man -l "$inst/share/man/man1/mld.1" >man.txt 2>/dev/null || cp "$inst/share/man/man1/mld.1" man.txt
grep -q 'dependency' man.txt && t_pass "mld.1 reads" || t_fail "mld.1 unreadable"
make -s -C "$top" uninstall prefix="$inst" >make.log 2>&1 ||
  { cat make.log; t_hard_error "make uninstall failed"; }
left=$(find "$inst" -type f -o -type l)
[ -z "$left" ] && t_pass "make uninstall removes it all" ||
  t_fail "left after make uninstall: $left"
t_done
