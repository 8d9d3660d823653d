#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Sections aligned beyond the page size.  GNU ld's rules: a PT_LOAD's
# p_align is the page size or its most aligned section's alignment,
# whichever is larger; its p_offset is congruent to p_vaddr modulo
# p_align, except that a zero-fill-only PT_LOAD has p_offset 0 (its
# address modulo the page size); headers
# alone in their segment sit on the page below the first section.
# Without libc (the same bytes from both linkers) the program headers
# (PT_GNU_RELRO too) and section addresses and offsets must be GNU ld's
# exactly, also with -z norelro (the writable segment's start is then
# DATA_SEGMENT_ALIGN's alone); with libc
# (whose layout differs in other ways) every PT_LOAD of both linkers'
# outputs must follow the rules above, and both programs print the same.

# src.c ALIGN_TEXT ALIGN_DATA ALIGN_RO ALIGN_BSS LIBC(yes/no)
write_src() {
  {
    echo "#define AL(p, n) ((unsigned long)(p) % (n) == 0)"
    echo "__attribute__((aligned($2), noinline)) int fn(int x) { return x + 1; }"
    echo "__attribute__((aligned($3))) int data[4] = {1, 2, 3, 4};"
    echo "__attribute__((aligned($4))) const int ro[4] = {5, 6, 7, 8};"
    echo "__attribute__((aligned($5))) int zero[4];"
    echo "int small = 9;"
    echo "__attribute__((section(\".data.rel.ro\"))) int *const relro = &small;"
    echo "#define ALIGNED (AL(fn, $2) + 2 * AL(data, $3) + 4 * AL(ro, $4) + 8 * AL(zero, $5))"
    echo "#define SUM (fn(1) + data[2] + ro[1] + zero[1] + *relro)"
  } >"$1"
  if [ "$6" = yes ]; then
    cat >>"$1" <<'SRC'
#include <stdio.h>
int main(void)
{
  printf("%d %d\n", SUM, ALIGNED);
  return 0;
}
SRC
  else
    cat >>"$1" <<'SRC'
static void sys_exit(long code)
{
#ifdef __x86_64__
  __asm__ volatile("syscall" : : "a"(60L), "D"(code));
#else
  register long x0 __asm__("x0") = code;
  register long x8 __asm__("x8") = 93;
  __asm__ volatile("svc 0" : : "r"(x0), "r"(x8));
#endif
  __builtin_unreachable();
}
void _start(void) { sys_exit(ALIGNED + 16 * (SUM == 20)); }
SRC
  fi
}

# The PT_LOADs: "FLAGS ALIGN OFFSET VADDR FILESZ MEMSZ" each.
loads() {
  readelf -lW "$1" | awk '$1 == "LOAD" {
    fl = ""; for (i = 7; i < NF; i++) fl = fl $i;
    print fl, $NF, $2, $3, $5, $6 }'
}

# The program headers as readelf shows them.
phdrs() {
  readelf -lW "$1" | sed -n '/^Program Headers/,/^$/p'
}

# Allocated sections: "NAME ADDR OFFSET SIZE ALIGN" each.
alloc_sections() {
  readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' |
    awk '$7 ~ /A/ { print $1, $3, $4, $5, $NF }'
}

# rules EXE PAGE: every PT_LOAD follows GNU ld's rules; prints violations
rules() {
  local exe=$1 page=$2 bad=0 fl al off va fs ms max name addr soff size sal
  local sections
  sections=$(alloc_sections "$exe")
  while read -r fl al off va fs ms; do
    max=$page
    while read -r name addr soff size sal; do
      if (( 0x$addr >= va && 0x$addr < va + ms && sal > max )); then
        max=$sal
      fi
    done <<<"$sections"
    if (( al != max )); then
      echo "    PT_LOAD $fl at $va: p_align $al, GNU ld's rule gives $max"
      bad=1
    fi
    if (( fs == 0 )); then
      (( off == 0 )) || { echo "    zero-fill PT_LOAD at $va: p_offset $off"; bad=1; }
    elif (( off % al != va % al )); then
      echo "    PT_LOAD $fl at $va: p_offset $off is not p_vaddr mod $al"
      bad=1
    fi
  done < <(loads "$exe")
  return $bad
}

# check NAME LIBC CC LD EMULATION PAGE RUN -- ALIGNMENTS...
# LIBC: yes, no, or norelro (no libc, linked with -z norelro)
check() {
  local name=$1 libc=$2 cc=$3 ld=$4 emul=$5 page=$6 run=$7
  shift 8
  t_have "$name" "$cc" || return
  [ "$run" = - ] || t_have "$name" "$run" || return
  [ "$run" = - ] && run=
  local z=()
  [ "$libc" = norelro ] && z=(-z norelro)
  write_src "$name.c" "$@" "$([ "$libc" = yes ] && echo yes || echo no)"
  T_CC=$cc t_compile "$name.c" -fno-stack-protector -fno-asynchronous-unwind-tables -fno-unwind-tables
  if [ "$libc" = yes ]; then
    $cc -static -o "$name.bfd" "$name.o" || t_hard_error "$cc $name.o failed"
    T_CC=$cc t_gcc_mld -static -o "$name.mld" "$name.o"
  else
    $ld ${z[@]+"${z[@]}"} -o "$name.bfd" "$name.o" ||
      t_hard_error "$ld $name.o failed"
    t_mld -m "$emul" ${z[@]+"${z[@]}"} -o "$name.mld" "$name.o"
  fi
  if [ "$T_STATUS" != 0 ]; then
    t_fail "$name: mld failed"
    return
  fi
  local want got
  if [ "$libc" = yes ]; then
    rules "$name.bfd" "$page" || t_hard_error "GNU ld breaks the rules tested"
    rules "$name.mld" "$page" && t_pass "$name: PT_LOADs by GNU ld's rules" ||
      t_fail "$name: PT_LOADs not by GNU ld's rules"
  else
    want=$(phdrs "$name.bfd"; alloc_sections "$name.bfd")
    got=$(phdrs "$name.mld"; alloc_sections "$name.mld")
    if [ "$want" = "$got" ]; then
      t_pass "$name: program headers and sections as GNU ld's"
    else
      t_fail "$name: program headers and sections differ from GNU ld's:"
      diff <(echo "$want") <(echo "$got") | sed 's/^/    /'
    fi
  fi
  want=$($run "./$name.bfd" 2>&1; echo "exit $?")
  got=$($run "./$name.mld" 2>&1; echo "exit $?")
  [ "$want" = "$got" ] && t_pass "$name: runs as GNU ld's:" $got ||
    t_fail "$name: mld's program gives '$got', GNU ld's '$want'"
}

X="gcc ld.bfd elf_x86_64 4096 -"
A="aarch64-linux-gnu-gcc aarch64-linux-gnu-ld aarch64linux 65536 qemu-aarch64"
for libc in no norelro yes; do
  check x86_64_$libc $libc $X -- 8192 65536 32768 16384
  check x86_64_8k_$libc $libc $X -- 8192 8192 8192 8192
  check x86_64_64k_$libc $libc $X -- 65536 4096 65536 65536
  check aarch64_$libc $libc $A -- 131072 262144 131072 65536
  check aarch64_64k_$libc $libc $A -- 65536 65536 65536 65536
  check aarch64_1m_$libc $libc $A -- 16 1048576 16 16
done
t_done
