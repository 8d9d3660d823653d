#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Input section descriptions as GNU ld takes them and prints them in
# -Map, and the sorts --sort-section adds, compared with GNU ld on both
# targets:
# - EXCLUDE_FILE inside a SORT (GNU ld's grammar puts it there; mld took
#   it only before one);
# - the map's input statement lines as GNU ld's print_wild_statement
#   writes them (mld copied the text as written): sorts and exclusions
#   spelled out, EXCLUDE_FILE's files last first, a nested sort of one
#   key once, KEEP and INPUT_SECTION_FLAGS not shown;
# - --sort-section=name|alignment: an unsorted pattern sorted by it, one
#   sorted by the other key sorted by it second (mld left those), .init
#   never, orphans never (mld sorted them);
# - a PROVIDE that only an unneeded PROVIDE refers to is not needed
#   either ([!provide], no symbol; mld defined it);
# - a script's section left empty is listed with its statements and the
#   assignments after it (mld left out the assignments that followed the
#   last section it wrote);
# - the inputs' LOAD lines come where the -T script stands among them:
#   before the script's sections or after them (mld: always before).
# Compared: the map's statement and assignment lines, nm -n.

for f in a b; do
  t_write $f.s <<SRC
	.section .data, "aw"
	.long 1
	.section .data.1, "aw"
	.long 2
	.section .t2, "ax"
	.p2align 3
t2$f:	.long 0
	.section .t3, "ax"
	.p2align $([ $f = a ] && echo 5 || echo 6)
t3$f:	.long 0
	.section .t1, "ax"
	.p2align 5
t1$f:	.long 0
	.section .xa, "ax"
	.p2align 4
xa$f:	.long 0
	.section .init, "ax"
	.p2align $([ $f = a ] && echo 2 || echo 4)
init$f:	.long 0
	.section .orph, "aw"
	.p2align $([ $f = a ] && echo 2 || echo 4)
orph$f:	.long 0
SRC
done
t_write t.ld <<'LD'
SECTIONS
{
  . = 0x10000;
  .text : {
    * (SORT_BY_ALIGNMENT (SORT_BY_ALIGNMENT (.t*)))
    * (SORT_BY_NAME (.xa))
    KEEP (* (.init))
  }
  .data : {
    * (SORT_BY_NAME (EXCLUDE_FILE (*b.o) .data))
    * (SORT_BY_NAME (SORT_BY_NAME (EXCLUDE_FILE (*a.o *c.o) .data.*)))
    EXCLUDE_FILE (*x.o *y.o) * (.data)
    INPUT_SECTION_FLAGS (SHF_WRITE) SORT_NONE (*) (SORT_NONE (.nothing))
  }
  .bss : { *(.bss) *(COMMON) PROVIDE (loc1 = ALIGN (., 0x10)); }
  PROVIDE (loc2 = loc1 + 0x20);
  after1 = 0x42;
  after2 = after1 + 1;
  /DISCARD/ : { *(.note*) *(.comment) }
}
LD

for arch in x86_64 aarch64; do
  t_target $arch
  $as -o a.o a.s && $as -o b.o b.s || t_hard_error "$as failed"
  for sort in "" --sort-section=name --sort-section=alignment; do
    what="$arch${sort:+ $sort}"
    $ld $sort -T t.ld -o gnu.out a.o b.o -Map gnu.map 2>gnu.err ||
      t_hard_error "$ld failed: $(cat gnu.err)"
    t_mld -m $emul $sort -T t.ld -o mld.out a.o b.o -Map mld.map
    # Statement lines: one space, then no address.
    stmts() { grep -E '^ [^ ]' "$1" | grep -v ' 0x' | grep -v '^ \*fill\*'; }
    stmts gnu.map >gnu.s
    stmts mld.map >mld.s
    t_same "$what: input statements in the map" gnu.s mld.s \
      "$(wc -l <mld.s) lines"
    grep -E '^ {16}(0x[0-9a-f]{16}|\[!provide\]) {16}' gnu.map >gnu.a
    grep -E '^ {16}(0x[0-9a-f]{16}|\[!provide\]) {16}' mld.map >mld.a
    t_same "$what: assignments in the map" gnu.a mld.a "$(wc -l <mld.a) lines"
    nm -n gnu.out >gnu.nm
    nm -n mld.out >mld.nm
    t_same "$what: symbols (nm -n)" gnu.nm mld.nm "$(echo $(awk '{ print $3 }' mld.nm))"
  done
  # The inputs' LOAD lines where GNU ld has them: a -T script's
  # statements where the script stands among the inputs.
  for args in "-T t.ld a.o b.o" "a.o -T t.ld b.o" "a.o b.o -T t.ld"; do
    $ld $args -o gnu.out -Map gnu.map 2>/dev/null
    t_mld -m $emul $args -o mld.out -Map mld.map
    marks() { grep -E '^(LOAD|\.text|\.data|/DISCARD/|OUTPUT)' "$1" | sed 's/^OUTPUT.*/OUTPUT/'; }
    marks gnu.map >gnu.m
    marks mld.map >mld.m
    t_same "$arch $args: LOAD lines in the map" gnu.m mld.m
  done
done
t_done
