#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# COMMON symbols against definitions, in objects and archive members: the
# warnings GNU ld gives when a definition is less aligned than a COMMON
# symbol or replaces one of another size, with the same text (quotes
# included: GNU ld's own tests match `x'), and the same resulting symbol
# sizes;
# COMMON sizes merge across an object and an extracted archive member.
# --fatal-warnings makes such a warning fail the link.

t_write start.s <<'SRC'
	.text
	.globl _start
_start:
	ret
	.section .note.GNU-stack,"",@progbits
SRC
as -o start.o start.s || t_hard_error "as failed"
src() { t_write "$1.c"; t_compile "$1.c" -fcommon; }
echo 'int x;' | src c4
echo 'int x[4];' | src c16
echo 'int x = 1;' | src d4
echo 'int x[4] = {1};' | src d16
echo '__attribute__((weak)) int x = 1;' | src w4
echo '__attribute__((weak)) int x[4] = {1};' | src w16
echo 'int x[2];' | src c8
echo 'char pad = 1; int x = 1;' | src d4off
echo 'int x __attribute__((aligned(32))) = 1;' | src d4al
# Archive members: one with a bigger COMMON x, extracted for pull().
echo 'int x[16]; int pull(void) { return 1; }' | src m64
echo 'int pull(void); int use(void) { return pull(); }' | src usepull
ar rcs libm64.a m64.o
echo 'int x[16] = {1};' | src md64
ar rcs libmd64.a md64.o

norm() {  # GNU ld's and mld's diagnostics in one form
  sed -e 's/^ld\.bfd: //' -e 's/^mld: //' "$1"
}
n=0
compare() {
  n=$((n + 1))
  ld.bfd -o "ref$n" start.o "$@" 2>"ref$n.err" ||
    t_hard_error "ld.bfd $* failed: $(cat ref$n.err)"
  t_mld -o "out$n" start.o "$@"
  if [ "$T_STATUS" != 0 ]; then
    t_fail "mld $* failed"
    return
  fi
  if [ "$(norm "ref$n.err")" = "$(norm stderr.txt)" ]; then
    t_pass "$*: same warnings ($(wc -l <stderr.txt) lines)"
  else
    t_fail "$*: warnings differ"
    diff <(norm "ref$n.err") <(norm stderr.txt)
  fi
  local want got
  want=$(nm -S "ref$n" | awk '$4 == "x" {print $2, $3}')
  got=$(nm -S "out$n" | awk '$4 == "x" {print $2, $3}')
  [ "$want" = "$got" ] && t_pass "$*: x is '$got'" ||
    t_fail "$*: x is '$got' with mld, '$want' with GNU ld"
}
for pair in "c4 d16" "d16 c4" "c16 d4" "d4 c16" "c4 c8" "c8 c4" "w4 c16" \
            "c16 w4" "c4 w16" "w16 c4" "c8 d4off" "c8 d4al" "c16 d4 c8"; do
  objs=
  for o in $pair; do objs="$objs $o.o"; done
  compare $objs
done
compare c4.o usepull.o libm64.a
compare c4.o libm64.a             # a COMMON in a member does not extract it
compare c4.o libmd64.a

# At least one of the links above warned, or the test tests nothing.
grep -q "size of symbol \`x' changed" stderr.txt ||
  grep -q "size of symbol" ref*.err || t_hard_error "no warning seen"

t_mld -o fatal --fatal-warnings start.o c4.o d16.o
expect_failure
expect_error "size of symbol \`x' changed from 4 in c4.o to 16 in d16.o"
expect_no_file fatal
t_done
