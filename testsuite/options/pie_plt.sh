#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# A static PIE's PLT as GNU ld makes it (ld-x86-64's pr19636-2*):
# - x86-64: a call to an undefined weak function goes through a PLT
#   entry whose .got.plt slot stays 0 (no relocation), or, when its
#   address is also loaded from the GOT and nothing needs its one address,
#   through a .plt.got entry jumping through that GOT slot; PLT0 comes
#   with either.  A hidden one gets none.
# - x86-64: .eh_frame describes .plt and .plt.got (FDEs of the linker's,
#   after the first file's records, in .eh_frame_hdr too), unless
#   --no-ld-generated-unwind-info; a PIE without unwind information keeps
#   an empty .eh_frame, in a PT_LOAD of its own.
# - x86-64: IRELATIVE relocations numbered as GNU ld numbers them (the
#   lazy entries' push operands), in a glibc program and with a local
#   IFUNC; _GLOBAL_OFFSET_TABLE_ in .symtab whenever .got.plt is kept.
# - AArch64: none of this, as GNU ld.
# One deliberate difference: GNU ld 2.40's .plt.got entry jumps through
# its GOT slot's address plus 1 (a flag bit left in the offset); mld's
# through the slot.  Neither entry runs: the code calls it only when the
# slot, which stays 0, is not.
# compare WHAT [plt]: sections, code, relocations (with "plt", those of
# .rela.plt only), .dynamic, unwind tables, symbols
compare() {
    local f
    for f in gnu.out mld.out; do
        {
            t_layout $f 'LOAD|GNU_EH_FRAME'
            # .plt.got apart: its jumps' targets, below.
            $objdump -dw $f | tail -n +4 |
                awk '/^Disassembly of section/ {skip = /\.plt\.got:/} !skip'
            if [ "${2:-}" = plt ]; then
                readelf -rW $f | sed -n "/'.rela.plt'/,/^\$/p"
                readelf -dW $f | grep -E 'PLT|JMPREL'
            else
                readelf -rW $f
                readelf -dW $f
            fi
            readelf -wf $f | tail -n +2
            # Symbols as a set (.symtab's order is not GNU ld's yet).
            readelf -sW $f | awk 'NR > 3 {$1 = ""; print}' | sort
            readelf -x .eh_frame_hdr $f 2>/dev/null
        } >$f.shape
        $objdump -dw -j .plt.got $f 2>/dev/null |
            sed -n 's/.*\tjmp .*# \([0-9a-f]*\).*/\1/p' >$f.pltgot
    done
    local want=$(while read a; do printf '%x\n' $((0x$a - 1)); done \
                 <gnu.out.pltgot)
    if [ "$want" != "$(cat mld.out.pltgot)" ]; then
        t_fail "$1: .plt.got jumps through [$(cat mld.out.pltgot)], GNU ld's through [$(cat gnu.out.pltgot)] (one past the slot)"
        return
    fi
    t_same "$1${want:+ (.plt.got: $(echo $want))}" gnu.out.shape \
        mld.out.shape
}

link_both() {  # OPTIONS...: gnu.out and mld.out from the objects given
    $ld "$@" -o gnu.out >gnu.err 2>&1 || t_hard_error "GNU ld failed: $*"
    t_mld -m $emul "$@" -o mld.out
}

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    if [ $arch = x86_64 ]; then
        # f1, f2: GOT only; f3: called; f4: called and GOT-loaded
        # (.plt.got); f5: called, GOT-loaded, its address in read-only
        # data (one address: a PLT entry); f6: hidden, called.
        t_write w.s <<'EOF'
	.text
	.weak f1, f2, f3, f4, f5, f6
	.hidden f6
	.globl _start
_start:
	.cfi_startproc
	cmp f1@GOTPCREL(%rip), %rax
	jmp *f2@GOTPCREL(%rip)
	call f3@PLT
	cmp f4@GOTPCREL(%rip), %rax
	call f4@PLT
	cmp f5@GOTPCREL(%rip), %rax
	call f5@PLT
	call f6@PLT
	ret
	.cfi_endproc
	.section .rodata
	.quad f5
EOF
        # The same without unwind information.
        grep -v cfi w.s >n.s
        $as --64 -mrelax-relocations=no -o w.o w.s &&
            $as --64 -mrelax-relocations=no -o n.o n.s ||
            t_hard_error "as failed"
    else
        t_write w.s <<'EOF'
	.text
	.weak f1, f2
	.globl _start
_start:
	.cfi_startproc
	adrp x0, :got:f1
	ldr x0, [x0, :got_lo12:f1]
	bl f1
	bl f2
	ret
	.cfi_endproc
EOF
        grep -v cfi w.s >n.s
        $as -o w.o w.s && $as -o n.o n.s || t_hard_error "as failed"
    fi
    # (--no-ld-generated-unwind-info is x86-64's: GNU ld's AArch64 does
    # not know it.)
    nounwind=; [ $arch = x86_64 ] && nounwind=--no-ld-generated-unwind-info
    for opts in "" $nounwind "-z now" "--hash-style=gnu"; do
        for o in w.o n.o; do
            link_both -pie --no-dynamic-linker -z noseparate-code $opts $o
            compare "$arch -pie $opts $o"
        done
    done
    # A PIE with an interpreter: the same .eh_frame (the calls to
    # undefined weak symbols are left alone there).
    t_write s.s <<'EOF'
	.globl _start
