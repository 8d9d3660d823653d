#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# The -z keywords that set .dynamic's flags, in an output that has one
# (a static PIE; an executable with --no-dynamic-linker -E): origin
# (DF_ORIGIN and DF_1_ORIGIN), global, interpose, nodump, loadfltr,
# nodefaultlib, globalaudit (DT_FLAGS_1), unique (DT_GNU_FLAGS_1, before
# DT_DEBUG), initfirst, nodelete and nodlopen (bits GNU ld clears in an
# executable, its DT_FLAGS_1 kept, 0 if nothing else); with
# --disable-new-dtags no DT_FLAGS, but DT_BIND_NOW for -z now.  mld took
# them all without effect, which holds only without .dynamic
# (no_effect.sh).
# Compared with GNU ld on both targets: the dynamic section, sections
# and segments.  -z nocombreloc, which gives a PIE's dynamic relocations
# a section per output section in GNU ld, is refused where there are
# any.

t_write s.s <<'SRC'
	.globl _start
	.text
_start:	nop
	.data
	.globl d
d:	.quad _start
SRC
view() {
  readelf -lSdW "$1" | grep -v 'strtab\|section headers, starting'
}
for arch in x86_64 aarch64; do
  t_target $arch
  $as -o s.o s.s || t_hard_error "$as failed"
  for z in "-z origin" "-z global" "-z interpose" "-z unique" "-z nodump" \
           "-z loadfltr" "-z nodefaultlib" "-z globalaudit" "-z initfirst" \
           "-z nodelete -z nodlopen" "-z origin -z unique -z now -z global" \
           "-z unique -z nounique" "-z defs -z combreloc" \
           "--disable-new-dtags -z origin" "--disable-new-dtags -z now" \
           "--disable-new-dtags --enable-new-dtags -z now"; do
    for m in "-pie --no-dynamic-linker" "--no-dynamic-linker -E"; do
      # shellcheck disable=SC2086
      $ld $m $z -o gnu.out s.o 2>/dev/null || t_hard_error "$ld $m $z failed"
      # shellcheck disable=SC2086
      t_mld -m $emul $m $z -o mld.out s.o
      view gnu.out >gnu.txt
      view mld.out >mld.txt
      t_same "$arch $m $z" gnu.txt mld.txt
    done
  done
  t_mld -m $emul -pie --no-dynamic-linker -z nocombreloc -o out s.o
  expect_failure
  expect_error "-z nocombreloc with dynamic relocations in a PIE: GNU ld makes a .rela section per output section"
  expect_no_file out
  # Without dynamic relocations it changes nothing (GNU's ld-elf/pr22269-1).
  printf '\t.globl _start\n\t.text\n_start:\tnop\n' >n.s
  $as -o n.o n.s || t_hard_error "$as failed"
  $ld -pie --no-dynamic-linker -z nocombreloc -o gnu.out n.o ||
    t_hard_error "$ld -z nocombreloc failed"
  t_mld -m $emul -pie --no-dynamic-linker -z nocombreloc -o mld.out n.o
  view gnu.out >gnu.txt
  view mld.out >mld.txt
  t_same "$arch -pie -z nocombreloc, no dynamic relocation" gnu.txt mld.txt
done
t_done
