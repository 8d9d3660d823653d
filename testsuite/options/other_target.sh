#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Options only one target's GNU ld knows (its emulation's own): the other
# target's GNU ld says "unrecognized option" and fails, or, for a -z
# keyword, warns that it is ignored.  mld learns the target from -m or
# the first object, after the options; it accepted these and ignored
# them.  Each option with an object of each target, no -m: GNU ld's
# status and message, and mld's.
t_write s.s <<'EOF'
	.globl _start
_start:
	nop
EOF
aarch64_only=(--fix-cortex-a53-835769 --fix-cortex-a53-843419
              --fix-cortex-a53-843419=adr
              --no-enum-size-warning --no-wchar-size-warning
              --no-apply-dynamic-relocs "-z force-bti" "-z pac-plt")
x86_only=(--ld-generated-unwind-info --no-ld-generated-unwind-info
          "-z ibt" "-z shstk" "-z cet-report=warning")
# outcome LD OPTION: "STATUS: the message's words after the program name
# [how many lines say ignored]"
outcome() {
    local st
    $1 $2 s.o -o out >err.txt 2>&1
    st=$?
    echo "$st: $(sed -n '1s/^[^:]*: \(error: \)\{0,1\}//p' err.txt |
                  sed 's/ (.*)$//') [$(grep -c ignored err.txt)]"
}
checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    $as -o s.o s.s || t_hard_error "$as failed"
    if [ $arch = x86_64 ]; then
        foreign=("${aarch64_only[@]}") own=("${x86_only[@]}")
    else
        foreign=("${x86_only[@]}") own=("${aarch64_only[@]}")
    fi
    # mld's own --no-fix-cortex-a53-843419 (GNU ld 2.40 has only the
    # option to turn the fix on) is AArch64's too.
    [ $arch = x86_64 ] && foreign+=(--no-fix-cortex-a53-843419)
    for o in "${foreign[@]}" "${own[@]}"; do
        g=$(outcome $ld "$o")
        m=$(outcome "$MLD" "$o")
        [ "$g" = "$m" ] && t_pass "$arch $o: $m" ||
            t_fail "$arch $o: GNU ld [$g], mld [$m]"
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
