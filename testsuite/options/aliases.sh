#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Options with several spellings (GNU ld's long and short names, the
# --opt=ARG, --opt ARG, -oARG forms) mean the same: mld's outputs are
# byte-identical whichever is used.  Then the options whose meaning is
# checked against GNU ld here rather than by a program: --version and
# -v, --help, --no-eh-frame-hdr, --stats/--no-stats,
# --warn-rwx-segments, and the -z page-size and layout keywords (no
# libc, so the two linkers' program headers and sections must agree).
t_need_ld_bfd_x86_64

t_write main.c <<'SRC'
extern int which(void);
int counter = 3;
void _start(void) {
  __asm__ volatile("syscall" :: "a"(60), "D"(which() + counter) : "rcx", "r11");
  for (;;) ;
}
SRC
t_write w.c <<'SRC'
static int local_helper(int x) { return x + 1; }
int which(void) { return local_helper(4); }
int unused_member(void) { return 9; }
SRC
t_compile main.c -fno-stack-protector -fno-asynchronous-unwind-tables -g
t_compile w.c -fno-stack-protector -fno-asynchronous-unwind-tables -g
mkdir -p lib && ar rcs lib/libw.a w.o

same() {   # same NAME ARGS... -- ARGS...: both links give the same bytes
  local name=$1 a=() b=()
  shift
  while [ "$1" != -- ]; do a+=("$1"); shift; done
  shift
  b=("$@")
  "$MLD" "${a[@]}" 2>/dev/null; local s1=$?
  mv -f "$OUT" first.out 2>/dev/null
  "$MLD" "${b[@]}" 2>/dev/null; local s2=$?
  if [ $s1 = 0 ] && [ $s2 = 0 ] && cmp -s first.out "$OUT"; then
    t_pass "$name: the same output"
  else
    t_fail "$name: status $s1/$s2 or different outputs"
  fi
}
OUT=a.out
same "--output" -o a.out main.o lib/libw.a -- --output=a.out main.o lib/libw.a
same "-oFILE" -oa.out main.o lib/libw.a -- --output a.out main.o lib/libw.a
same "--library, --library-path" main.o -L lib -l w -- main.o --library-path=lib --library=w
same "-lNAME" -Llib main.o -lw -- main.o --library-path lib --library w
same "--entry" -e which main.o w.o -- --entry=which main.o w.o
same "--undefined" -u unused_member main.o lib/libw.a -- --undefined=unused_member main.o lib/libw.a
same "--strip-all" -s main.o w.o -- --strip-all main.o w.o
same "--strip-debug" -S main.o w.o -- --strip-debug main.o w.o
same "--discard-all" -x main.o w.o -- --discard-all main.o w.o
same "--discard-locals" -X main.o w.o -- --discard-locals main.o w.o
same "-static, -Bstatic" -static -Llib main.o -lw -- -Bstatic -Llib main.o -lw
# Without --gc-sections, --print-gc-sections has nothing to print.
same "--print-gc-sections alone" main.o w.o -- --print-gc-sections main.o w.o
t_mld --print-gc-sections -o p.out main.o w.o
[ ! -s stderr.txt ] && t_pass "--print-gc-sections alone prints nothing" ||
  t_fail "--print-gc-sections alone printed something"

# --version and -v: one line naming mld; alone they exit 0, -v with
# other options goes on linking as GNU ld does.
t_mld --version
[ "$T_STATUS" = 0 ] && grep -q '^mld ' stdout.txt && t_pass "--version" ||
  t_fail "--version: status $T_STATUS"
t_mld -v -o v.out main.o w.o
[ "$T_STATUS" = 0 ] && [ -x v.out ] && grep -q '^mld ' stdout.txt &&
  t_pass "-v with a link: prints the version and links" || t_fail "-v with a link"
t_mld --help
[ "$T_STATUS" = 0 ] && grep -q -- '--output=FILE' stdout.txt && t_pass "--help" ||
  t_fail "--help"
