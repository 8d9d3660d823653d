#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# --no-relax on x86-64, form by form: GNU ld keeps every GOT load of a
# defined symbol and the indirect call and jump through the GOT of an
# undefined weak one, but still turns an undefined weak symbol's mov,
# test, binop and plain GOTPCREL loads into its value 0; --relax after it
# undoes it.  Without libc, so both linkers' executables must have the
# same program headers and the same bytes in every loaded section, with
# --no-relax and without.
t_need_ld_bfd_x86_64

t_write w.s <<'SRC'
	.text
	.globl _start
	.weak wf
	.weak wv
_start:
	movq wv@GOTPCREL(%rip), %rax
	call *wf@GOTPCREL(%rip)
	jmp *wf@GOTPCREL(%rip)
	testq %rax, wv@GOTPCREL(%rip)
	addq wv@GOTPCREL(%rip), %rax
	movl wv@GOTPCREL(%rip), %eax
	.byte 0x48, 0x8b, 0x0d
	.reloc ., R_X86_64_GOTPCREL, wv-4
	.long 0
	movq dv@GOTPCREL(%rip), %rax
	call *df@GOTPCREL(%rip)
	jmp *df@GOTPCREL(%rip)
	addq dv@GOTPCREL(%rip), %rax
df:	ret
	.data
dv:	.quad 1
SRC
as -mrelax-relocations=yes -o w.o w.s || t_hard_error "as failed"
for flags in "" --no-relax "--no-relax --relax"; do
  ld.bfd $flags -o w.gnu w.o || t_hard_error "ld.bfd failed"
  t_mld $flags -o w.mld w.o
  [ "$T_STATUS" = 0 ] || { t_fail "'$flags': mld failed"; continue; }
  # objcopy writes files: on a pipe it cannot seek over the gaps.
  objcopy -O binary w.gnu w.gnu.bin && objcopy -O binary w.mld w.mld.bin ||
    t_hard_error "objcopy failed"
  if [ "$(readelf -lW w.gnu | sed 1,2d; od -c w.gnu.bin)" = \
       "$(readelf -lW w.mld | sed 1,2d; od -c w.mld.bin)" ]; then
    t_pass "'$flags': program headers and loaded bytes as GNU ld's"
  else
    t_fail "'$flags': differs from GNU ld's:"
    diff <(objdump -d w.gnu | sed 1,3d) <(objdump -d w.mld | sed 1,3d) | head -20
  fi
done
t_done
