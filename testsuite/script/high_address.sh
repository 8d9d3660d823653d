#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Addresses above what a process maps, as kernels and GNU ld's own tests
# use them: a script's ". = 0xffffffff81000000" (the x86-64 kernel's
# start) and -Ttext 0x1000000000000 (2^48: ld-aarch64/emit-relocs-291).
# mld refused both ("output image is too large", "past what a process can
# map").  Against GNU ld: the section headers, the program headers, the
# symbols and the code.  GNU's ld-elf/lma puts .text 1 MiB below the top
# (". = -0x100000"), which mld refused too.  Only the last two pages (of
# at least 64 KiB) of the address space, where rounding an address up
# would wrap, are refused.

t_write k.s <<'SRC'
	.text
	.globl	_start
_start:	.quad	_start, data_sym
	.data
	.globl	data_sym
data_sym:	.quad	_start
	.bss
	.zero	64
SRC
t_write k.ld <<'LD'
SECTIONS {
  . = 0xffffffff81000000;
  .text : { *(.text) }
  .data : { *(.data) }
  .bss : { *(.bss) }
  _end = .;
}
LD

same() {
  local what=$1
  if [ "$T_STATUS" = 0 ] &&
     cmp -s <(readelf -lSW gnu.out | grep -v 'strtab\|^ *\[ *0\]\|section headers, starting') \
            <(readelf -lSW mld.out | grep -v 'strtab\|^ *\[ *0\]\|section headers, starting') &&
     cmp -s <(nm gnu.out | sort) <(nm mld.out | sort) &&
     cmp -s <(objdump -s -j .text -j .data gnu.out | tail -n +3) \
            <(objdump -s -j .text -j .data mld.out | tail -n +3); then
    t_pass "$what: GNU ld's layout, symbols and contents"
  else
    t_fail "$what: differs from GNU ld's"
    diff <(readelf -lSW gnu.out; nm gnu.out | sort) \
         <(readelf -lSW mld.out; nm mld.out | sort) | head
  fi
}

checked=0
for arch in x86_64 aarch64; do
  t_target $arch
  $cc -c k.s -o k.o || t_hard_error "$cc k.s"
  $ld -T k.ld -o gnu.out k.o >gnu.log 2>&1 || t_hard_error "GNU ld: $(cat gnu.log)"
  t_mld -T k.ld -o mld.out k.o
  same "$arch: . = 0xffffffff81000000"
  $ld -static -Ttext 0x1000000000000 -o gnu.out k.o >gnu.log 2>&1 ||
    t_hard_error "GNU ld: $(cat gnu.log)"
  t_mld -static -Ttext 0x1000000000000 -o mld.out k.o
  same "$arch: -Ttext 0x1000000000000"
  printf 'SECTIONS {\n  . = -0x100000;\n  .text : AT(ADDR(.text) + 0x100000) { *(.text) }\n  /DISCARD/ : { *(*) }\n}\n' >lma.ld
  printf '\t.text\n\t.globl _start\n_start:\t.long 0\n' >lma.s
  $cc -c lma.s -o lma.o || t_hard_error "$cc lma.s"
  $ld -T lma.ld -o gnu.out lma.o >gnu.log 2>&1 || t_hard_error "GNU ld: $(cat gnu.log)"
  t_mld -T lma.ld -o mld.out lma.o
  same "$arch: . = -0x100000"
  checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"

printf 'SECTIONS { . = 0xffffffffffff0000; .text : { *(.text) } }\n' >top.ld
t_mld -T top.ld -o top.out k.o
expect_failure
expect_error "too near the end of the address space"
expect_no_file top.out
t_done