# --verbose: alone it prints the version, the emulations and the built-in
# layout and succeeds, as GNU ld's; with inputs it prints them and links
# the same output (BusyBox links with -Wl,--verbose).
t_mld --verbose
[ "$T_STATUS" = 0 ] && grep -q 'Supported emulations' stdout.txt &&
  grep -q '^  \.text  ' stdout.txt && grep -q '^  \.lbss ' stdout.txt &&
  t_pass "--verbose alone" || t_fail "--verbose alone: status $T_STATUS"
t_mld -m aarch64linux --verbose
grep -q '^  \.lbss ' stdout.txt && t_fail "--verbose: .lbss on AArch64" ||
  t_pass "--verbose: AArch64's layout has no .lbss"
same "--verbose with a link" -o a.out main.o w.o -- --verbose -o a.out main.o w.o

# --no-eh-frame-hdr undoes --eh-frame-hdr, as in GNU ld.
t_compile w.c -fasynchronous-unwind-tables
ld.bfd --eh-frame-hdr --no-eh-frame-hdr -o g.out main.o w.o || t_hard_error "ld.bfd"
t_mld --eh-frame-hdr --no-eh-frame-hdr -o m.out main.o w.o
gh=$(readelf -SW g.out | grep -c eh_frame_hdr); mh=$(readelf -SW m.out | grep -c eh_frame_hdr)
[ "$gh" = 0 ] && [ "$mh" = 0 ] && t_pass "--no-eh-frame-hdr: no .eh_frame_hdr" ||
  t_fail "--no-eh-frame-hdr: GNU ld $gh, mld $mh .eh_frame_hdr"
t_mld --stats --no-stats -o m.out main.o w.o
[ ! -s stderr.txt ] && [ ! -s stdout.txt ] && t_pass "--no-stats undoes --stats" ||
  t_fail "--no-stats: printed statistics"

# --warn-rwx-segments after --no-warn-rwx-segments warns again (an
# input section that is writable and executable).
t_write rwx.s <<'SRC'
	.section .rwx,"awx",@progbits
	.quad 1
	.section .note.GNU-stack,"",@progbits
SRC
as -o rwx.o rwx.s || t_hard_error "as"
ld.bfd --no-warn-rwx-segments --warn-rwx-segments -o g.out main.o w.o rwx.o 2>g.err
t_mld --no-warn-rwx-segments --warn-rwx-segments -o m.out main.o w.o rwx.o
grep -q "has a LOAD segment with RWX permissions" g.err &&
  grep -q "has a LOAD segment with RWX permissions" stderr.txt &&
  t_pass "--warn-rwx-segments: both warn" || t_fail "--warn-rwx-segments: not as GNU ld"

# Page sizes and code separation, as GNU ld lays them out.
layout() { readelf -lW "$1" | sed -n '/^Program Headers/,/^$/p'
           readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' | awk '$7 ~ /A/'; }
for z in "-z max-page-size=0x200000" "-z common-page-size=0x10000" \
         "-z common-page-size=0x2000" \
         "-z max-page-size=0x10000 -z common-page-size=0x4000" \
         "-z separate-code" "-z noseparate-code -z separate-code" \
         "-z now" "-z now -z lazy"; do
  ld.bfd $z -o g.out main.o w.o || t_hard_error "ld.bfd $z"
  t_mld $z -o m.out main.o w.o
  [ "$(layout g.out)" = "$(layout m.out)" ] && t_pass "$z: GNU ld's layout" ||
    { t_fail "$z: layout differs"; diff <(layout g.out) <(layout m.out) | head; }
done
# A common page size above the maximum page size given is an error.
t_mld -z max-page-size=0x4000 -z common-page-size=0x8000 -o e.out main.o w.o
expect_failure
expect_error "common page size (0x8000) > maximum page size (0x4000)"
t_done
