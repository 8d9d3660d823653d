#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# PHDRS: which program header a section without ":NAME" goes to, as GNU
# ld's lang_record_phdrs decides.  Before any section with ":NAME", the
# first later one's headers (mld put such sections in the first
# PT_LOAD); none at all is GNU ld's "no sections assigned to phdrs"; a
# NOLOAD section goes in none; an empty PT_LOAD has no flags and the
# file position of its place; a PT_LOAD with PHDRS but not FILEHDR
# starts at the program headers.  Program headers and section headers
# against GNU ld's.
t_need_ld_bfd_x86_64
t_write p.s <<'SRC'
	.globl _start
	.text
_start:	nop
	.section .a,"a"
	.byte 1
	.section .b,"a"
	.byte 2
	.section .c,"aw",%nobits
	.zero 16
SRC
as -o p.o p.s || t_hard_error "as failed"

same_headers() {   # same_headers SCRIPT WHAT
  ld.bfd -T "$1" -o g.out p.o 2>/dev/null || t_hard_error "GNU ld fails $1"
  t_mld -T "$1" -o m.out p.o
  readelf -lW g.out | sed -n '/^Program Headers/,$p' >g.ph
  readelf -lW m.out | sed -n '/^Program Headers/,$p' >m.ph
  t_same "$2" g.ph m.ph "$(grep -c LOAD m.ph) PT_LOADs"
  # Sections without file offsets: GNU ld gives a NOBITS section in no
  # segment offset 0, mld where the file is (no byte of it is there).
  readelf -SW g.out | sed -n 's/^ *\[ *[0-9]*\] //p' | grep -v strtab |
    awk '{ $4 = ""; print }' >g.sh
  readelf -SW m.out | sed -n 's/^ *\[ *[0-9]*\] //p' | grep -v strtab |
    awk '{ $4 = ""; print }' >m.sh
  t_same "$2: sections" g.sh m.sh
}

t_write later.t <<'LD'
PHDRS { text PT_LOAD; data PT_LOAD; }
SECTIONS {
  . = 0x10000;
  .a : { *(.a) }
  .text : { *(.text) }
  . = 0x20000;
  .b : { *(.b) } :data
}
LD
same_headers later.t "sections before any :NAME take the first later one's"
t_write noload.t <<'LD'
PHDRS { text PT_LOAD; data PT_LOAD; }
SECTIONS {
  . = 0x10000;
  .text : { *(.text) } :text
  .a : { *(.a) }
  . = 0x20000;
  .b : { *(.b) } :data
  .c (NOLOAD) : { *(.c) }
}
LD
same_headers noload.t "a NOLOAD section in no header"
# PHDRS without FILEHDR: the PT_LOAD starts at the program headers, not
# at the ELF header (GNU's ld-elf/size-2).
t_write phdrs.t <<'LD'
PHDRS { header PT_PHDR PHDRS; image PT_LOAD FLAGS (5) PHDRS; }
SECTIONS { .text 0x100 : { *(.text) } :image .a : { *(.a) } }
LD
same_headers phdrs.t "PHDRS without FILEHDR"
t_write none.t <<'LD'
PHDRS { text PT_LOAD; }
SECTIONS { . = 0x10000; .a : { *(.a) } .text : { *(.text) } }
LD
ld.bfd -T none.t -o g.out p.o 2>g.err && t_hard_error "GNU ld takes none.t"
t_mld -T none.t -o m.out p.o
expect_failure
expect_error "$(sed -n 's/^ld\.bfd: //p' g.err | head -1)"

# An orphan goes to the program headers of the section it follows, even
# an empty one (GNU ld's lang_insert_orphan); mld looked only at kept
# sections and found none: "no sections assigned to phdrs" (GNU's
# ld-elf/group3a).  The PT_LOAD and the mapping against GNU ld.
printf '.data\n.globl foo\nfoo: .byte 1, 2\n' >o.s
as -o o.o o.s || t_hard_error "as failed"
t_write empty.t <<'LD'
PHDRS { header PT_PHDR PHDRS; image PT_LOAD PHDRS; }
SECTIONS { . = 0x1000; .text : { *(.text) } :image :header }
LD
ld.bfd -T empty.t -o g.out o.o 2>/dev/null || t_hard_error "GNU ld fails empty.t"
t_mld -T empty.t -o m.out o.o
readelf -lW g.out | grep -E '^ +LOAD|^ +0[0-9] ' >g.ph
readelf -lW m.out | grep -E '^ +LOAD|^ +0[0-9] ' >m.ph
t_same "an orphan after an empty section" g.ph m.ph "$(grep -c LOAD m.ph) PT_LOAD"
t_done