_start:
	ret
EOF
    $as -o s.o s.s || t_hard_error "as failed"
    for opts in "-pie" "-pie --no-dynamic-linker" \
                ${nounwind:+"-pie --no-dynamic-linker $nounwind"}; do
        link_both $opts s.o
        compare "$arch $opts, no unwind information"
    done

    if [ $arch = x86_64 ]; then
        # IFUNCs, one of them local: their IRELATIVEs numbered as GNU ld
        # numbers them (the local one's before the globals', from the
        # end), with and without a PIE; _GLOBAL_OFFSET_TABLE_ listed with
        # .got.plt though nothing names it.
        t_write if.s <<'EOF'
	.text
	.globl foo, baz, _start
	.type foo, @gnu_indirect_function
	.type bar, @gnu_indirect_function
	.type baz, @gnu_indirect_function
foo:	ret
bar:	ret
baz:	ret
_start:
	call foo@PLT
	call bar@PLT
	call baz@PLT
EOF
        $as -o if.o if.s || t_hard_error "as failed"
        for opts in "-static" "-pie --no-dynamic-linker"; do
            link_both $opts if.o
            compare "$arch IFUNCs, $opts"
        done
        # Local- and general-dynamic TLS code calling __tls_get_addr
        # through the PLT (libstdc++'s eh_globals.o), relaxed to local
        # exec: GNU ld gives an undefined __tls_get_addr a PLT entry all
        # the same, with a .got.plt slot and a .rela.plt entry, and
        # leaves them 0 (R_X86_64_NONE); an undefined weak one, the entry
        # other calls get.  Every later address depends on it.
        t_write tls.s <<'EOF'
	.text
	.globl _start, f
_start:
	leaq x@tlsld(%rip), %rdi
	call __tls_get_addr@PLT
	call f@PLT
	.byte 0x66
	leaq y@tlsgd(%rip), %rdi
	.value 0x6666
	rex64
	call __tls_get_addr@PLT
f:	ret
	.section .tbss,"awT",@nobits
	.globl y
x:	.zero 4
y:	.zero 4
EOF
        { echo '	.weak __tls_get_addr'; cat tls.s; } >tlsw.s
        $as -o tls.o tls.s && $as -o tlsw.o tlsw.s ||
            t_hard_error "as failed"
        for o in tls.o tlsw.o; do
            for opts in "-static" "-pie --no-dynamic-linker"; do
                link_both $opts $o
                compare "$arch TLS calls to __tls_get_addr ($o), $opts"
            done
        done
    fi

    # A C program: IFUNCs in .plt, crtbeginS.o's __cxa_finalize in
    # .plt.got (x86-64).  (Its other dynamic relocations are not all GNU
    # ld's: AArch64 GNU ld relocates the GOT entry of an absolute symbol,
    # glibc's _nl_current_LC_CTYPE_used, as if it moved; mld does not.)
    t_write hello.c <<'EOF'
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv) {
  (void)argv;
  printf("%zu %d\n", strlen("static pie") + argc, memcmp("a", "b", 1) < 0);
  return 0;
}
EOF
    $cc -O2 -c hello.c -o hello.o || t_hard_error "$cc failed"
    for opts in "" ${nounwind:+-Wl,$nounwind}; do
        $cc -static-pie $opts -o gnu.out hello.o ||
            t_hard_error "$cc -static-pie failed"
        t_run $cc -B"$T/bin/" -static-pie $opts -o mld.out hello.o
        compare "$arch gcc -static-pie $opts" plt
        t_run_both
        [ "$g" = 0 ] && [ "$m" = 0 ] &&
            cmp -s <(timeout 20 $run ./gnu.out) <(timeout 20 $run ./mld.out) &&
            t_pass "$arch gcc -static-pie $opts: runs as GNU ld's" ||
            t_fail "$arch gcc -static-pie $opts: exits $m, GNU ld's $g"
    done
    # A C++ program (std::string, an exception): libstdc++'s general- and
    # local-dynamic TLS code, relaxed, calls __tls_get_addr through the
    # PLT (x86-64: GNU ld's entry left 0, above).
    cxx=${cc%gcc}g++
    t_write hello.cc <<'EOF'
#include <stdexcept>
#include <string>
int main(int argc, char **argv) {
  std::string s(argv[0]);
  try {
    if (argc > 5)
      throw std::runtime_error(s);
  } catch (const std::exception &e) {
    return 2;
  }
  return s.empty();
}
EOF
    $cxx -O2 -c hello.cc -o hello_cc.o || t_hard_error "$cxx failed"
    $cxx -static-pie -o gnu.out hello_cc.o || t_hard_error "$cxx -static-pie failed"
    t_run $cxx -B"$T/bin/" -static-pie -o mld.out hello_cc.o
    compare "$arch g++ -static-pie" plt
    t_run_both
    [ "$g" = 0 ] && [ "$m" = 0 ] &&
        t_pass "$arch g++ -static-pie: runs as GNU ld's" ||
        t_fail "$arch g++ -static-pie: exits $m, GNU ld's $g"
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
