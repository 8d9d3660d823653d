#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# x86-64 .note.gnu.property as GNU ld writes it from the inputs and the
# command line: -z ibt and -z shstk force the features on, -z x86-64-vN adds
# an ISA level to GNU_PROPERTY_X86_ISA_1_NEEDED (merged by OR with the
# inputs'), -z cet-report=warning|error names every input that lacks IBT or
# SHSTK (error: the link fails); -z lam-u48 (which sets LAM_U57 too in GNU
# ld 2.40) and -z lam-u57 force LAM features on, and -z lam-report=,
# lam-u48-report= and lam-u57-report= name the inputs that lack them;
# -z indirect-extern-access sets GNU_PROPERTY_1_NEEDED's bit for it, and
# -z noindirect-extern-access takes out what an input (gcc
# -mno-direct-extern-access) gave, leaving the property at 0 (mld made
# neither change).  Each case is linked by gcc with GNU ld and
# with mld; properties, exit status and the reports must match.  AArch64
# ignores the x86 keywords with a warning, as GNU ld does.

[ "$(uname -m)" = x86_64 ] || t_skip "x86-64 host needed"
t_write m.c <<'SRC'
int main(void) { return 0; }
SRC
gcc -c -o plain.o m.c && gcc -c -fcf-protection -o cet.o m.c &&
  gcc -c -mneeded -march=x86-64-v3 -o v3.o m.c &&
  gcc -c -mno-direct-extern-access -o nde.o m.c || t_hard_error "gcc failed"

props() { readelf -n "$1" 2>/dev/null | sed -n '/NT_GNU_PROPERTY_TYPE_0/,/^$/p' |
  grep -v NT_GNU_PROPERTY_TYPE_0 | sed 's/^[[:space:]]*//'; }
# GNU ld's words, "ld: FILE: warning: missing X", but for the program.
reports() {
  sed -n 's/^[^ ]*ld\(\.bfd\)\{0,1\}: \(.*: \(warning\|error\): missing .*\)/\2/p;
          s/^mld: \(.*: \(warning\|error\): missing .*\)/\1/p' "$1" |
    head -n "${REPORT_LIMIT:-100000}" | sort
}
check() {  # check NAME OBJ -z ...: same properties, status and reports
  local name=$1
  shift
  gcc -static -o "$name.bfd" "$@" 2>"$name.bfd.err"
  local st_bfd=$?
  t_gcc_mld -static -o "$name.mld" "$@"
  cp stderr.txt "$name.mld.err"
  local want got
  want="status=$st_bfd $(props "$name.bfd" | tr '\n' '|') reports=$(reports "$name.bfd.err" | md5sum | cut -c1-8)/$(reports "$name.bfd.err" | wc -l)"
  got="status=$T_STATUS $(props "$name.mld" | tr '\n' '|') reports=$(reports "$name.mld.err" | md5sum | cut -c1-8)/$(reports "$name.mld.err" | wc -l)"
  [ "$got" = "$want" ] && t_pass "$name: $got" ||
    { diff <(reports "$name.bfd.err") <(reports "$name.mld.err") | head -5
      t_fail "$name: mld '$got', GNU ld '$want'"; }
}
check cet cet.o
check v3 v3.o
check ibt plain.o -Wl,-z,ibt
check ibt-cet cet.o -Wl,-z,ibt
check shstk plain.o -Wl,-z,shstk
check both plain.o -Wl,-z,ibt,-z,shstk
check isa-v2 plain.o -Wl,-z,x86-64-v2
check isa-v4 v3.o -Wl,-z,x86-64-v4
check report-warning cet.o -Wl,-z,cet-report=warning
check report-ibt plain.o -Wl,-z,ibt,-z,cet-report=warning
# mld stops after 20 errors (as lld does); the first 20 are GNU ld's first 20.
REPORT_LIMIT=20 check report-error cet.o -Wl,-z,cet-report=error
check report-none plain.o -Wl,-z,cet-report=warning,-z,cet-report=none
check lam-u48 plain.o -Wl,-z,lam-u48
check lam-u57 plain.o -Wl,-z,lam-u57
check lam-cet cet.o -Wl,-z,lam-u57,-z,shstk
check lam-report plain.o -Wl,-z,lam-report=warning
check lam-u48-report plain.o -Wl,-z,lam-u48-report=warning
REPORT_LIMIT=20 check lam-u57-report plain.o -Wl,-z,lam-u57-report=error
check lam-report-forced plain.o -Wl,-z,lam-u57,-z,lam-u57-report=warning
check lam-report-u48-forced plain.o -Wl,-z,lam-u48,-z,lam-report=warning
check iea plain.o -Wl,-z,indirect-extern-access
check iea-input nde.o
check iea-input-on nde.o -Wl,-z,indirect-extern-access
check noiea-input nde.o -Wl,-z,noindirect-extern-access
check noiea-last nde.o -Wl,-z,noindirect-extern-access,-z,indirect-extern-access
check iea-last plain.o -Wl,-z,indirect-extern-access,-z,noindirect-extern-access

