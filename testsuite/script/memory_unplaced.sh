#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# With MEMORY regions declared, an allocated section that no "> REGION"
# places, that has no address and that no region's attributes take is
# GNU ld's fatal "no memory region specified for loadable section"
# (lang_size_sections_1), a warning with --no-check-sections; a
# writable section, zero-fill too, counts as data for the attributes
# (lang_memory_default).  mld linked such a section wherever the
# location counter was, and never gave zero-fill the data attribute, so
# a TLS orphan missed its "(w)" region.  And --no-check-sections, which
# mld refused (OP-TEE links with it): sections may overlap in memory,
# as GNU ld lets them; contents that overlap in the load image stay an
# error.  Both targets: exit status and messages as GNU ld's, section
# headers (but .strtab's) as GNU ld's when both link.
t_write r.s <<'SRC'
	.text
	.globl _start
_start:	nop
	.data
	.long 1
	.bss
	.zero 8
	.section .tbss,"awT",%nobits
	.zero 4
	.section .ov1,"ax"
	.long 1
	.section .ov2,"ax"
	.long 2, 3
SRC
m='MEMORY { rom : ORIGIN = 0x1000, LENGTH = 0x1000 }'
rx='MEMORY { rom (rx) : ORIGIN = 0x1000, LENGTH = 0x1000'
t_write cases.txt <<CASES
$m SECTIONS { .text : { *(.text) } > rom .data : { *(.data) } > rom .bss : { *(.bss) } }
$m SECTIONS { .text : { *(.text) } > rom .data : { *(.data) } > rom .bss : { *(.bss) } > rom }
$m SECTIONS { .text : { *(.text) } > rom .data 0x3000 : { *(.data) } .bss : { *(.bss) } > rom .tbss : { *(.tbss) } }
$m SECTIONS { .text : { *(.text) } > rom .data : { *(.data) } > rom .bss : { *(.bss) } > rom .room : { . += 4; } }
$m SECTIONS { .text : { *(.text) } > rom .data : { *(.data) } > rom .bss : { *(.bss) } > rom .sym : { x = .; } }
$rx } SECTIONS { .text : { *(.text) } .data : { *(.data) } .bss : { *(.bss) } }
$rx  ram (w) : ORIGIN = 0x8000, LENGTH = 0x1000 } SECTIONS { .text : { *(.text) } .data : { *(.data) } .bss : { *(.bss) } }
$rx  ram (!rx) : ORIGIN = 0x8000, LENGTH = 0x1000 } SECTIONS { .text : { *(.text) } .data : { *(.data) } .bss : { *(.bss) } }
$rx  ram (rw!x) : ORIGIN = 0x8000, LENGTH = 0x1000 } SECTIONS { .text : { *(.text) } .data : { *(.data) } .bss : { *(.bss) } }
SECTIONS { .text 0x1000 : { *(.text) } .ov1 0x2000 : AT (0x3000) { *(.ov1) } .ov2 0x2000 : AT (0x4000) { *(.ov2) } /DISCARD/ : { *(.tbss) } }
CASES

for arch in x86_64 aarch64; do
    t_target $arch
    $as r.s -o r.o || t_hard_error "$arch: $as failed"
    n=0
    while IFS= read -r script; do
        n=$((n + 1))
        echo "$script" > s$n.ld
        for opt in "" --no-check-sections; do
            # Sections at one address: an error in mld (layout.c's
            # check_section_addresses) that GNU ld lets pass.
            [ $n = 10 ] && [ -z "$opt" ] && continue
            $ld $opt -T s$n.ld r.o -o gnu.exe > gnu.err 2>&1
            gs=$?
            t_mld $opt -T s$n.ld r.o -o mld.exe
            gm=$(sed -n 's/^[^:]*: \(error: \|warning: \)\{0,1\}\(no memory region.*\)/\2/p' gnu.err)
            mm=$(sed -n 's/^mld: \(error: \|warning: \)\{0,1\}\(no memory region.*\)/\2/p' stderr.txt)
            what="$arch: script $n${opt:+ $opt}"
            if [ "$gs" != "$T_STATUS" ] || [ "$gm" != "$mm" ]; then
                t_fail "$what: exit $T_STATUS, '$mm'; GNU ld exit $gs, '$gm'"
            elif [ "$gs" = 0 ]; then
                t_section_headers gnu.exe > gnu.txt
                t_section_headers mld.exe > mld.txt
                t_same "$what" gnu.txt mld.txt "${mm:-no message}"
            else
                t_pass "$what: fails as GNU ld: $mm"
            fi
        done
    done < cases.txt
    # Sections overlapping in the load image: GNU ld writes one over the
    # other with --no-check-sections; mld refuses, saying so.
    echo 'SECTIONS { .text 0x1000 : { *(.text) } .ov1 0x2000 : { *(.ov1) } .ov2 0x2000 : { *(.ov2) } }' > lma.ld
    t_mld --no-check-sections -T lma.ld r.o -o mld.exe
    expect_failure
    expect_stderr "section .ov2 LMA [0000000000002000,0000000000002007] overlaps section .ov1 LMA"
    expect_stderr "(--no-check-sections: mld does not write contents that overlap)"
done
t_done
