#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Undefined and duplicate symbols, in exact text on both architectures:
# every undefined symbol of the link in one run, in the order of first
# references; up to three different places each (file.c:LINE from
# .debug_line, DWARF 5 and 4, then object:(function), an archive
# member's name, object:(section+offset) outside functions, one line
# without debug information), then "referenced N more times"; "did you
# mean" for a name in another case, one edit away, or the C/C++ twin of
# a missing extern "C"; --warn-once shows one place; a duplicate
# definition shows both.  AArch64's two relocations on one line (ADRP,
# LDR) are one place.
msgs() { grep -v '^collect2: ' stderr.txt; }
t_write a.c <<'SRC'
extern int foo(void);
extern int Counter;
int get_value(int);
int get_valeu(int);
int main(void) {
  int x = foo();
  x += foo();
  x += Counter;
  return x + get_valeu(1);
}
int helper(void) { return foo() + foo() + foo(); }
SRC
t_write b.c <<'SRC'
int counter = 3;
int get_value(int x) { return x; }
int dup(void) { return 1; }
SRC
t_write c.c <<'SRC'
int dup(void) { return 2; }
SRC
t_write d.c <<'SRC'
extern int foo(void);
int (*fp)(void) = foo;
SRC
t_write cxx.cc <<'SRC'
int cdef(int);
int cxxdef(int x) { return x; }
int g() { return cdef(2); }
SRC
t_write cdef.c <<'SRC'
int cdef(int x) { return x + 1; }
int cxxdef(int);
int h(void) { return cxxdef(3); }
SRC
check() {   # check CC CXX
  local cc=$1 cxx=$2
  t_have "$cc" $cc $cxx || return
  T_CC=$cc t_compile a.c -g -O0
  T_CC=$cc t_compile b.c -g
  T_CC=$cc t_compile c.c -g
  T_CC=$cc t_compile d.c -fno-pic
  T_CC=$cc t_compile cdef.c -g
  $cc -c -g -gdwarf-4 -O0 -ffunction-sections a.c -o a4.o || t_hard_error "$cc a4.o"
  $cxx -c -g cxx.cc -o cxx.o || t_hard_error "$cxx failed"
  rm -f liba.a && ar rcs liba.a a4.o
  local refs_a="
>>> referenced by $T/a.c:6
>>>               a.o:(main)
>>> referenced by $T/a.c:7
>>>               a.o:(main)
>>> referenced by $T/a.c:11
>>>               a.o:(helper)
>>> referenced 3 more times"
  T_CC=$cc t_gcc_mld -static -nostartfiles -e main -o x a.o b.o d.o
  expect_failure
  local want="mld: error: a.o: in function \`main': $T/a.c:6: undefined reference to \`foo'$refs_a
mld: error: a.o: in function \`main': $T/a.c:8: undefined reference to \`Counter'
>>> referenced by $T/a.c:8
>>>               a.o:(main)
>>> did you mean: counter
>>> defined in: b.o
mld: error: a.o: in function \`main': $T/a.c:9: undefined reference to \`get_valeu'
>>> referenced by $T/a.c:9
>>>               a.o:(main)
>>> did you mean: get_value
>>> defined in: b.o"
  [ "$(msgs)" = "$want" ] && t_pass "$cc: every undefined symbol, its places, did you mean" ||
    { t_fail "$cc: messages differ"; diff <(echo "$want") <(msgs); }

  T_CC=$cc t_gcc_mld -static -nostartfiles -e main -o x d.o a.o b.o
  expect_failure
  [ "$(head -3 stderr.txt)" = "mld: error: d.c:(.data+0x0): undefined reference to \`foo'
>>> referenced by d.o:(.data+0x0)
>>> referenced by $T/a.c:6" ] && t_pass "$cc: in the order of first references" ||
    t_fail "$cc: order: $(head -3 stderr.txt)"

  T_CC=$cc t_gcc_mld -static -nostartfiles -e main -o x -Wl,-u,main liba.a b.o d.o
  expect_failure
  # The compilation directory before the name, as GNU ld puts it (bfd's
  # concat_filename takes DW_AT_comp_dir; mld once printed a.c alone).
  want="mld: error: liba.a(a4.o): in function \`main': $T/a.c:6: undefined reference to \`foo'
>>> referenced by $T/a.c:6
>>>               liba.a(a4.o):(main)
>>> referenced by $T/a.c:7
>>>               liba.a(a4.o):(main)
>>> referenced by $T/a.c:11
>>>               liba.a(a4.o):(helper)
>>> referenced 3 more times"
  [ "$(head -8 stderr.txt)" = "$want" ] && t_pass "$cc: DWARF 4, an archive member" ||
    { t_fail "$cc: DWARF 4 / member"; diff <(echo "$want") <(head -8 stderr.txt); }

  T_CC=$cc t_gcc_mld -static -nostartfiles -e main -o x -Wl,--warn-once a.o b.o d.o
  expect_failure
  want="mld: error: a.o: in function \`main': $T/a.c:6: undefined reference to \`foo'
>>> referenced by $T/a.c:6
>>>               a.o:(main)
mld: error: a.o: in function \`main': $T/a.c:8: undefined reference to \`Counter'"
  [ "$(head -4 stderr.txt)" = "$want" ] && t_pass "$cc: --warn-once, one place" ||
    { t_fail "$cc: --warn-once"; diff <(echo "$want") <(head -4 stderr.txt); }

  T_CC=$cc t_gcc_mld -static -nostartfiles -e main -o x -Wl,--warn-unresolved-symbols a.o b.o d.o
  [ "$T_STATUS" = 0 ] && [ "$(head -8 stderr.txt)" = "mld: warning: a.o: in function \`main': $T/a.c:6: undefined reference to \`foo'$refs_a" ] &&
    t_pass "$cc: --warn-unresolved-symbols, the same places in a warning" ||
    t_fail "$cc: --warn-unresolved-symbols: $(head -3 stderr.txt)"

  T_CC=$cxx t_gcc_mld -static -nostartfiles -e g -o x cxx.o cdef.o
  expect_failure
  want="mld: error: cxx.o: in function \`g()': $T/cxx.cc:3: undefined reference to \`cdef(int)'
>>> referenced by $T/cxx.cc:3
>>>               cxx.o:(g())
>>> did you mean: extern \"C\" cdef
>>> defined in: cdef.o
mld: error: cdef.o: in function \`h': $T/cdef.c:3: undefined reference to \`cxxdef'
>>> referenced by $T/cdef.c:3
>>>               cdef.o:(h)
>>> did you mean to declare cxxdef(int) as extern \"C\"?
>>> defined in: cxx.o"
  [ "$(msgs)" = "$want" ] && t_pass "$cc: a missing extern \"C\", both ways" ||
    { t_fail "$cc: extern C"; diff <(echo "$want") <(msgs); }

  T_CC=$cc t_gcc_mld -static -nostartfiles -e dup -o x b.o c.o
  expect_failure
  want="mld: error: multiple definition of \`dup'
>>> defined at $T/b.c:3
>>>            b.o:(dup)
>>> defined at $T/c.c:1
>>>            c.o:(dup)"
  [ "$(msgs)" = "$want" ] && t_pass "$cc: a duplicate, both places" ||
    { t_fail "$cc: duplicate"; diff <(echo "$want") <(msgs); }
}
check gcc g++
check aarch64-linux-gnu-gcc aarch64-linux-gnu-g++
# A DWARF 4 line table of 300 files (a C++ unit's headers make that many).
{
  echo 'extern int undef_fn(void);'
  for k in $(seq 100 399); do
    printf '#line 1 "f%s.h"\nstatic int g%s(void) { return %s; }\n' $k $k $k
  done
  printf '#line 10 "main.c"\nint main(void) { return undef_fn() + g100() + g399(); }\n'
} >many.c
gcc -c -g -gdwarf-4 -O0 many.c -o many.o || t_hard_error "gcc many.c"
t_mld -e main -o x many.o
expect_failure
[ "$(head -3 stderr.txt)" = "mld: error: many.o: in function \`main': $T/main.c:10: undefined reference to \`undef_fn'
>>> referenced by $T/main.c:10
>>>               many.o:(main)" ] && t_pass "DWARF 4, 300 files: file:line" ||
  t_fail "DWARF 4, 300 files: $(head -3 stderr.txt)"

# Clang's line tables (DWARF 5 with MD5 sums and line_strp names).
if t_have "clang line tables" clang; then
  for target in x86_64-linux-gnu aarch64-linux-gnu; do
    clang --target=$target -c -g -O0 a.c -o ac.o 2>/dev/null || {
      t_skip_part "clang line tables: clang cannot compile for $target"
      continue
    }
    t_mld -e main -o x ac.o
    expect_failure
    [ "$(head -3 stderr.txt)" = "mld: error: ac.o: in function \`main': $T/a.c:6: undefined reference to \`foo'
>>> referenced by $T/a.c:6
>>>               ac.o:(main)" ] && t_pass "clang $target: file:line" ||
      t_fail "clang $target: $(head -3 stderr.txt)"
  done
fi

# The file's path as GNU ld prints it (bfd's concat_filename): a source
# in a subdirectory (its line table's directory relative, after the
# unit's DW_AT_comp_dir), each DWARF version, compressed debugging
# sections, GCC and Clang, both targets.  mld printed "sub/u.c", or
# "u.c" alone before DWARF 5.
# same_place WHAT LD OBJ SYM [LD-OPTION...]: the place GNU ld gives the
# undefined reference to SYM in OBJ is mld's.
same_place() {
  local what=$1 ld=$2 obj=$3 sym=$4 gnu mine
  shift 4
  $ld "$@" -o x $obj 2>gnu.txt
  gnu=$(sed -n "s/: undefined reference to .$sym.\$//p" gnu.txt)
  t_mld "$@" -o x $obj
  expect_failure
  mine=$(sed -n "1s/^mld: error: $obj: in function \`[^']*': \(.*\): undefined reference to \`$sym'\$/\1/p" stderr.txt)
  [ -n "$gnu" ] && [ "$mine" = "$gnu" ] && t_pass "$what: $mine" ||
    t_fail "$what: mld's '$mine', GNU ld's '$gnu'"
}
mkdir -p sub
printf 'extern int bar(void);\nint foo(void) {\n  return bar();\n}\n' >sub/u.c
for cc in gcc clang aarch64-linux-gnu-gcc; do
  t_have "$cc" $cc || continue
  case $cc in aarch64*) ld=aarch64-linux-gnu-ld ;; *) ld=ld.bfd ;; esac
  for g in "-g" "-gdwarf-4" "-gdwarf-3 -gz" "-gdwarf-2" "-gdwarf-4 -gz"; do
    # shellcheck disable=SC2086
    $cc -c $g -o u.o sub/u.c 2>/dev/null || {
      t_skip_part "$cc cannot compile with $g"
      continue
    }
    same_place "$cc $g" $ld u.o bar -e foo
  done
done
# A call from a header's inline function (rows before the line
# program's first DW_LNS_set_file: bfd takes file 0 in DWARF 5), Clang's
# DWARF 5 names through .debug_str_offsets (DW_FORM_strx1), split DWARF's
# skeleton units, a header found with -I: as GNU ld names them.  mld
# named the header, or gave the path without the compilation directory.
mkdir -p inc
printf 'extern void undefined_fn(void);\nstatic inline void helper(void) {\n  undefined_fn();\n}\n' >inc/h.h
printf '#include "inc/h.h"\nvoid _start(void) { helper(); }\nint a(void) { return 1; }\n' >m1.c
printf '#include "inc/h.h"\nvoid _start(void) { helper(); }\n' >m2.c
printf '#include "h.h"\nvoid _start(void) { helper(); }\n' >m3.c
for cc in gcc clang; do
  t_have "$cc" $cc || continue
  for g in "-gdwarf-5" "-gdwarf-4" "-gdwarf-5 -gsplit-dwarf"; do
    for src in m1.c m2.c "-Iinc m3.c"; do
      # shellcheck disable=SC2086
      $cc -c -O0 $g -o h.o $src 2>/dev/null || {
        t_skip_part "$cc cannot compile $src with $g"
        continue
      }
      same_place "$cc $g $src" ld.bfd h.o undefined_fn
    done
  done
done

# A unit's first DIE whose attribute's form is DW_FORM_indirect three
# million times over: skipped in a loop (mld recursed once a byte, a
# stack overflow in a build without tail calls; GNU ld crashes).
t_write ind.s <<'SRC'
	.text
	.globl _start
_start:
	.file 1 "x.c"
	.loc 1 3
	call undefined_fn
	.section .debug_abbrev,"",@progbits
	.uleb128 1
	.uleb128 0x11
	.byte 0
	.uleb128 0x03
	.uleb128 0x16
	.uleb128 0x10
	.uleb128 0x17
	.uleb128 0
	.uleb128 0
	.byte 0
	.section .debug_info,"",@progbits
	.long .Lend - .Lstart
.Lstart:
	.value 4
	.long .debug_abbrev
	.byte 8
	.uleb128 1
	.fill 3000000, 1, 0x16
	.uleb128 0x08
	.asciz "x.c"
	.long .debug_line
.Lend:
SRC
if t_have "x86-64 assembler" as; then
  as --gdwarf-4 -o ind.o ind.s || t_hard_error "as ind.s"
  t_mld -o x ind.o
  expect_failure
  expect_error "undefined reference to \`undefined_fn'"
fi
t_done