# The same with -r: the options merge into the output's note as in an
# executable, and the reports name the same inputs.
echo 'int f1(void) { return 1; }' >f1.c && echo 'int f2(void) { return 2; }' >f2.c &&
  echo 'int f3(void) { return 3; }' >f3.c || t_hard_error "cannot write"
gcc -c -o r1.o f1.c && gcc -c -fcf-protection -o r2.o f2.c &&
  gcc -c -mneeded -march=x86-64-v3 -o r3.o f3.c || t_hard_error "gcc failed"
check_r() {  # check_r NAME -z ...: r1.o r2.o r3.o, by ld -r
  local name=$1
  shift
  ld.bfd -r -o "$name.bfd" r1.o r2.o r3.o "$@" 2>"$name.bfd.err"
  local st_bfd=$?
  t_mld -r -o "$name.mld" r1.o r2.o r3.o "$@"
  cp stderr.txt "$name.mld.err"
  local want got
  want="status=$st_bfd $(props "$name.bfd" | tr '\n' '|') reports=$(reports "$name.bfd.err" | tr '\n' '|')"
  got="status=$T_STATUS $(props "$name.mld" | tr '\n' '|') reports=$(reports "$name.mld.err" | tr '\n' '|')"
  [ "$got" = "$want" ] && t_pass "-r $name: $got" ||
    t_fail "-r $name: mld '$got', GNU ld '$want'"
}
check_r none
check_r ibt -z ibt
check_r shstk -z shstk
check_r lam-u48 -z lam-u48
check_r lam-u57 -z lam-u57
check_r isa-v4 -z x86-64-v4
check_r ibtplt -z ibtplt
check_r report-warning -z cet-report=warning
check_r report-error -z cet-report=error
check_r lam-report -z lam-report=warning
check_r iea -z indirect-extern-access

# GNU ld 2.40 aborts on -z x86-64-baseline (an internal error in
# _bfd_x86_elf_merge_gnu_properties, fixed in later versions); mld marks
# the baseline level as needed, as -z x86-64-v2 marks v2.
t_gcc_mld -static -o base.mld plain.o -Wl,-z,x86-64-baseline
[ "$T_STATUS" = 0 ] && props base.mld | grep -q 'x86 ISA needed: x86-64-baseline$' &&
  t_pass "-z x86-64-baseline: ISA needed x86-64-baseline" ||
  t_fail "-z x86-64-baseline: $(props base.mld | tr '\n' '|')"

t_mld -o bad.out plain.o -z cet-report=bogus
expect_error "invalid option for -z cet-report=: bogus"

if t_have AArch64 aarch64-linux-gnu-gcc; then
  aarch64-linux-gnu-gcc -c -o a64.o m.c || t_hard_error "aarch64 gcc failed"
  T_CC=aarch64-linux-gnu-gcc t_gcc_mld -static -o a64.out a64.o -Wl,-z,ibt,-z,x86-64-v2,-z,lam-u48,-z,ibtplt,-z,noreloc-overflow
  [ "$T_STATUS" = 0 ] && grep -q '^mld: warning: -z ibt ignored$' stderr.txt &&
    grep -q '^mld: warning: -z x86-64-v2 ignored$' stderr.txt &&
    grep -q '^mld: warning: -z lam-u48 ignored$' stderr.txt &&
    grep -q '^mld: warning: -z ibtplt ignored$' stderr.txt &&
    grep -q '^mld: warning: -z noreloc-overflow ignored$' stderr.txt &&
    t_pass "aarch64: x86 keywords ignored with a warning" ||
    t_fail "aarch64: x86 keywords not reported as GNU ld reports them"
fi
t_done
