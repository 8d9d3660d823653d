#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# PHDRS: an unallocated section that a ":NAME" puts in a segment other
# than a PT_LOAD (a note, GNU's ld-elf/note-1 and note-2): the segment
# holds its bytes, at its file offset and address, and no memory (a
# p_memsz of 0 for it), as GNU ld's lang_record_phdrs and bfd make it;
# mld left the PT_NOTE empty.  Two such notes in one segment, an
# allocated section in both segments, a note in a PT_LOAD too (-N, -n:
# the load's alignment stays), and an allocated section that follows a
# note into the PT_NOTE alone (bfd's "not in segment" warning).  Program headers against GNU ld's,
# both targets.
t_write n.s <<'SRC'
	.globl _entry
	.section .foo,"awx",%progbits
_entry:
	.byte 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0
	.section .note,"",%note
	.balign 4
	.byte 1,2,3
	.section .note2,"",%note
	.byte 4
	.section .bar,"a",%progbits
	.byte 5
SRC
# script NAME: NAME.t, the output sections of standard input between
# the PHDRS every case has and a /DISCARD/ of the rest.
script() {
  { echo 'ENTRY(_entry)'; echo 'PHDRS { data PT_LOAD; note PT_NOTE; }'
    echo 'SECTIONS {'; cat; echo '  /DISCARD/ : { *(*) }'; echo '}'; } >"$1.t"
}
script one <<'SRC'
  . = 0x1000000;
  .foo : { *(.foo) } :data
  . = 0x2000000;
  .note : { *(.note) } :note
SRC
script two <<'SRC'
  . = 0x1000000;
  .foo : { *(.foo) } :data
  . = 0x2000000;
  .note : { *(.note) } :note
  .note2 : { *(.note2) } :note
SRC
script both <<'SRC'
  .foo : { *(.foo) } :data :note
  .note : { *(.note) } :data
  .bar : { *(.bar) } :data
SRC
# In a PT_LOAD too, which keeps its own alignment (with -N: 1).
script load <<'SRC'
  .foo : { *(.foo) } :data
  .note : { *(.note) } :data :note
SRC
# An allocated section after it without ":NAME" goes in the PT_NOTE
# alone, which GNU ld warns of (bfd: "not in segment").
script after <<'SRC'
  .foo : { *(.foo) } :data
  .note : { *(.note) } :note
  .bar : { *(.bar) }
SRC
for arch in x86_64 aarch64; do
  t_target $arch
  $as -o n.o n.s || t_hard_error "$as failed"
  for t in one two both load "load -N" "load -n"; do
    set -- $t
    $ld -T $1.t ${2:-} --no-warn-rwx-segments -o gnu.out n.o ||
      t_hard_error "GNU ld failed on $t.t"
    t_mld -T $1.t ${2:-} --no-warn-rwx-segments -o mld.out n.o
    readelf -lW gnu.out | sed -n '/^Program Headers/,$p' >gnu.ph
    readelf -lW mld.out | sed -n '/^Program Headers/,$p' >mld.ph
    t_same "$arch $t.t: program headers" gnu.ph mld.ph \
      "$(grep -c '^ *NOTE' mld.ph) PT_NOTE"
  done
  $ld -T after.t -o out n.o 2>&1 | sed 's/^[^:]*: //' >gnu.err
  t_mld -T after.t -o out n.o
  sed 's/^mld: //' stderr.txt >mld.err
  t_same "$arch after.t: the warning" gnu.err mld.err
done
t_done
