#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Stubs to IFUNC targets.  far_fn sits after a 130 MiB gap, and its calls
# to glibc's memcpy, strlen, strchr and memcmp go through the IPLT at the
# start of the image: out of reach, so through stubs (GNU ld cannot make
# them and reports "relocation truncated to fit"; lld and mold can).  The
# program linked by mld must behave as the one linked by ld.lld.

CC=aarch64-linux-gnu-gcc
T_CC=$CC
for t in $CC aarch64-linux-gnu-as qemu-aarch64 ld.lld; do
    command -v $t >/dev/null || t_skip "$t not found"
done
mkdir -p lbin && ln -sf "$(command -v ld.lld)" lbin/ld

t_write main.c <<'EOF'
#include <stdio.h>
int far_fn(const char *);
int main(void) { printf("main\n"); return far_fn("hello") == 5 ? 0 : 1; }
EOF
t_write far.c <<'EOF'
#include <stdio.h>
#include <string.h>
int far_fn(const char *s) {
  char buf[32];
  memcpy(buf, s, strlen(s) + 1);
  printf("%s %zu %s %d\n", buf, strlen(buf), strchr(buf, 'l'),
         memcmp(buf, "help", 4) > 0);
  return strlen(buf);
}
EOF
printf '\t.section .text.gap,"ax",%%nobits\n\t.skip 130 << 20\n' >gap.s
aarch64-linux-gnu-as -o gap.o gap.s 2>/dev/null || t_hard_error "as gap.s"
$CC -O0 -fno-builtin -c main.c far.c || t_hard_error "compiling"

$CC -static -B lbin/ -o x.lld main.o gap.o far.o || t_skip "ld.lld failed"
t_gcc_mld -static -o x.mld main.o gap.o far.o -Wl,--stats
if [ "$T_STATUS" -ne 0 ]; then
    t_fail "mld failed"
else
    t_pass "mld links calls to IFUNCs 130 MiB away"
    grep 'branch relocations' stderr.txt | sed 's/^/  /'
    timeout 60 qemu-aarch64 ./x.lld >lld.out 2>&1; echo "exit $?" >>lld.out
    timeout 60 qemu-aarch64 ./x.mld >mld.out 2>&1; echo "exit $?" >>mld.out
    if cmp -s lld.out mld.out; then
        t_pass "same output as ld.lld's program: $(tr '\n' ' ' <mld.out)"
    else
        t_fail "ld.lld's program: '$(cat lld.out)', mld's: '$(cat mld.out)'"
    fi
    if aarch64-linux-gnu-readelf -sW x.mld | grep -q ' __memcpy_veneer$'; then
        t_pass "memcpy (an IFUNC) has a veneer"
    else
        t_fail "no __memcpy_veneer"
    fi
fi
rm -f x.lld x.mld
t_done
