#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# PROVIDE defines a symbol that the script alone refers to, as GNU ld
# does (each name an expression uses enters its hash table): a LONG ()
# before the PROVIDE, an assignment after it; an unreferenced one stays
# undefined.  mld used to stop with "undefined symbol referenced in
# expression" (GNU ld's ld-scripts/provide-1).  A plain assignment to a
# symbol an object defines wins, with GNU ld's warning "multiple
# definition of `defined'" (ld-scripts/defined5); one that uses the
# symbol itself, or a PROVIDE, says nothing.  A PROVIDE after an
# assignment to its name is not evaluated; names in MEMORY's ORIGIN and
# LENGTH are uses.  On x86-64 and AArch64, against GNU ld: the data
# words, the symbols and the warnings.

cat >p.s <<'SRC'
	.data
	.globl foo
foo:	.long 0
SRC
cat >p.ld <<'LD'
SECTIONS {
  .data 0x2000 : {
    LONG (foo)
    LONG (bar)
    LONG (later)
    . = ALIGN (0x10);
    *(.data)
  }
  PROVIDE (foo = .);
  PROVIDE (bar = .);
  PROVIDE (unused = 0x99);
  twice = baz + 1;
  PROVIDE (baz = 0x40);
  PROVIDE (later = twice);
}
LD
cat >d.s <<'SRC'
	.globl	defined, other
	.data
	.byte 0
	.text
	.byte 0
defined:
other:
	.byte 0
SRC
cat >d.ld <<'LD'
defined = addr1;
other = other + 0;
PROVIDE (other = 7);
SECTIONS {
	.text : { *(.text) }
	. = ALIGN (0x1000);
	.data : { *(.data) }
	addr1 = ADDR (.data);
}
LD
cat >m.ld <<'LD'
first = 0x10;
PROVIDE (first = missing);
PROVIDE (origin = 0x3000);
PROVIDE (length = 0x1000);
MEMORY { RAM : ORIGIN = origin, LENGTH = length }
SECTIONS {
  .data : { *(.data) } > RAM
  second = ADDR (.data);
  second_copy = second;
  PROVIDE (second = 0x20);
  PROVIDE_HIDDEN (foo = 0x1234);
}
LD

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    $cc -c p.s -o p.o || t_hard_error "$cc p.s"
    $ld -T p.ld -o gnu.out p.o >gnu.log 2>&1 || t_hard_error "GNU ld: $(cat gnu.log)"
    t_mld -T p.ld -o mld.out p.o
    expect_success
    objdump -s -j .data gnu.out | tail -n +4 >gnu.d
    objdump -s -j .data mld.out | tail -n +4 >mld.d
    nm mld.out | grep -v ' [\$]' | sort >mld.n
    nm gnu.out | grep -v ' [\$]' | sort >gnu.n
    cmp -s gnu.d mld.d && t_pass "$arch: the data words GNU ld writes" ||
        t_fail "$arch: data differ: $(diff gnu.d mld.d | tr '\n' ' ')"
    cmp -s gnu.n mld.n && t_pass "$arch: GNU ld's symbols (unused not provided)" ||
        t_fail "$arch: symbols differ: $(diff gnu.n mld.n | tr '\n' ' ')"
    $cc -c d.s -o d.o || t_hard_error "$cc d.s"
    $ld -T d.ld -o gnu.out d.o >gnu.log 2>&1 || t_hard_error "GNU ld: $(cat gnu.log)"
    t_mld -T d.ld -o mld.out d.o
    expect_success
    g=$(grep -c "multiple definition of \`defined'" gnu.log)
    m=$(grep -c "^mld: warning: d.ld:1: multiple definition of \`defined'; d.o:(.text+0x1): first defined here" stderr.txt)
    [ "$g" = 1 ] && [ "$m" = 1 ] && [ "$(grep -c 'multiple definition' stderr.txt)" = 1 ] &&
        t_pass "$arch: one warning, for \`defined', as GNU ld" ||
        t_fail "$arch: warnings: GNU ld $(cat gnu.log), mld $(cat stderr.txt)"
    nm gnu.out | grep -v ' [\$]' | sort >gnu.n
    nm mld.out | grep -v ' [\$]' | sort >mld.n
    cmp -s gnu.n mld.n && t_pass "$arch: the script's values win, as GNU ld" ||
        t_fail "$arch: symbols differ: $(diff gnu.n mld.n | tr '\n' ' ')"
    # A PROVIDE of a name the script assigned before is not evaluated
    # (its undefined operand is no error), whether that value was a
    # constant or the name new then; MEMORY's expressions count as uses;
    # a PROVIDE_HIDDEN not needed still makes the object's symbol local
    # (GNU ld's provide-5, provide-6 and provide-9, PROVIDE_HIDDEN 1).
    $ld -T m.ld -o gnu.out p.o -Map gnu.map >gnu.log 2>&1 ||
        t_hard_error "GNU ld: $(cat gnu.log)"
    t_mld -T m.ld -o mld.out p.o -Map mld.map
    expect_success
    # The map's region without attributes: no trailing blank (GNU ld's
    # provide-9 map check).
    sed -n '/^Memory Configuration/,/^Linker script/p' gnu.map >gnu.mem
    sed -n '/^Memory Configuration/,/^Linker script/p' mld.map >mld.mem
    grep -q '^RAM ' gnu.mem || t_hard_error "GNU ld's map: $(cat gnu.mem)"
    cmp -s gnu.mem mld.mem && t_pass "$arch: the map's Memory Configuration" ||
        t_fail "$arch: map: $(diff gnu.mem mld.mem | cat -A | tr '\n' ' ')"
    nm gnu.out | grep -v ' [\$]' | sort >gnu.n
    nm mld.out | grep -v ' [\$]' | sort >mld.n
    grep -q ' A origin$' gnu.n || t_hard_error "GNU ld did not provide origin"
    grep -q ' d foo$' gnu.n || t_hard_error "GNU ld did not make foo local"
    cmp -s gnu.n mld.n && t_pass "$arch: PROVIDE after an assignment, in MEMORY" ||
        t_fail "$arch: symbols differ: $(diff gnu.n mld.n | tr '\n' ' ')"
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
