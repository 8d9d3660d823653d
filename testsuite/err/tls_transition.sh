#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# x86-64 TLS code a static link must rewrite (GD and LD to LE, IE to
# LE; GNU ld names GD to IE for a global symbol) but that is not in the form
# the psABI gives: a general-dynamic lea without its data16 prefixes, a
# local-dynamic lea into the wrong register, an initial-exec GOT slot
# taken with lea instead of mov or add.  GNU ld refuses each, naming the
# transition, the symbol and the place, and stops: nothing else is
# reported, no output is written.  mld says it in GNU ld's words, and a
# well-formed sequence still links.
t_need_ld_bfd_x86_64

# case NAME: NAME.s (written below) by GNU ld and mld: same lines (but
# for the program's name), same failure, no output.
case_() {
  local name=$1
  as --64 -o "$name.o" "$name.s" || t_hard_error "as $name.s failed"
  rm -f "$name.gnu" "$name.mld"
  ld.bfd -o "$name.gnu" "$name.o" 2>"$name.gnu.err"
  local st=$?
  t_mld -o "$name.mld" "$name.o"
  local want got
  want=$(sed 's/^[^ ]*ld\.bfd: //' "$name.gnu.err")
  got=$(sed 's/^mld: \(error: \)\{0,1\}//' stderr.txt)
  if [ "$st" != 0 ] && [ "$T_STATUS" != 0 ] && [ "$want" = "$got" ] &&
     [ ! -e "$name.mld" ]; then
    t_pass "$name: refused as GNU ld: $(head -1 stderr.txt)"
  else
    t_fail "$name: GNU ld (exit $st) and mld (exit $T_STATUS) differ"
    diff <(echo "$want") <(echo "$got")
  fi
}

tdata() {
  printf '\t.section .tdata,"awT",@progbits\n\t.globl tv\n'
  printf '\t.type tv,@object\n\t.size tv,4\ntv:\t.long 7\n'
}
t_write gd_le.s <<'SRC'
	.text
	.globl _start
_start:
	leaq tv@tlsgd(%rip), %rdi
	call __tls_get_addr@PLT
SRC
tdata >>gd_le.s
# The same, against a symbol no input defines.
t_write gd_ie.s <<'SRC'
	.text
	.globl _start
_start:
	leaq tv@tlsgd(%rip), %rdi
	call *__tls_get_addr@GOTPCREL(%rip)
SRC
t_write ld_le.s <<'SRC'
	.text
	.globl _start
_start:
	leaq tv@tlsld(%rip), %rsi
	call __tls_get_addr@PLT
SRC
tdata >>ld_le.s
t_write ie_le.s <<'SRC'
	.text
	.globl _start
_start:
	leaq tv@gottpoff(%rip), %r12
	movq (%r12), %r12
	movl %fs:(%r12), %eax
SRC
tdata >>ie_le.s
# A local symbol: GD to LE.
t_write gd_local.s <<'SRC'
	.text
	.globl _start
_start:
	leaq tl@tlsgd(%rip), %rdi
	call __tls_get_addr@PLT
	.section .tdata,"awT",@progbits
tl:	.long 7
SRC
for c in gd_le gd_ie gd_local ld_le ie_le; do
  case_ $c
done

# The psABI's forms link, rewritten as GNU ld rewrites them.
t_write good.s <<'SRC'
	.text
	.globl _start
_start:
	.byte 0x66
	leaq tv@tlsgd(%rip), %rdi
	.value 0x6666
	rex64
	call __tls_get_addr@PLT
	movq tv@gottpoff(%rip), %rax
	leaq tv@tlsld(%rip), %rdi
	call __tls_get_addr@PLT
	ret
	.globl __tls_get_addr
__tls_get_addr:
	ud2
SRC
tdata >>good.s
as --64 -o good.o good.s || t_hard_error "as good.s failed"
ld.bfd -o good.gnu good.o || t_hard_error "ld.bfd good.o failed"
t_mld -o good good.o
expect_success
text() { objdump -d --no-show-raw-insn "$1" | sed -n '/<_start>:/,$p'; }
[ -n "$(text good.gnu)" ] && [ "$(text good.gnu)" = "$(text good)" ] &&
  t_pass "the psABI's GD, IE and LD forms: GNU ld's code" ||
  { t_fail "the psABI's forms: code differs"; diff <(text good.gnu) <(text good); }
t_done
