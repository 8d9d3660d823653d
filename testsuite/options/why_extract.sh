#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
dir=$(cd "$(dirname "$0")" && pwd)
. "$(dirname "$0")/../lib.sh"
# --why-extract=FILE (or - for standard output) writes lld's table: the
# file whose reference pulled each archive member in ("<internal>" for
# -u and the entry symbol), the member, the symbol.  On small links it is
# ld.lld's file byte for byte; on a gcc -static glibc link it lists the
# members GNU ld's -Map lists, in its order, each for the same symbol.
t_need_ld_bfd_x86_64
t_write main.c <<'SRC'
extern int a1(void);
int main(void) { return a1(); }
SRC
t_write a.c <<'SRC'
extern int b1(void);
int a1(void) { return b1() + 1; }
SRC
t_write b.c <<'SRC'
int b1(void) { return 2; }
int forced(void) { return 3; }
SRC
for f in main a b; do t_compile $f.c; done
rm -f liba.a libb.a && ar rcs liba.a a.o && ar rcs libb.a b.o
if t_have "ld.lld comparison" ld.lld; then
  for args in "main.o -L. -la -lb -e main" "main.o -L. -la -lb -e main -u forced" \
              "main.o --whole-archive liba.a --no-whole-archive -L. -lb -e main"; do
    ld.lld --why-extract=lld.txt -o l.out $args || t_hard_error "ld.lld failed"
    t_mld --why-extract=mld.txt -o m.out $args
    cmp -s lld.txt mld.txt && t_pass "$args: ld.lld's table ($(wc -l <mld.txt) lines)" ||
      { t_fail "$args: tables differ"; diff lld.txt mld.txt; }
  done
fi
t_mld --why-extract=- -o m.out main.o -L. -la -lb -e main
[ "$(head -1 stdout.txt)" = "$(printf 'reference\textracted\tsymbol')" ] &&
  grep -q "$(printf '^main.o\t./liba.a(a.o)\ta1$')" stdout.txt &&
  t_pass "--why-extract=-: standard output" || t_fail "--why-extract=- printed no table"

# A glibc link: the members and symbols of GNU ld's map, in its order.
gcc -static -o g.out main.o -L. -la -lb -Wl,-Map=gnu.map || t_hard_error "gcc failed"
t_gcc_mld -static -o m.out main.o -L. -la -lb -Wl,--why-extract=why.txt
"$PYTHON" "$dir/mapnorm.py" gnu.map --members |
  sed -n 's/^\([^ ]*\) .*(\([^()]*\))$/\1 \2/p' >gnu.pairs
awk -F'\t' 'NR > 1 {print $2, $3}' why.txt >mld.pairs
[ -s mld.pairs ] && cmp -s gnu.pairs mld.pairs &&
  t_pass "glibc: GNU ld's members and symbols ($(wc -l <mld.pairs))" ||
  { t_fail "glibc: members differ from GNU ld's map"; diff gnu.pairs mld.pairs | head; }
t_mld --why-extract=/nonexistent/dir/w.txt -o m.out main.o -L. -la -lb -e main
expect_error "cannot open --why-extract= file /nonexistent/dir/w.txt"
t_done
