#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# x86-64 -z noreloc-overflow in a static PIE: a 32-bit absolute address
# (R_X86_64_32, R_X86_64_32S) is not GNU ld's "can not be used when
# making a PIE object" but an R_X86_64_RELATIVE over the field, with the
# text relocation warnings (none with -z notext), as GNU ld writes it
# for kernels that relocate themselves (GNU's ld-x86-64/pr19807-*); an
# undefined weak symbol's is no error either.  mld took the keyword as
# having no effect and refused the relocations.  Against GNU ld: status,
# dynamic relocations, code, warnings.
t_need_ld_bfd_x86_64
t_write n.s <<'SRC'
	.globl _start
_start:
	movl	$foo, %eax
	movq	$foo + 8, %rax
	movl	$weak, %ecx
	.weak weak
	.data
foo:	.quad 0
SRC
as -o n.o n.s || t_hard_error "as failed"
view() {   # status, relocations, code, warnings
    echo "status $1"
    readelf -rW "$2" 2>/dev/null | awk '/R_X86_64/ {print $1, $3, $NF}'
    objdump -d "$2" 2>/dev/null | sed -n '/<_start>:/,$p' | cut -f2
    sed -n 's/^[^ ]*: \(.*warning: .*\)/\1/p' "$3" | sort
}
for z in "-z noreloc-overflow" "-z noreloc-overflow -z notext"; do
    ld.bfd -pie --no-dynamic-linker $z -o g.out n.o >g.err 2>&1
    view $? g.out g.err >g.view
    "$MLD" -pie --no-dynamic-linker $z -o m.out n.o >m.err 2>&1
    view $? m.out m.err >m.view
    T_STATUS=0 t_same "$z" g.view m.view "$(grep -c RELATIVE m.view) R_X86_64_RELATIVE"
done
# Without the keyword, GNU ld's error.
t_mld -pie --no-dynamic-linker -o m.out n.o
expect_failure
expect_error "relocation R_X86_64_32 against \`.data' can not be used when making a PIE object"
t_done
