#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# An allocated orphan takes the memory regions (VMA and AT> LMA) of the
# section it follows (through earlier orphans, of the statement they
# follow), as GNU ld's lang_insert_orphan gives them; mld left it outside
# any region, at address 0 (GNU's ld-elf/orphan-region).
# And -N makes the output .text writable under a script too, as GNU ld
# does for the section of that name; mld did so only without a script.
# Both targets: section and program headers against GNU ld.
t_write r.ld <<'LD'
MEMORY
{
  region : ORIGIN = 0x40000000, LENGTH = 8M
  rom : ORIGIN = 0x50000000, LENGTH = 1M
}
SECTIONS
{
  .text : ALIGN (4) { *(.text) } > region
  .rodata : ALIGN (4) { *(.rodata) } > region
  .data : { *(.data) } > region AT > rom
  /DISCARD/ : { *(.comment) *(.note.*) }
}
LD
t_write r.s <<'SRC'
	.text
	.long 0
	.section .rodata, "a", %progbits
	.long 0
	.section .moredata, "a", %progbits
	.long 0
	.section .moredata3, "a", %progbits
	.long 3
	.data
	.long 1
	.section .moredata2, "aw", %progbits
	.long 2
	.section .notdata, "", %progbits
	.long 0
SRC
checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    $as -o r.$arch.o r.s || t_hard_error "$as failed"
    for n in "" -N; do
        $ld -T r.ld $n -z stack-size=0 -o g.out r.$arch.o 2>/dev/null ||
            t_hard_error "$ld failed"
        t_mld -T r.ld $n -z stack-size=0 -o m.out r.$arch.o
        t_layout g.out >g.view
        t_layout m.out >m.view
        t_same "$arch ${n:-(no -N)}: orphans in their kin's regions" g.view m.view \
            "$(grep '^\.moredata ' m.view | awk '{print $3}')"
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
