#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# .gnu.warning.SYM and .gnu.warning sections: mld gives GNU ld's warnings,
# once each, with GNU ld's text and location ("a.o: in function 'a1':
# a.c:(.text+0x5): warning: TEXT", on one line after "mld: "), in the
# same cases: static glibc's getpwnam, and hand-made sections referenced
# before and after the file holding them joins the link, weakly, from
# data, only by a COMMON symbol, only by -u.  Neither kind of section
# reaches the output; --fatal-warnings makes the link fail.

# GNU ld's diagnostics in mld's form: no program prefix, "in function"
# joined with its location, 'x' for `x', no "warning: " label.
norm_gnu() {
  sed -E -e 's#^[^ :]*ld(\.bfd)?: ##' \
    -e ':a' -e "/in function \`[^']*':\$/{N;s/\n/ /;ba}" \
    -e "s/\`/'/g" -e 's/warning: //' "$1" | grep -v 'GNU-stack\|^NOTE: '
}
norm_mld() {
  sed -e 's/^mld: warning: //' -e 's/^mld: //' -e 's/warning: //' "$1"
}
same_text() {  # same_text WHAT GNU-STDERR: mld's stderr.txt says the same
  if [ "$(norm_gnu "$2")" = "$(norm_mld stderr.txt)" ]; then
    t_pass "$1: $(norm_mld stderr.txt | head -1)"
  else
    t_fail "$1: messages differ (< GNU ld, > mld)"
    diff <(norm_gnu "$2") <(norm_mld stderr.txt)
  fi
}
no_warning_sections() {
  if readelf -SW "$1" | grep -q '\.gnu\.warning'; then
    t_fail "$1 has a .gnu.warning section"
  else
    t_pass "$1 has no .gnu.warning section"
  fi
}

# 1. Static glibc's getpwnam, through the compiler driver.
t_write pw.c <<'SRC'
#include <pwd.h>
#include <stdio.h>
int main(void) { printf("%d\n", getpwnam("root") != 0); return 0; }
SRC
t_compile pw.c
gcc -static -o pw.ref pw.o 2>pw.ref.err || t_hard_error "gcc -static failed"
if grep -q "Using 'getpwnam' in statically linked" pw.ref.err; then
  t_gcc_mld -static -o pw.mld pw.o
  [ "$T_STATUS" = 0 ] && t_pass "getpwnam links" ||
    t_fail "getpwnam: link failed"
  same_text "getpwnam" pw.ref.err
  no_warning_sections pw.mld
  [ "$(./pw.mld)" = "$(./pw.ref)" ] && t_pass "getpwnam: runs alike" ||
    t_fail "getpwnam: programs differ"
  t_gcc_mld -static -o pw.fatal pw.o -Wl,--fatal-warnings
  expect_failure
  expect_error "pw.o: in function 'main': pw.c:(.text+0x" \
    "Using 'getpwnam' in statically linked applications"
  expect_no_file pw.fatal
  if t_have "AArch64 getpwnam" aarch64-linux-gnu-gcc; then
    if aarch64-linux-gnu-gcc -c -O1 -o pwa.o pw.c &&
       aarch64-linux-gnu-gcc -static -o pwa.ref pwa.o 2>pwa.ref.err; then
      T_CC=aarch64-linux-gnu-gcc t_gcc_mld -static -o pwa.mld pwa.o
      [ "$T_STATUS" = 0 ] && t_pass "AArch64 getpwnam links" ||
        t_fail "AArch64 getpwnam: link failed"
      same_text "AArch64 getpwnam" pwa.ref.err
      no_warning_sections pwa.mld
    else
      t_skip_part "AArch64 getpwnam: aarch64-linux-gnu-gcc cannot link it"
    fi
  fi
else
  t_skip_part "part 1: static glibc has no getpwnam warning here"
fi

# 1b. The same from a C++ function: GNU ld names it demangled.
if grep -q "Using 'getpwnam' in statically linked" pw.ref.err &&
   t_have "C++ getpwnam" g++; then
  t_write pwx.cc <<'SRC'
#include <pwd.h>
#include <cstdio>
namespace ns { int lookup(const char *n) { return getpwnam(n) != 0; } }
int main() { std::printf("%d\n", ns::lookup("root")); return 0; }
SRC
  g++ -c -O1 -o pwx.o pwx.cc || t_hard_error "g++ -c failed"
  g++ -static -o pwx.ref pwx.o 2>pwx.ref.err ||
    t_hard_error "g++ -static failed"
  T_CC=g++ t_gcc_mld -static -o pwx.mld pwx.o
  [ "$T_STATUS" = 0 ] && t_pass "C++ getpwnam links" ||
    t_fail "C++ getpwnam: link failed"
  same_text "C++ getpwnam" pwx.ref.err
  grep -qF "in function 'ns::lookup(char const*)'" stderr.txt &&
    t_pass "C++ function named demangled" ||
    t_fail "C++ function not named demangled"
fi

# 2. Hand-made sections, linked directly by ld.bfd and by mld.
t_write start.s <<'SRC'
	.text
	.globl _start
_start:
	ret
	.section .note.GNU-stack,"",@progbits
