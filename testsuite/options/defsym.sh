#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# --defsym=SYM=EXPR with GNU ld's expressions, compared with GNU ld on
# both architectures: SYM's value, type, binding, visibility and section
# (or ABS) for numbers in every form, symbols, arithmetic within one
# section and across sections, unary operators, ?:, comparisons, MAX,
# MIN, ALIGN, ABSOLUTE, ADDR, LOADADDR, SIZEOF, ALIGNOF, SEGMENT_START,
# CONSTANT, LOG2CEIL, DEFINED, SIZEOF_HEADERS, the script's symbols,
# chains of --defsym in either order, a --defsym over an object's symbol
# (its type and size stay), the last of two winning; and GNU ld's errors.
# One difference is kept on purpose: GNU ld 2.40 gives _end the value of
# an earlier layout pass on x86-64 (0x2000 too high); mld gives _end.
t_write s.c <<'SRC'
int bar = 1;
int bar2 = 2;
int foo(void) { return 7; }
int foo2(void) { return 8; }
int objsym = 3;
void _start(void) { for (;;) ; }
SRC
exprs=(0x1000 foo '(foo)' foo+16 'foo2 + 0x10' 0+foo2 'foo2*1' 'foo2|0'
  foo-bar foo2-foo bar-foo foo2+foo2 foo2-foo2 '0x10+0x20*2' '~0' -1
  0xffffffffffffffff '1<<4' 'foo&0xfff' 'foo2>>1' 'foo%3' 'foo*2' -foo
  -foo2 '~foo2' '!foo' '!foo2' 'foo?1:2' 'foo2?1:2' 'foo?bar:foo2'
  'bar?foo2:foo' 'DEFINED(foo)?foo2:0' 'ABSOLUTE(foo)?1:2' 'foo>bar'
  'foo2==6' 'foo&&1' 'foo2 != 0 || 0' 'foo2 <= foo' 'MAX(foo,bar)'
  'MAX(foo,foo2)' 'MIN(foo,foo2)' 'MAX(foo2,0x10)' 'ALIGN(foo,16)'
  'ALIGN(foo+1,16)' 'ABSOLUTE(foo)' 'ADDR(.data)' 'ADDR(.text)'
  'ADDR(.data)+4' 'SEGMENT_START("text-segment",0x123)' 'LOADADDR(.data)'
  'SIZEOF(.text)' 'SIZEOF(.text)+foo2' 'ALIGNOF(.data)' SIZEOF_HEADERS
  'CONSTANT(MAXPAGESIZE)' 'CONSTANT(COMMONPAGESIZE)' 'LOG2CEIL(33)'
  'DEFINED(foo)' 'DEFINED(nope)' bar objsym bar+4 16K 1M 10h 010 '$1f'
  ' 5 ' '(1 + 2) * 3' '1 ? 2 : 3 ? 4 : 5' __executable_start etext
  _etext _edata __bss_start)
symline() {   # symline FILE NAME: value size type bind vis ndx
  readelf -sW "$1" 2>/dev/null | awk -v n="$2" '$8==n{print $2,$3,$4,$5,$6,$7}'
}
for arch in x86_64 aarch64; do
  if [ $arch = x86_64 ]; then cc=gcc ld=ld.bfd; else
    cc=aarch64-linux-gnu-gcc ld=aarch64-linux-gnu-ld; fi
  t_have $arch $cc $ld || continue
  T_CC=$cc t_compile s.c -fno-pic
  same=0
  for e in "${exprs[@]}"; do
    rm -f g.out m.out
    $ld -o g.out s.o "--defsym=a=$e" >g.err 2>&1 || t_hard_error "$ld a=$e failed"
    "$MLD" -o m.out s.o "--defsym=a=$e" >m.err 2>&1
    if [ "$(symline g.out a)" = "$(symline m.out a)" ] && [ -n "$(symline m.out a)" ]; then
      same=$((same + 1))
    else
      t_fail "$arch a=$e: GNU ld [$(symline g.out a)], mld [$(symline m.out a)] $(cat m.err)"
    fi
  done
  [ $same = ${#exprs[@]} ] && t_pass "$arch: $same expressions as GNU ld's"

  # _end: mld's is the symbol's value.
  "$MLD" -o m.out s.o --defsym=a=_end
  [ "$(symline m.out a | cut -d' ' -f1)" = "$(symline m.out _end | cut -d' ' -f1)" ] &&
    t_pass "$arch: a=_end is _end" || t_fail "$arch: a=_end: $(symline m.out a)"

  for opts in "--defsym=a=b --defsym=b=foo2" "--defsym=b=foo2 --defsym=a=b+4" \
              "--defsym=objsym=0x1234 --defsym=foo=0x10" "--defsym=a=1 --defsym=a=2"; do
    $ld -o g.out s.o $opts || t_hard_error "$ld $opts"
    t_mld -o m.out s.o $opts
    ok=1
    for n in a b objsym foo; do
      [ "$(symline g.out $n)" = "$(symline m.out $n)" ] || ok=
    done
    [ -n "$ok" ] && t_pass "$arch $opts: as GNU ld's" ||
      t_fail "$arch $opts: differs from GNU ld's"
  done

  # Errors: GNU ld's words after "--defsym NAME=EXPR: ".
  for e in undefsym 'undefsym+4' 'a+1' 'SIZEOF(.nosuch)'; do
    $ld -o g.out s.o "--defsym=a=$e" 2>g.err && t_hard_error "$ld a=$e linked"
    t_mld -o m.out s.o "--defsym=a=$e"
    expect_failure
    want=$(sed -n "s/^.*--defsym:1: \(.*\)$/\1/p" g.err | tr '\`' "'")
    [ -n "$want" ] && grep -qF -- "mld: error: --defsym a=$e: $want" stderr.txt &&
      t_pass "$arch a=$e: GNU ld's error" || t_fail "$arch a=$e: '$want' vs $(cat stderr.txt)"
  done
  for e in 0b101 '5;' 'foo2^foo2' '(1' '.' 'ALIGN(8)'; do
    t_mld -o m.out s.o "--defsym=a=$e"
    expect_failure
  done
done
t_done
