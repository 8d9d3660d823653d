#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Orphans of one name but of different kinds (allocated or not, loaded
# or NOBITS, another ELF type) go to output sections of their own, of
# that name, as GNU ld's ldelf_place_orphan makes them; only compatible
# ones share one (GNU's ld-elf/orphan3).  mld put every .foo into one
# allocated PROGBITS section, so the unallocated bytes were loaded with
# the program and the NOBITS ones took file space.  Built-in layout and
# a -T script, x86-64 and AArch64: section headers (but the string
# tables' sizes) and the bytes of each .foo against GNU ld.
# One section to a file (an assembler keeps one section of a name).
i=0
while IFS='|' read -r sec data; do
    i=$((i + 1))
    printf '%s\n%s\n' "$sec" "$data" >s$i.s
done <<'SRC'
.text; .globl _start; _start:|.quad 0
.section .foo,"a",%nobits|.space 16
.section .foo,"a",%progbits|.long 1,1,1,1
.section .foo,"",%progbits|.long 2,2,2,2
.section .bar,"aw",%progbits|.long 3
.section .bar,"aw",%init_array|.quad 0
.section .foo,"a",%nobits|.space 16
.section .foo,"aw",%progbits|.long 4,4,4,4
.section .foo,"",%progbits|.long 5,5,5,5
.section .bar,"aw",%progbits|.long 6
SRC
t_write s.t <<'LD'
SECTIONS
{
  . = 0x10000;
  .text : { *(.text) }
  .data : { *(.data) }
  .bss : { *(.bss) }
}
LD
view() {
    readelf -SW $1 | sed -n 's/^ *\[ *[0-9]*\] //p' | grep -v strtab |
        awk '{ $4 = ""; print }'
    local n
    for n in $(readelf -SW $1 | sed -n 's/^ *\[ *\([0-9]*\)\] \.foo .*/\1/p'); do
        objdump -s -j $n $1 2>/dev/null | tail -n +5 | cut -c1-44
    done
}
checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    objs=
    for k in $(seq $i); do
        $as -o s$k.$arch.o s$k.s || t_hard_error "$as failed"
        objs="$objs s$k.$arch.o"
    done
    for how in default script; do
        opts=; [ $how = script ] && opts="-T s.t"
        $ld $opts -o g.out $objs 2>/dev/null || t_hard_error "$ld failed"
        t_mld $opts -o m.out $objs
        view g.out >g.$arch.$how; view m.out >m.$arch.$how
        t_same "$arch, $how layout: same-named orphans apart by kind" \
            g.$arch.$how m.$arch.$how "$(grep -c '^\.foo' m.$arch.$how) .foo sections"
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
