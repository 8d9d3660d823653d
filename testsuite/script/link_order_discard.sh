#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# An SHF_LINK_ORDER section goes with the section it is linked to, through
# a chain of them: when /DISCARD/ takes that one, GNU ld discards the
# chain too (ldelf_before_place_orphans); mld kept them as orphans (GNU's
# ld-elf/pr25022).  One linked to a kept section stays.  And an output
# with no program header has e_phoff and e_phentsize 0, as GNU ld writes
# it (mld wrote the usual offset and size).  Both targets: section
# headers and the ELF header against GNU ld.
t_write d.t <<'LD'
SECTIONS { /DISCARD/ : { *(.foo) } }
LD
t_write a.s <<'SRC'
	.section .foo,"a"
	.quad 0
	.section .moo,"ao",%progbits,.zed
	.quad 0
	.section .bar,"ao",%progbits,.foo
	.quad 0
	.section .zed,"ao",%progbits,.foo
	.quad 0
SRC
t_write b.s <<'SRC'
	.section .keep,"a"
	.quad 1
	.section .meta,"ao",%progbits,.keep
	.quad 2
	.section .foo,"a"
	.quad 3
	.section .gone,"ao",%progbits,.foo
	.quad 4
SRC
checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    $as -o a.$arch.o a.s && $as -o b.$arch.o b.s || t_hard_error "$as failed"
    for objs in a.$arch.o "a.$arch.o b.$arch.o"; do
        $ld -T d.t -o g.out $objs 2>/dev/null || t_hard_error "$ld failed"
        t_mld -T d.t -o m.out $objs
        for f in g m; do
            { readelf -SW $f.out | sed -n 's/^ *\[ *[0-9]*\] //p' | grep -v strtab |
                  awk '{print $1, $2, $3, $5}'
              readelf -hW $f.out | grep -i 'program head'; } >$f.view
        done
        t_same "$arch $objs: linked-to sections discarded, chains with them" \
            g.view m.view "$(grep -c PROGBITS m.view) sections kept"
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
