#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# When -z relro is in effect but nothing in the RELRO part of the layout
# has bytes in memory, GNU ld 2.40 turns RELRO off before laying out
# (ld/ldlang.c lang_find_relro_sections): .tbss takes no address space
# and an empty section counts for nothing, so a program whose only
# RELRO-part section is .tbss gets no PT_GNU_RELRO and its writable
# segment starts where DATA_SEGMENT_ALIGN alone puts it.  mld used to
# move .data to end a page-rounded RELRO region there (on AArch64 into
# the page that PT_GNU_RELRO then made read-only).  The other way: GNU
# ld's script has writable copies of the exception sections (".eh_frame :
# ONLY_IF_RW") in the RELRO part, whose patterns its search walks too, so
# any .eh_frame input keeps RELRO on with nothing else there; the
# writable segment then starts on a page, and PT_GNU_RELRO, which starts
# at the first section in its range, covers .data on AArch64 (its RELRO
# end is 24 bytes past .got).  Each case, linked by both linkers without
# libc, must have GNU ld's program headers and section addresses, on
# both architectures: .tbss alone, .tbss with .tdata, .tbss with
# .init_array, .init_array alone, none, .eh_frame alone and with .tbss,
# and -z common-page-size above the maximum page size (which raises the
# page the layout uses; on AArch64 p_align too).

# The allocated sections: "NAME ADDR OFFSET SIZE" each.
alloc_sections() {
  readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' |
    awk '$7 ~ /A/ { print $1, $3, $4, $5 }'
}
phdrs() {
  readelf -lW "$1" | sed -n '/^Program Headers/,/^$/p'
}

# check NAME AS LD EMULATION SECTIONS...
check() {
  local name=$1 as=$2 ld=$3 emul=$4
  shift 4
  t_have "$name" "$as" || return
  {
    if [[ " $* " = *" eh "* ]]; then
      printf '\t.text\n\t.globl _start\n_start:\t.cfi_startproc\n\tnop\n\t.cfi_endproc\n'
    else
      printf '\t.text\n\t.globl _start\n_start:\tnop\n'
    fi
    for s in "$@"; do
      case $s in
        tbss) printf '\t.section .tbss,"awT",%%nobits\n\t.p2align 2\n\t.skip 4\n' ;;
        tdata) printf '\t.section .tdata,"awT",%%progbits\n\t.p2align 2\n\t.long 1\n' ;;
        init) printf '\t.section .init_array,"aw",%%init_array\n\t.p2align 3\n\t.quad 0\n' ;;
      esac
    done
    printf '\t.data\n\t.quad 1\n\t.bss\n\t.skip 16\n'
  } >"$name.s"
  $as -o "$name.o" "$name.s" || t_hard_error "$as $name.s failed"
  $ld -static -z relro ${EXTRA:-} -o "$name.bfd" "$name.o" ||
    t_hard_error "$ld failed"
  t_mld -static -z relro ${EXTRA:-} -m "$emul" -o "$name.mld" "$name.o"
  [ "$T_STATUS" = 0 ] || { t_fail "$name: mld failed"; return; }
  local want got
  want=$(phdrs "$name.bfd"; alloc_sections "$name.bfd")
  got=$(phdrs "$name.mld"; alloc_sections "$name.mld")
  if [ "$want" = "$got" ]; then
    t_pass "$name: program headers and sections as GNU ld's" \
      "($(grep -c GNU_RELRO <<<"$got") PT_GNU_RELRO)"
  else
    t_fail "$name: program headers and sections differ from GNU ld's:"
    diff <(echo "$want") <(echo "$got") | sed 's/^/    /'
  fi
}

X="as ld.bfd elf_x86_64"
A="aarch64-linux-gnu-as aarch64-linux-gnu-ld aarch64linux"
for arch in x86_64 aarch64; do
  [ $arch = x86_64 ] && t=$X || t=$A
  check ${arch}_tbss $t tbss
  check ${arch}_tdata_tbss $t tdata tbss
  check ${arch}_tbss_init $t tbss init
  check ${arch}_init $t init
  check ${arch}_none $t
  check ${arch}_eh $t eh
  check ${arch}_eh_tbss $t eh tbss
  check ${arch}_eh_tdata $t eh tdata
done
EXTRA="-z common-page-size=0x2000" check x86_64_common_8k $X eh
EXTRA="-z common-page-size=0x10000" check x86_64_common_64k $X eh tdata
EXTRA="-z common-page-size=0x20000" check aarch64_common_128k $A eh
EXTRA="-z common-page-size=0x40000" check aarch64_common_256k $A eh tdata
# The bug's shape: RELRO must never cover .data.
if readelf -lW aarch64_tbss.mld | grep -q GNU_RELRO; then
  t_fail "aarch64_tbss: a PT_GNU_RELRO over the page of .data"
else
  t_pass "aarch64_tbss: no PT_GNU_RELRO"
fi
t_done
