#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# .ctors/.dtors sections in .init_array/.fini_array are copied with their
# 8-byte entries in reverse order, each relocation going with its entry:
# absolute and PC-relative ones, against global and local symbols, with
# addends, and 4-byte ones in the second half of an entry.  The bytes
# must be GNU ld's.  A section whose size is not a multiple of 8, or a
# relocation that crosses two entries, is an error.  The images are small
# and laid out alike, so their program headers must be GNU ld's too.

t_write x86.s <<'SRC'
	.text
	.globl _start, f1, f2, f3
_start:	mov $60, %eax
	xor %edi, %edi
	syscall
f1:	ret
f2:	ret
f3:	ret
lf:	ret
	.section .ctors,"aw"
	.balign 8
	.quad f1
	.long 0x11111111
	.long f2
	.quad f3 - .
	.quad lf + 1
	.section .ctors.00005,"aw"
	.quad f2
	.quad f3
	.section .init_array,"aw"
	.quad f1
	.section .init_array.65530,"aw"
	.quad lf
	.section .dtors,"aw"
	.quad f1
	.quad lf
	.section .dtors.00007,"aw"
	.quad f2
	.quad f1
	.section .note.GNU-stack,"",@progbits
SRC

t_write a64.s <<'SRC'
	.text
	.globl _start, f1, f2, f3
_start:	mov x0, #0
	mov x8, #93
	svc #0
f1:	ret
f2:	ret
f3:	ret
lf:	ret
	.section .ctors,"aw"
	.balign 8
	.xword f1
	.word 0x11111111
	.word f2
	.xword f3 - .
	.xword lf + 1
	.section .ctors.00005,"aw"
	.xword f2
	.xword f3
	.section .init_array,"aw"
	.xword f1
	.section .init_array.65530,"aw"
	.xword lf
	.section .dtors,"aw"
	.xword f1
	.xword lf
	.section .dtors.00007,"aw"
	.xword f2
	.xword f1
	.section .note.GNU-stack,"",@progbits
SRC

arrays() {  # the bytes of .init_array and .fini_array, with addresses
  objdump -s -j .init_array -j .fini_array "$1" | sed -n '/^Contents/,$p'
}

phdrs() {  # the program headers
  readelf -lW "$1" | sed -n '/^Program Headers/,/^$/p'
}

check() {  # check NAME AS LD EMULATION SRC
  local name=$1 as=$2 ld=$3 emul=$4 src=$5
  t_have "$name" "$as" "$ld" || return
  "$as" -o "$name.o" "$src" || t_hard_error "$as $src failed"
  "$ld" -o "$name.bfd" "$name.o" || t_hard_error "$ld $name.o failed"
  t_mld -m "$emul" -o "$name.mld" "$name.o"
  [ "$T_STATUS" = 0 ] || { t_fail "$name: mld failed"; return; }
  local want got
  want=$(arrays "$name.bfd")
  got=$(arrays "$name.mld")
  if [ -n "$want" ] && [ "$want" = "$got" ]; then
    t_pass "$name: .init_array and .fini_array as GNU ld's"
  else
    t_fail "$name: .init_array/.fini_array differ from GNU ld's:"
    diff <(echo "$want") <(echo "$got") | sed 's/^/    /'
  fi
  # The same small image: its segments (PT_GNU_RELRO too) are GNU ld's.
  want=$(phdrs "$name.bfd")
  got=$(phdrs "$name.mld")
  if [ "$want" = "$got" ]; then
    t_pass "$name: program headers as GNU ld's"
  else
    t_fail "$name: program headers differ from GNU ld's:"
    diff <(echo "$want") <(echo "$got") | sed 's/^/    /'
  fi

  # 12 bytes of .ctors.N: not whole pointers.
  sed 's/^\t\.quad f3$/&\n\t.long 0/; s/^\t\.xword f3$/&\n\t.word 0/' "$src" >"$name-odd.s"
  "$as" -o "$name-odd.o" "$name-odd.s" || t_hard_error "$as odd failed"
  t_mld -m "$emul" -o "$name-odd.mld" "$name-odd.o"
  expect_failure
  expect_error "$name-odd.o" "size of section .ctors.00005 is not multiple of address size"
  expect_no_file "$name-odd.mld"
}

check x86_64 as ld.bfd elf_x86_64 x86.s
check aarch64 aarch64-linux-gnu-as aarch64-linux-gnu-ld aarch64linux a64.s

# A pointer across two entries cannot move with either.
t_write cross.s <<'SRC'
	.text
	.globl _start
_start:	ret
	.section .dtors,"aw"
	.long 0
	.quad _start
	.long 0
SRC
as -o cross.o cross.s || t_hard_error "as cross.s failed"
t_mld -o cross.mld cross.o
expect_failure
expect_error "cross.o:(.dtors+0x4)" "crosses a pointer entry"
t_done
