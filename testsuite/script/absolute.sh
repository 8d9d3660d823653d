#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Symbols a script assigns, inside and outside output sections, with and
# without ABSOLUTE: ABSOLUTE(expr) inside a section is absolute with
# expr's own value (ABSOLUTE(0x1234) is 0x1234, ABSOLUTE(SIZEOF(.text))
# the size), where a plain number there is relative to the section.
# mld gave ABSOLUTE(0x1234) the section's address plus 0x1234, which
# firmware that loads such a symbol reads wrong.  x86-64 and AArch64:
# every symbol's value, type and section index against GNU ld's.  An
# object's symbol the script assigns from itself before SECTIONS
# (__obj = ABSOLUTE (__obj), GNU ld's ld-scripts/pr14962) has the
# object's value: mld gave it 0.  A comparison that read "." outside
# sections is a number relative to "."'s section, as GNU ld makes any
# value made from "." there (rel_from_abs; mld made it absolute).
t_need_ld_bfd_x86_64
t_write a.c <<'SRC'
int d = 1;
int __obj = 2;
void _start(void) { for (;;) ; }
SRC
t_write abs.ld <<'LD'
__obj = ABSOLUTE(__obj);
SECTIONS {
  . = 0x400000;
  .text : {
    *(.text)
    __text_end_abs = ABSOLUTE(.);
    __size_abs = ABSOLUTE(SIZEOF(.text));
    __plain = .;
    __num = 0x1234;
    __num_abs = ABSOLUTE(0x1234);
    __sum_abs = ABSOLUTE(0x10 + 0x20);
    __addr_abs = ABSOLUTE(ADDR(.text));
  }
  . = ALIGN(0x1000);
  .data : { *(.data) __data_abs = ABSOLUTE(LOADADDR(.data)); }
  __outside = ABSOLUTE(0x10);
  __outside_num = 0x20;
  __outside_dot = .;
  __o2 = ADDR(.data) + 4;
  __cmp = . > 0;
  __cmp_cond = . > 0 ? 7 : 8;
  __cmp_mask = (. & 0xff) == 0;
  __cmp_max = MAX (., 4) > 1;
  /DISCARD/ : { *(.comment) *(.note.*) *(.eh_frame) }
}
LD
checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    $cc -c -O1 -fno-asynchronous-unwind-tables -o a.$arch.o a.c ||
        t_hard_error "$cc failed"
    $ld -T abs.ld -o gnu.out a.$arch.o 2>/dev/null || t_hard_error "$ld failed"
    t_mld -T abs.ld -o mld.out a.$arch.o
    expect_success
    syms() { readelf -sW "$1" | awk '$8 ~ /^__/ {print $8, $2, $4, $7}' | sort; }
    syms gnu.out >gnu.syms
    syms mld.out >mld.syms
    [ -s gnu.syms ] || t_hard_error "no symbols read"
    if cmp -s gnu.syms mld.syms; then
        t_pass "$arch: $(wc -l <gnu.syms) script symbols as GNU ld's"
    else
        t_fail "$arch: script symbols differ (name value type section):"
        diff gnu.syms mld.syms | sed 's/^/    /'
    fi
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
