#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# -r with a -T script's SECTIONS (a kernel module's link: ld -r -T
# module.lds): output sections of the statements' input sections, sorted
# and KEEPt, at their addresses or "." aligned (orphans at 0, as GNU ld
# inserts them), ALIGN(), NOLOAD, data statements, "." moved inside,
# symbols assigned;
# /DISCARD/ takes input sections (and what refers to them from debugging
# sections; from code it is GNU ld's error); a group member matches
# /DISCARD/ only, unless FORCE_GROUP_ALLOCATION or
# --force-group-allocation dissolves the groups; PHDRS play no part.
# mld refused any such script.  Against GNU ld on x86-64 and AArch64: the
# section headers but file offsets, groups, relocations, symbols and
# every section's bytes of the -r output.

cat >a.s <<'SRC'
	.text
	.globl	_start
_start:	call	f
	.section .text.f,"ax",%progbits
f:	ret
	.section .text.unlikely,"ax",%progbits
	.byte 0x90
	.data
	.globl	bar
bar:	.quad	f
	.section .rodata.x,"a"
	.byte	1
	.section .discard,"aw",%progbits
	.globl	there
there:	.quad	7
	.section ___ksymtab+b,"a"
	.quad	bar
	.section ___ksymtab+a,"a"
	.quad	f
	.section __ex_table,"a"
	.long	4
	.section .init_array.00100,"aw"
	.quad	f
	.section .init_array,"aw"
	.quad	_start
	.section .debug_info,"",%progbits
	.quad	bar
	.quad	there
	.section .note.GNU-stack,"",%progbits
SRC
# x86-64's call and ret; AArch64's bl and ret.
sed 's/call/bl/' a.s >a-aarch64.s
cat >b.s <<'SRC'
	.section .text.g,"axG",%progbits,grp,comdat
	.globl	g
g:	.byte	0x90
	.section .dropme,"aG",%progbits,grp,comdat
	.byte	2
	.section .note.GNU-stack,"",%progbits
SRC

cat >module.t <<'SRC'
SECTIONS {
  /DISCARD/ : { *(.discard) *(.discard.*) *(.dropme) }
  __ksymtab 0 : ALIGN(8) { *(SORT(___ksymtab+*)) }
  .init_array 0 : ALIGN(8) { *(SORT(.init_array.*)) *(.init_array) }
  __ex_table 0 : ALIGN(4) { KEEP(*(__ex_table)) }
  .plt 0 (NOLOAD) : { BYTE(0) }
  .text.ftrace_trampoline 0 : { BYTE(0) }
  .text : { *(.text .text.[0-9a-zA-Z_]*) }
  .data : { *(.data) LONG(0x11223344) . = ALIGN(16); }
}
SRC
cat >addr.t <<'SRC'
PHDRS { image PT_LOAD; }
SECTIONS {
  . = 0x800000;
  .text : { *(.text .text.*) } :image
  . = 0x900000;
  .data : { *(.data) }
  .empty : { *(.nothing) }
  /DISCARD/ : { *(.*) }
}
SRC
cat >force.t <<'SRC'
FORCE_GROUP_ALLOCATION
SECTIONS { .text : { *(.text .text.*) } }
SRC
# Where an ELF header would be, .eh_frame (rewritten as in a final
# link), NOLOAD inputs (no contents, no relocations), data statements in
# sections bfd's table of names types (.noinit: PROGBITS, with GNU ld's
# warning; .init_array), and --build-id's note first of all.
cat >more.t <<'SRC'
SECTIONS {
  . = SIZEOF_HEADERS;
  .text : { *(.text .text.*) }
  .eh_frame : { *(.eh_frame) }
  .data (NOLOAD) : { *(.data) }
  .noinit : { BYTE(7) }
  .init_array : { QUAD(3) }
  .other 0x100 : { *(.comment) }
}
SRC
printf 'int ext(int);\nint h(int x) { return ext(x) + 1; }\n' >e.c
# Symbols assigned numbers and ".": in their section (outside one, the
# section before when "." made the value), absolute, PROVIDEd when
# needed, HIDDEN ones local; an object's reference takes them.
cat >syms.t <<'SRC'
abs_sym = 0x1234;
SECTIONS {
  .text : { *(.text) t_end = .; }
  .data ALIGN(16) : { d_start = .; *(.data) . = ALIGN(16); d_end = .; }
  after = . + 4;
  PROVIDE(prov = .);
  PROVIDE(unused = 7);
  HIDDEN(hid = 3);
  ext_sym = ABSOLUTE(.);
}
SRC
# Sections of assignments alone (room where "." moves, as NOBITS), and
# symbols outside sections in the section after when none came before
# or "." was just set (bfd's section_for_dot).
cat >syms2.t <<'SRC'
SECTIONS {
  pre = .;
  .text : { *(.text) }
  . = ALIGN(0x100);
  after_align = .;
  .data : { *(.data) }
  .stack (NOLOAD) : { st_lo = .; . = . + 0x100; st_hi = .; }
  .gap : { . = . + 0x10; }
  end_sym = .;
}
SRC
cat >s.s <<'SRC'
	.text
	.globl	_start
