#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# -e NUMBER is an address, as in GNU ld (decimal, 0x hex, 0 octal); -e
# NAME that nothing defines gives GNU ld's warning, with its 16-digit
# address, and .text's start.  -y SYM (--trace-symbol=SYM) names each
# file that defines or refers to SYM, as read; --print-memory-usage
# prints GNU ld's header (the built-in layout has no MEMORY regions).
t_need_ld_bfd_x86_64
t_write a.c <<'SRC'
int x;
int y = 3;
extern int missing;
extern int wref __attribute__((weak));
int use(void) { return missing + (&wref != 0); }
void _start(void) {}
SRC
t_write b.c <<'SRC'
int x;
int y;
int w = 1;
__attribute__((weak)) int wdef = 2;
SRC
t_compile a.c -fcommon -fno-stack-protector
t_compile b.c -fcommon
entry() { readelf -h "$1" | awk '/Entry point/ {print $4}'; }
for e in 12345 0x401003 010 nosym _start; do
  ld.bfd -e $e -o g.out a.o b.o --unresolved-symbols=ignore-all 2>g.err
  t_mld -e $e -o m.out a.o b.o --unresolved-symbols=ignore-all
  gw=$(sed -n 's/^ld\.bfd: //p' g.err); mw=$(sed -n 's/^mld: //p' stderr.txt)
  if [ "$(entry g.out)" = "$(entry m.out)" ] && [ "$gw" = "$mw" ]; then
    t_pass "-e $e: entry $(entry m.out)${mw:+, $mw}"
  else
    t_fail "-e $e: GNU ld $(entry g.out) '$gw', mld $(entry m.out) '$mw'"
  fi
done
for y in "-y x -y missing -y w" "--trace-symbol=y -y wref -y wdef" "-y nothing"; do
  for o in "a.o b.o" "b.o a.o"; do
    ld.bfd $y -o g.out $o --unresolved-symbols=ignore-all 2>&1 | sed 's/^ld\.bfd: //' >g.txt
    "$MLD" $y -o m.out $o --unresolved-symbols=ignore-all 2>&1 | sed 's/^mld: //' >m.txt
    cmp -s g.txt m.txt && t_pass "$y, $o: GNU ld's lines ($(wc -l <m.txt))" ||
      { t_fail "$y, $o: lines differ"; diff g.txt m.txt; }
  done
done
ld.bfd --print-memory-usage -o g.out a.o b.o --unresolved-symbols=ignore-all >g.txt
t_mld --print-memory-usage -o m.out a.o b.o --unresolved-symbols=ignore-all
cmp -s g.txt stdout.txt && t_pass "--print-memory-usage: GNU ld's output" ||
  t_fail "--print-memory-usage differs"
t_done
