#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
dir=$(cd "$(dirname "$0")" && pwd)
. "$(dirname "$0")/../lib.sh"
# -N (--omagic) and -n (--nmagic) make the output not demand-paged, as in
# GNU ld 2.40: no section aligned to a page (with -N not even the data,
# which then follows the read-only data, and no RELRO; with -n the data
# segment's gap stays, inside the file), one PT_LOAD of everything,
# readable, writable and executable (GNU ld's RWX warning), aligned to its
# most aligned section, starting at the first section, the headers in no
# PT_LOAD; -N makes .text writable.  --no-omagic undoes both: the output
# is then the default's.  Without libc (which the headers' absence breaks)
# the layout (layoutnorm.py) is GNU ld's on both architectures and the
# programs run; with static glibc, which needs __ehdr_start, both linkers
# fail.

t_write tiny.c <<'SRC'
static const char msg[] = "tiny ok\n";
int counter = 5;
int zbss[100];
#if defined(__x86_64__)
void _start(void) {
  long r;
  zbss[3] = counter;
  __asm__ volatile("syscall" : "=a"(r) : "a"(1), "D"(1), "S"(msg), "d"(8)
                   : "rcx", "r11", "memory");
  __asm__ volatile("syscall" ::"a"(60), "D"(zbss[3] - 5));
  for (;;) ;
}
#else
void _start(void) {
  zbss[3] = counter;
  register long x0 __asm__("x0") = 1;
  register const char *x1 __asm__("x1") = msg;
  register long x2 __asm__("x2") = 8;
  register long x8 __asm__("x8") = 64;
  __asm__ volatile("svc 0" : "+r"(x0) : "r"(x1), "r"(x2), "r"(x8) : "memory");
  register long a0 __asm__("x0") = zbss[3] - 5;
  register long n __asm__("x8") = 93;
  __asm__ volatile("svc 0" ::"r"(a0), "r"(n));
  for (;;) ;
}
#endif
SRC
t_write hello.c <<'SRC'
#include <stdio.h>
int main(void) { puts("hello"); return 0; }
SRC
norm() { "$PYTHON" "$dir/layoutnorm.py" "$1"; }
rwx() { grep -c 'LOAD segment with RWX permissions' "$1"; }
for arch in x86 a64; do
  if [ $arch = x86 ]; then
    cc=gcc run=
  else
    cc=aarch64-linux-gnu-gcc run=qemu-aarch64
    t_have AArch64 $cc $run || continue
  fi
  $cc -O1 -c tiny.c -o tiny.o && $cc -O1 -c hello.c -o hello.o ||
    t_hard_error "$cc failed"
  for o in -N -n --omagic,-Ttext=0x500000 --nmagic -N,--no-omagic \
      -n,--no-omagic --no-omagic; do
    $cc -static -nostdlib -o g.out tiny.o -Wl,$o 2>g.err ||
      t_hard_error "GNU ld $o"
    T_CC=$cc t_gcc_mld -static -nostdlib -o m.out tiny.o -Wl,$o
    [ "$T_STATUS" = 0 ] || { t_fail "$arch $o: mld failed"; continue; }
    [ "$(norm g.out)" = "$(norm m.out)" ] && t_pass "$arch $o: GNU ld's layout" ||
      { t_fail "$arch $o: the layout differs"; diff <(norm g.out) <(norm m.out); }
    [ "$(rwx g.err)" = "$(rwx stderr.txt)" ] &&
      t_pass "$arch $o: $(rwx stderr.txt) RWX warnings, as GNU ld" ||
      t_fail "$arch $o: GNU ld warns of RWX $(rwx g.err) times, mld $(rwx stderr.txt)"
    # -Ttext takes .text away from the others, out of the one PT_LOAD.
    [[ $o = *Ttext* ]] && continue
    $run ./m.out >m.run; s=$?
    [ "$s:$(cat m.run)" = "0:tiny ok" ] && t_pass "$arch $o: runs" ||
      t_fail "$arch $o: exits $s: $(cat m.run)"
  done
  [ "$(norm m.out)" = "$($cc -static -nostdlib -o d.out tiny.o && norm d.out)" ] &&
    t_pass "$arch: --no-omagic is the default" || t_fail "$arch: --no-omagic changes the output"
  for o in -N -n; do
    rm -f m.out
    T_CC=$cc t_gcc_mld -static -o m.out hello.o -Wl,$o
    expect_failure
    expect_error "undefined reference to \`__ehdr_start'"
    expect_no_file m.out
  done
done
t_done