_start:	.quad	ext_sym
	.quad	prov
	.data
	.quad	1
SRC

# The -r output as a reader sees it, but where each section lies in the
# file and the string tables' sizes (GNU ld shares names' tails).
shape() {
  readelf -SW "$1" | grep '^  \[' |
    sed -E 's/^( *\[[ 0-9]+\] .* [0-9a-f]{16}) [0-9a-f]{6,} /\1 /' |
    sed -E 's/^(.* STRTAB +[0-9a-f]{16}) [0-9a-f]+ /\1 /'
  readelf -gW "$1"
  readelf -rW "$1" | sed 's/ at offset 0x[0-9a-f]*//'
  readelf -sW "$1"
  objdump -s "$1" | tail -n +3
}

checked=0
for arch in x86_64 aarch64; do
  t_target $arch
  src=a.s
  [ $arch = aarch64 ] && src=a-aarch64.s
  $cc -c $src -o a.o && $cc -c b.s -o b.o && $cc -O1 -c e.c -o e.o ||
    t_hard_error "$cc"
  $cc -c s.s -o s.o || t_hard_error "$cc"
  for case in "-T module.t" "-T addr.t" "-T force.t" \
              "--force-group-allocation" "--build-id=0x1234 -T more.t" \
              "-T syms.t" "-T syms2.t"; do
    inputs="a.o b.o e.o"
    case $case in *syms*) inputs=s.o ;; esac
    $ld -r $case -o gnu.o $inputs 2>/dev/null ||
      t_hard_error "GNU ld -r $case failed"
    t_mld -r $case -o mld.o $inputs
    cp gnu.o x.o && shape x.o >gnu.txt
    cp mld.o x.o 2>/dev/null && shape x.o >mld.txt
    t_same "$arch -r $case" gnu.txt mld.txt
  done
  checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"

# The same sections of data statements alone in an executable: typed
# and flagged by bfd's table of names (.plt: code), and orphans see them
# as bfd has made them by then (.rodata.x after .plt, .ex after .foo).
cat >exec.t <<'SRC'
SECTIONS {
  .text : { *(.text .text.*) }
  .data : { *(.data) }
  .foo : { BYTE(0) }
  .plt : { BYTE(0) }
  .bar : { *(.bar) BYTE(0) }
}
SRC
printf '\t.section .ex,"aw",%%progbits\n\t.byte 1\n' >ex.s
secs() { readelf -SW "$1" | grep '^  \[' | cut -c 7- |
           awk '{ print $1, $2, $3, $(NF-3) }'; }
for arch in x86_64 aarch64; do
  t_target $arch
  src=a.s
  [ $arch = aarch64 ] && src=a-aarch64.s
  $cc -c $src -o a.o && $cc -c ex.s -o ex.o || t_hard_error "$cc"
  $ld -T exec.t -o gnu.out a.o ex.o 2>/dev/null ||
    t_hard_error "GNU ld -T exec.t failed"
  t_mld -T exec.t -o mld.out a.o ex.o
  secs gnu.out >gnu.txt
  secs mld.out >mld.txt 2>/dev/null
  t_same "$arch executable, -T exec.t" gnu.txt mld.txt
done

# From code, a reference to what /DISCARD/ took is GNU ld's error.
t_target x86_64
cat >ref.s <<'SRC'
	.text
	call	there
	.section .discard,"aw",%progbits
	.globl	there
there:	.quad	7
SRC
$cc -c ref.s -o ref.o || t_hard_error "$cc"
printf 'SECTIONS { /DISCARD/ : { *(.discard) } }\n' >d.t
t_mld -r -T d.t ref.o -o ref-r.o
expect_failure
expect_error "\`there' referenced in section \`.text' of ref.o: defined in" \
  "discarded section \`.discard' of ref.o"

# GNU ld's warning for data in a section its name makes NOBITS.
t_mld -r --build-id=0x1234 -T more.t -o mld.o a.o b.o e.o
expect_stderr "mld: warning: section \`.noinit' type changed to PROGBITS"

# What -r does not take of a script is an error naming its line.
printf 'SECTIONS {\n  .text : { *(.text) sym = _start + 1; }\n}\n' >sym.t
t_mld -r -T sym.t a.o -o sym.o
expect_failure
expect_error "sym.t:2: -r: an expression of symbols or sections in a" \
  "linker script is not supported in a relocatable link"
expect_no_file sym.o
printf 'SECTIONS {\n  .d : { QUAD(_start) }\n}\n' >quad.t
t_mld -r -T quad.t a.o -o quad.o
expect_failure
expect_error "quad.t:2: -r: a data statement of symbols or sections"
printf 'SECTIONS {\n  /DISCARD/ : { *(.discard) gone = .; }\n}\n' >dis.t
t_mld -r -T dis.t a.o -o dis.o
expect_failure
expect_error "dis.t:2: illegal use of \`/DISCARD/' section"
printf 'SECTIONS {\n  .myeh : { *(.eh_frame) }\n}\n' >eh.t
t_mld -r -T eh.t e.o -o eh.o
expect_failure
expect_error "eh.t:2: -r: .eh_frame in output section .myeh: not supported"
t_done
