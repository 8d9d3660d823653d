#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# AArch64 PLT entries for BTI and -z pac-plt, as GNU ld makes them: when
# every input has BTI (or with -z force-bti) the PLT of an executable
# that is not a PIE starts each entry with BTI C, a static PIE's PLT0
# does; -z pac-plt puts autia1716 before the jump; a static PIE gets
# DT_AARCH64_BTI_PLT / DT_AARCH64_PAC_PLT.  mld once wrote plain entries
# into an output marked BTI: an IFUNC called through a pointer then
# faults on a BTI machine.  Compared with GNU ld (code, dynamic section,
# notes, section headers, relocations, .dynsym), then run under
# qemu-aarch64 with BTI enforced.

t_aarch64 qemu-aarch64

bti_note() {
  printf '\t.section .note.gnu.property, "a"\n\t.p2align 3\n'
  printf '\t.long 4, 16, 5\n\t.asciz "GNU"\n\t.long 0xc0000000, 4, 1, 0\n'
}
ifuncs() {
  cat <<'SRC'
	.text
	.type	impl, %function
impl:	ret
	.type	resolve, %function
resolve:	adr	x0, impl
	ret
	.globl	f, g
	.type	f, %gnu_indirect_function
	.set	f, resolve
	.type	g, %gnu_indirect_function
	.set	g, resolve
	.globl	_start
_start:	bl	f
	bl	g
	adrp	x0, :got:g
	ret
SRC
}
{ ifuncs; bti_note; } >bti.s
ifuncs >plain.s
{ ifuncs; printf '\t.data\n\t.quad impl\n'; bti_note; } >bti_data.s
for f in bti plain bti_data; do
  $AS -o $f.o $f.s || t_hard_error "as $f.s failed"
done

dump() {
  aarch64-linux-gnu-objdump -d "$1" | tail -n +3
  readelf -dW "$1"; readelf -nW "$1"; readelf -rW "$1"
  readelf -SW "$1" | grep -v 'symtab\|strtab\|section headers'
  readelf --dyn-syms -W "$1"
}
for o in bti.o plain.o bti_data.o; do
  for opts in "-static" "-static -z pac-plt" "-static -z force-bti" \
              "-pie --no-dynamic-linker" "-pie --no-dynamic-linker -z pac-plt" \
              "-pie --no-dynamic-linker -z force-bti -z pac-plt"; do
    [ $o = plain.o ] && [ "${opts%force-bti*}" = "$opts" ] && continue
    $GLD $opts -o gnu.out $o 2>/dev/null || t_hard_error "GNU ld $opts $o failed"
    t_mld -m aarch64linux $opts -o mld.out $o
    dump gnu.out >gnu.txt
    dump mld.out >mld.txt
    if [ "$T_STATUS" = 0 ] && cmp -s gnu.txt mld.txt; then
      t_pass "$opts $o: $(grep -c 'bti\s*c' mld.txt) BTI C, $(grep -c autia1716 mld.txt) autia1716, as GNU ld"
    else
      diff gnu.txt mld.txt | head -20
      t_fail "$opts $o: not GNU ld's output"
    fi
  done
done

# An IFUNC called through a pointer lands on its PLT entry; with BTI
# enforced (the output is marked BTI) that entry must start with BTI C.
# _start applies the IRELATIVE relocations itself (no libc).  With -z
# pac-plt, pointer authentication is off in the CPU (nothing signs the
# GOT's words here), so autia1716 is a hint.
cat >run.s <<'SRC'
	.text
	.type	impl, %function
impl:	bti	c
	mov	x0, #42
	ret
	.type	resolve, %function
resolve:	bti	c
	adr	x0, impl
	ret
	.globl	f
	.type	f, %gnu_indirect_function
	.set	f, resolve
	.globl	_start
	.type	_start, %function
_start:	adrp	x19, __rela_iplt_start
	add	x19, x19, :lo12:__rela_iplt_start
	adrp	x20, __rela_iplt_end
	add	x20, x20, :lo12:__rela_iplt_end
1:	cmp	x19, x20
	b.hs	2f
	ldr	x21, [x19]
	ldr	x2, [x19, 16]
	blr	x2
	str	x0, [x21]
	add	x19, x19, 24
	b	1b
2:	adrp	x0, f
	add	x0, x0, :lo12:f
	blr	x0
	mov	x8, #93
	svc	#0
SRC
bti_note >>run.s
$AS -o run.o run.s || t_hard_error "as run.s failed"
for z in "" "-z pac-plt"; do
  cpu=max
  [ -n "$z" ] && cpu=max,pauth=off
  $GLD -static $z -o gnu.run run.o || t_hard_error "GNU ld $z run.o failed"
  qemu-aarch64 -cpu $cpu ./gnu.run
  want=$?
  [ $want = 42 ] || t_hard_error "GNU ld's program exits $want under qemu"
  t_mld -m aarch64linux -static $z -o mld.run run.o
  qemu-aarch64 -cpu $cpu ./mld.run 2>/dev/null
  got=$?
  if [ "$T_STATUS" = 0 ] && [ $got = $want ]; then
    t_pass "-static $z: an IFUNC called through its PLT entry with BTI enforced"
  else
    t_fail "-static $z: exit $got, GNU ld's program $want"
  fi
done
t_done
