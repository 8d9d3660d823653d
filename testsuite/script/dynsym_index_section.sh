#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# An AArch64 PIE's .dynsym has a section symbol for the first writable
# section GNU ld does not make itself (its data index section): one
# named as an input bfd makes, which holds that input.  In a PIE bfd
# makes a .data.rel.ro input; with OP-TEE's script, whose .data.rel.ro
# takes only some inputs and whose .data takes `.data.*', that input
# goes to .data, so the section named .data.rel.ro is GNU ld's pick.
# mld passed over any section named .data.rel.ro.  Against GNU ld:
# .dynsym's bytes, with three scripts and the built-in one.
t_write p.s <<'SRC'
	.text
	.globl _start
_start:	ret
	.section .data.rel.ro.keep,"aw"
	.quad _start
	.section .data.rel.ro.other,"aw"
	.quad _start
	.data
	.quad _start
SRC
t_write optee.ld <<'LD'
SECTIONS {
  .text : { *(.text) }
  .data.rel.ro : { *(.data.rel.ro.keep) }
  .data : { *(.data .data.*) }
  .dynamic : { *(.dynamic) }
  .rela.dyn : { *(.rela.*) }
}
LD
t_write named.ld <<'LD'
SECTIONS {
  .text : { *(.text) }
  .data.rel.ro : { *(.data.rel.ro .data.rel.ro.*) }
  .data : { *(.data .data.*) }
  .dynamic : { *(.dynamic) }
  .rela.dyn : { *(.rela.*) }
}
LD
t_write orphan.ld <<'LD'
SECTIONS {
  .text : { *(.text) }
  .data : { *(.data) }
  .dynamic : { *(.dynamic) }
  .rela.dyn : { *(.rela.*) }
}
LD
t_target aarch64
$as p.s -o p.o || t_hard_error "$as failed"
for how in "-T optee.ld" "-T named.ld" "-T orphan.ld" ""; do
    # shellcheck disable=SC2086
    $ld -pie --no-dynamic-linker $how p.o -o gnu.exe 2>/dev/null ||
        t_hard_error "GNU ld $how"
    # shellcheck disable=SC2086
    t_mld -pie --no-dynamic-linker $how p.o -o mld.exe --no-warn-rwx-segments
    readelf -x .dynsym gnu.exe > gnu.txt
    readelf -x .dynsym mld.exe > mld.txt
    t_same "${how:-built-in script}" gnu.txt mld.txt \
        "$(readelf -W --dyn-syms mld.exe | awk '$4 == "SECTION" {print "section " $7}' | tr '\n' ' ')"
done
t_done
