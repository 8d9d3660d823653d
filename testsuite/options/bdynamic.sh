#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# -Bdynamic (-dy, -call_shared) makes the -l options after it try
# libNAME.so before libNAME.a in each directory, as in GNU ld; a shared
# library found that way cannot go into a static executable, so both
# linkers refuse the link ("attempted static link of dynamic object"),
# where mld used to ignore -Bdynamic and link the archive.  -Bstatic
# (-static, -dn, -non_shared) goes back to archives only, and
# --push-state/--pop-state save and restore the choice.
t_which_main
t_write a.c <<'SRC'
int which(void) { return 7; }
SRC
t_compile main.c -fno-stack-protector
t_compile a.c -fPIC -fno-stack-protector
mkdir -p both aonly
ar rcs both/libw.a a.o
gcc -shared -nostdlib -o both/libw.so a.o || t_hard_error "gcc -shared failed"
ar rcs aonly/libw.a a.o

# The shared library is found first and refused, by both linkers.
t_same_as_ld -static main.o -Lboth -Bdynamic -lw
expect_error "attempted static link of dynamic object" "libw.so"
t_same_as_ld -static main.o -Lboth -dy -lw
t_same_as_ld -static main.o -Lboth -call_shared -lw
# Only the archive there: it is linked.
t_same_as_ld -static main.o -Laonly -Bdynamic -lw
# -Bstatic after -Bdynamic: archives only again.
for b in -Bstatic -static -dn -non_shared; do
  t_same_as_ld main.o -Lboth -Bdynamic $b -lw
done
# --pop-state restores the -Bstatic in force at --push-state ...
t_same_as_ld -static main.o -Lboth --push-state -Bdynamic --pop-state -lw
# ... and the -Bdynamic one.
t_same_as_ld -static main.o -Lboth -Bdynamic --push-state -Bstatic --pop-state -lw
expect_error "attempted static link of dynamic object"
# A -l inside an input script follows the state where the script is.
echo 'INPUT(-lw)' >w.lds
t_same_as_ld -static main.o -Lboth -Bdynamic w.lds
# --pop-state with nothing pushed is an error in both.
t_same_as_ld -static main.o -Laonly --pop-state -lw
expect_error "no state pushed before popping"
t_done
