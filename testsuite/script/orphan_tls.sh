#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# TLS orphans in a script without TLS statements go where GNU ld's
# lang_output_section_find_by_flags puts them: after the last loaded
# section (".tdata can go after .data"), a .tbss after .tdata, and a
# .tdata before a .tbss the script names.  mld put .tdata first, at
# address 0, over the headers and overlapping .text (GNU's
# ld-aarch64/emit-relocs-523..528).  Both targets: section headers and
# program headers against GNU ld.
t_write a.s <<'SRC'
	.text
	.globl _start
_start:	.long 0
	.data
	.long 1
	.section .tdata,"awT",%progbits
	.long 2
	.section .tbss,"awT",%nobits
	.long 0
SRC
t_write one.ld <<'LD'
SECTIONS
{
  . = 0x10000;
  .text : { *(.text) }
  . = 0x20000;
  .data : { *(.data) }
}
LD
t_write tbss.ld <<'LD'
SECTIONS
{
  . = 0x10000;
  .text : { *(.text) }
  . = 0x20000;
  .data : { *(.data) }
  .tbss : { *(.tbss) }
  .bss : { *(.bss) }
}
LD
checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    $as -o a.$arch.o a.s || t_hard_error "$as failed"
    for s in one tbss; do
        $ld -T $s.ld -o g.out a.$arch.o 2>/dev/null || t_hard_error "$ld failed"
        t_mld -T $s.ld -o m.out a.$arch.o
        t_layout g.out 'LOAD|TLS' >g.view
        t_layout m.out 'LOAD|TLS' >m.view
        t_same "$arch, $s.ld: TLS orphans" g.view m.view \
            "$(grep '^\.tdata' m.view | awk '{print $3}')"
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
