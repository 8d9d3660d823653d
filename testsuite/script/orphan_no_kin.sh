#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# An allocated orphan that no output section of the script is akin to
# (here a note and read-only data, beside writable .data only) goes
# first, as GNU ld's ldelf_place_orphan inserts it after *ABS*, at the
# location counter's start; mld put it after the last allocated
# section.  A symbol in an empty section then takes the section before
# (GNU's ld-elf/pr23658-3).  Section headers and symbols against GNU ld.
# After *ABS* means after the script's first ". =", if no section comes
# before it (insert_os_after).
t_need_ld_bfd_x86_64
t_write a.s <<'SRC'
	.globl _start
	.data
_start:	.quad __FOO
	.section .note.x,"a",%note
	.balign 4
	.long 4, 4, 1
	.asciz "GNU"
	.long 0
	.section .ro,"a"
	.byte 1
SRC
as -o a.o a.s || t_hard_error "as failed"
t_write s.t <<'LD'
SECTIONS
{
  .data 0x1000 : { *(.data) }
  .foo 0x4000 : { PROVIDE (__FOO = .); *(.foo) }
}
LD
ld.bfd -T s.t -o g.out a.o 2>/dev/null || t_hard_error "GNU ld failed"
t_mld -T s.t -o m.out a.o
readelf -SW g.out | sed -n 's/^ *\[ *[0-9]*\] //p' | grep -v strtab |
  awk '{ $4 = ""; print }' >g.sh
readelf -SW m.out | sed -n 's/^ *\[ *[0-9]*\] //p' | grep -v strtab |
  awk '{ $4 = ""; print }' >m.sh
t_same "orphans without kin first" g.sh m.sh "$(head -2 m.sh | tail -1 | cut -d' ' -f1)"
nm g.out | grep __FOO >g.nm; nm m.out | grep __FOO >m.nm
t_same "__FOO in the section before" g.nm m.nm "$(cat m.nm)"

# A script with only ". = SIZEOF_HEADERS;": the first orphan, code with no
# kin, goes after the ELF header, at the location counter, as GNU ld
# places it (GNU's ld-x86-64/pr19539).  mld put it before the header in
# its list, so it was never laid out and stayed at address 0, over the
# headers.  Both targets: section headers and program headers.
t_write h.t <<'LD'
SECTIONS
{
  . = SIZEOF_HEADERS;
}
LD
t_write h.s <<'SRC'
	.section .prefix,"a"
	.quad 1
	.text
	.globl _start
_start:	.quad 0
SRC
for arch in x86_64 aarch64; do
    t_target $arch
    $as -o h.$arch.o h.s || t_hard_error "$as failed"
    $ld -T h.t -o h.g h.$arch.o 2>/dev/null || t_hard_error "$ld failed"
    t_mld -T h.t -o h.m h.$arch.o
    for f in g m; do
        { readelf -SW h.$f | sed -n 's/^ *\[ *[0-9]*\] //p' | grep -v strtab
          readelf -lW h.$f | grep -E '^ +(LOAD|PHDR)'; } >h.$f.view
    done
    t_same "$arch: orphans after . = SIZEOF_HEADERS" h.g.view h.m.view \
        "$(grep '^\.text' h.m.view | awk '{print $3}')"
done

# Orphans placed first (after *ABS*) go after the script's first ". ="
# when no output section comes before it, and before a second one (GNU
# ld's insert_os_after skips the first): code with no kin at 0x5000, and
# the entry point there.  mld laid them before every ". =", at 0.
t_write o.s <<'SRC'
	.text
	.globl f
f:	.quad 0
	.data
	.long 1
SRC
for arch in x86_64 aarch64; do
    t_target $arch
    $as -o o.$arch.o o.s || t_hard_error "$as failed"
    for sc in '. = 0x5000; .foo : { *(.data) }' \
              '. = 0x5000; . = 0x6000; .foo : { *(.data) }' \
              'x = 1; . = 0x5000; .foo : { *(.data) }'; do
        echo "SECTIONS { $sc }" >o.t
        $ld -T o.t -o o.g o.$arch.o 2>/dev/null || t_hard_error "$ld failed"
        t_mld -T o.t -o o.m o.$arch.o
        for f in g m; do
            { readelf -hW o.$f | grep Entry
              readelf -SW o.$f | sed -n 's/^ *\[ *[0-9]*\] //p' |
                grep -v strtab; } >o.$f.view
        done
        t_same "$arch: orphan without kin, $sc" o.g.view o.m.view \
            "$(grep '^\.text' o.m.view | awk '{print $3}')"
    done
done
t_done