SRC
as -o start.o start.s || t_hard_error "as failed"
t_write w.c <<'SRC'
int foo(void) { return 7; }
__attribute__((section(".gnu.warning.foo"), used))
static const char foo_warning[] = "foo is deprecated";
SRC
t_write a.c <<'SRC'
int foo(void);
int a1(void) { return foo(); }
int a2(void) { return foo() + 1; }
SRC
t_write b.c <<'SRC'
int foo(void);
int b1(void) { return foo(); }
SRC
t_write d.c <<'SRC'
int foo(void);
int (*fp)(void) = foo;
SRC
t_write wk.c <<'SRC'
int foo(void) __attribute__((weak));
int wk(void) { return foo ? foo() : 0; }
SRC
t_write self.c <<'SRC'
int foo(void) { return 7; }
int self_use(void) { return foo(); }
__attribute__((section(".gnu.warning.foo"), used))
static const char foo_warning[] = "foo is deprecated";
SRC
t_write c.c <<'SRC'
int bar;
SRC
t_write plain.c <<'SRC'
__attribute__((section(".gnu.warning"), used))
static const char w[] = "plain.o is linked";
int plain_val = 3;
int use_plain(void) { return foo(); }
SRC
t_write bw.s <<'SRC'
	.section .gnu.warning.bar,"",@progbits
	.string "bar is bad"
	.section .note.GNU-stack,"",@progbits
SRC
as -o bw.o bw.s || t_hard_error "as failed"
t_write two.s <<'SRC'
	.section .gnu.warning,"",@progbits,unique,1
	.string "one"
	.section .gnu.warning,"",@progbits,unique,2
	.string "two"
	.section .gnu.warning.foo,"",@progbits,unique,3
	.string "foo one"
	.section .gnu.warning.foo,"",@progbits,unique,4
	.string "foo two"
	.text
	.globl two
two:
	call foo
	.section .note.GNU-stack,"",@progbits
SRC
as -o two.o two.s || t_hard_error "as failed"
for f in w a b d wk self plain; do t_compile $f.c; done
t_compile c.c -fcommon
ar rcs libw.a w.o
ar rcs libplain.a plain.o

t_write wkbar.c <<'SRC'
extern int bar __attribute__((weak));
int wkbar(void) { return &bar ? bar : 0; }
SRC
t_write rbar.c <<'SRC'
extern int bar;
int rbar(void) { return bar; }
SRC
t_write defbar.c <<'SRC'
int bar = 1;
SRC
for f in wkbar rbar defbar; do t_compile $f.c; done

# Each case twice: ld.bfd and mld called directly, and both through gcc,
# which loads its LTO plugin into GNU ld (and so passes -plugin to mld):
# GNU ld counts weak references and -u a little differently then.
n=0
case_() {  # case_ ARGS...: GNU ld and mld give the same messages
  n=$((n + 1))
  ld.bfd -o "ref$n" start.o "$@" 2>"ref$n.err" ||
    t_hard_error "ld.bfd $* failed: $(cat ref$n.err)"
  t_mld -o "out$n" start.o "$@"
  [ "$T_STATUS" = 0 ] || t_fail "mld $*: link failed"
  same_text "$*" "ref$n.err"
  no_warning_sections "out$n"
  local args=() a
  while [ $# -gt 0 ]; do
    case $1 in
      -u) args+=("-Wl,-u,$2"); shift ;;
      -*) args+=("-Wl,$1") ;;
      *) args+=("$1") ;;
    esac
    shift
  done
  gcc -nostdlib -static -o "gref$n" start.o "${args[@]}" 2>"gref$n.err" ||
    t_hard_error "gcc ${args[*]} failed: $(cat gref$n.err)"
  t_gcc_mld -nostdlib -static -o "gout$n" start.o "${args[@]}"
  [ "$T_STATUS" = 0 ] || t_fail "gcc -B mld ${args[*]}: link failed"
  same_text "gcc ${args[*]}" "gref$n.err"
}
case_ a.o libw.a                 # referenced before: the first reference
case_ a.o b.o libw.a
case_ b.o a.o libw.a
case_ w.o a.o b.o                # referenced after: the first reference
case_ d.o a.o libw.a             # from data: no function to name
case_ wk.o libw.a                # weak: no member, no warning
case_ wk.o w.o                   # weak, then the section: plugin only
case_ self.o                     # its own file only: no warning
case_ -u foo w.o                 # -u only: the text alone
case_ -u foo a.o libw.a          # -u and a.o: a.o with the plugin only
case_ c.o bw.o                   # only a COMMON symbol: the file alone
case_ bw.o c.o
case_ wkbar.o bw.o defbar.o      # weak before the definition
case_ wkbar.o defbar.o bw.o
case_ defbar.o wkbar.o bw.o      # weak after the definition: always
case_ defbar.o rbar.o bw.o       # the definer first, then the others
case_ bw.o wkbar.o defbar.o      # the section first: any reference
case_ defbar.o bw.o              # never referenced
case_ a.o plain.o libw.a         # .gnu.warning.SYM first, then .gnu.warning
case_ two.o w.o                  # two of each in one file: plain once
case_ a.o libplain.a -u plain_val libw.a
case_ a.o libw.a --gc-sections

# Each warning once: GNU ld names a1's call, not a2's.
t_mld -o once start.o a.o b.o libw.a
[ "$(grep -c 'foo is deprecated' stderr.txt)" = 1 ] &&
  t_pass "the warning is given once" || t_fail "not given exactly once"
# GNU ld's form, "PLACE: warning: TEXT" (GNU's ld-elf/warn1 matches it).
grep -qx "mld: a.o: in function 'a1': a.c:(.text+0x5): warning: foo is deprecated" stderr.txt &&
  t_pass "GNU ld's form: PLACE: warning: TEXT" ||
  t_fail "not GNU ld's form: $(grep 'foo is deprecated' stderr.txt)"

t_mld -o fatal --fatal-warnings start.o a.o libw.a
expect_failure
expect_first_line_prefix
expect_error "a.o: in function 'a1': a.c:(.text+0x5): warning: foo is deprecated"
expect_no_file fatal
t_mld -o fatal2 --fatal-warnings start.o a.o plain.o libw.a
expect_failure
expect_error "plain.o: warning: plain.o is linked"
expect_no_file fatal2
t_done
