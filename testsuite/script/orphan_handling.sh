#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# --orphan-handling=warn|error|discard, as GNU ld 2.40 (ld-elf/orphan-5,
# -6, -7): each input section no statement names (of a -T script, or of
# GNU ld's default one) is reported as GNU ld words it, refused (the link
# fails), or dropped (the map's "Discarded input sections" lists it); mld
# refused the option.  The inputs' .note.gnu.property is an orphan too
# when no statement names it.  GNU ld also names its own empty sections
# (.got, .iplt, ...), which mld does not make: those lines are left out of
# the comparison.  Then /DISCARD/: a reference to a symbol of a discarded
# section is GNU ld's error (mld linked it, with the symbol at 0); one
# from debugging information is not.  Against GNU ld on x86-64 and
# AArch64.

cat >o.s <<'SRC'
	.text
	.globl	_start
_start:	.long 0
	.data
	.long 0
	.section .note,"a",%note
	.long 0
	.section .notbad,"a",%progbits
	.long 0
	.section .note.bar,"a",%note
	.long 0
	.section .mysec,"aw",%progbits
	.long 1
SRC
cat >o.ld <<'LD'
SECTIONS
{
  . = SIZEOF_HEADERS;
  .text : { *(.text) }
  .data : { *(.data) }
  .bss : { *(.bss) *(COMMON) }
  .note : { *(.note) }
}
LD
cat >d.s <<'SRC'
	.text
	.globl	_start
_start:	.quad	foo
	.section .dis,"aw",%progbits
	.globl	foo
foo:	.quad	1
	.section .debug_info,"",%progbits
	.quad	foo
SRC
cat >d.ld <<'LD'
SECTIONS { .text : { *(.text) } /DISCARD/ : { *(.dis) } }
LD

# orphans FILE: the orphan lines of a linker's messages about o.o's own
# sections, "mld: " and "ld: " prefixes removed.
orphans() {
  sed -n 's/^[^ ]*ld[^ ]*: \(.*orphan section `\.\(notbad\|note\.bar\|mysec\|note\.gnu\.property\)'"'"'.*\)/\1/p' "$1"
}

checked=0
for arch in x86_64 aarch64; do
  t_target $arch
  $cc -c o.s -o o.o && $cc -c d.s -o d.o || t_hard_error "$cc"
  for how in warn error discard; do
    for script in "-T o.ld" ""; do
      $ld $script -e _start --orphan-handling=$how -Map gnu.map -o gnu.out \
        o.o >gnu.log 2>&1
      g=$?
      t_mld $script -e _start --orphan-handling=$how -Map mld.map \
        -o mld.out o.o
      want="status $g; $(orphans gnu.log | tr '\n' ';')"
      got="status $T_STATUS; $(orphans stderr.txt | tr '\n' ';')"
      if [ $how = discard ]; then
        want="$want $(sed -n '/^Discarded input/,/^Memory/p' gnu.map | grep -c 'o\.o$')"
        got="$got $(sed -n '/^Discarded input/,/^Memory/p' mld.map | grep -c 'o\.o$')"
        if [ $g = 0 ]; then
          want="$want $(readelf -SW gnu.out | grep -c 'notbad\|mysec')"
          got="$got $(readelf -SW mld.out | grep -c 'notbad\|mysec')"
        fi
      fi
      case $how in error) [ "$g" = 1 ] ;; *) [ "$g" = 0 ] ;; esac ||
        t_hard_error "GNU ld --orphan-handling=$how ${script:-(default)}: status $g"
      [ $how = discard ] || orphans gnu.log | grep -q notbad ||
        t_hard_error "GNU ld reported no orphan .notbad"
      [ "$got" = "$want" ] &&
        t_pass "$arch --orphan-handling=$how ${script:-(default script)}: $got" ||
        t_fail "$arch --orphan-handling=$how ${script:-(default script)}: GNU ld '$want', mld '$got'"
    done
  done
  $ld -T d.ld -o gnu.out d.o >gnu.log 2>&1 && t_hard_error "GNU ld linked d.o"
  t_mld -T d.ld -o mld.out d.o
  expect_failure
  expect_error "\`foo' referenced in section \`.text' of d.o: defined in discarded section \`.dis' of d.o"
  grep -q "defined in discarded section \`.dis' of d.o" gnu.log ||
    t_hard_error "GNU ld's message is not what this test expects"
  [ "$(grep -c 'referenced in section' stderr.txt)" = 1 ] &&
    t_pass "$arch: the reference from .debug_info is not reported" ||
    t_fail "$arch: $(grep -c 'referenced in section' stderr.txt) references reported"
  checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
