#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# /DISCARD/ may take the linker's own sections (.got, .got.plt, .iplt,
# .rela.iplt ...) as in GNU ld: an empty one simply goes; one the program
# needs is GNU ld's error, "discarded output section: `.got.plt'" (which
# GNU ld gives on x86-64 only: on AArch64 it links a program whose IFUNC
# slot is gone).
# Scripts like GNU ld's own tests' (`/DISCARD/ : { *(*) }`,
# `*(.rela.*)`) and firmware's.  On x86-64 and AArch64, against GNU ld:
# both link or both fail; sections, symbols and the programs' exits agree.
t_need_ld_bfd_x86_64

{
    printf 'int counter = 40;\nstatic int add(int x) { return x + 2; }\n'
    t_exit_start 'add(counter)'
} >plain.c
# An IFUNC called: the program needs .iplt, its GOT slot and .rela.iplt.
t_write ifunc.c <<'SRC'
static int one(void) { return 1; }
static void *pick(void) { return (void *)one; }
int chosen(void) __attribute__((ifunc("pick")));
SRC
{
    printf 'extern int chosen(void);\n'
    t_exit_start 'chosen() + 41'
} >calls.c

script_of() {
  case $1 in
  all) cat <<'LD'
ENTRY(_start)
SECTIONS {
  . = 0x400000;
  .text : { *(.text .text.*) }
  .data : { *(.data .data.*) }
  /DISCARD/ : { *(*) }
}
LD
  ;;
  rela) cat <<'LD'
ENTRY(_start)
SECTIONS {
  . = 0x400000;
  .text : { *(.text .text.*) }
  . = ALIGN(0x1000);
  .data : { *(.data .data.*) }
  .bss : { *(.bss .bss.*) }
  /DISCARD/ : { *(.rela.*) *(.comment) *(.note.*) *(.eh_frame) }
}
LD
  ;;
  gotplt) cat <<'LD'
ENTRY(_start)
SECTIONS {
  . = 0x400000;
  .text : { *(.text .text.*) }
  .iplt : { *(.iplt) }
  .rela.iplt : { *(.rela.iplt) }
  . = ALIGN(0x1000);
  .data : { *(.data .data.*) }
  /DISCARD/ : { *(.got.plt) *(.igot.plt) *(.got) }
}
LD
  ;;
  esac
}

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    for src in plain ifunc calls; do
        $cc -c -O1 -fno-stack-protector -fno-asynchronous-unwind-tables \
            -fno-pie -o $src.$arch.o $src.c || t_hard_error "$cc $src.c failed"
    done
    for case in all rela gotplt; do
        script_of $case >$case.ld
        objs=plain.$arch.o
        [ $case = gotplt ] && objs="calls.$arch.o ifunc.$arch.o"
        # shellcheck disable=SC2086
        $ld -static -T $case.ld -o gnu.out $objs >gnu.log 2>&1
        gs=$?
        # shellcheck disable=SC2086
        t_mld -static -T $case.ld -o mld.out $objs
        if [ $case = gotplt ]; then
            # The IFUNC's GOT slot is gone.  GNU ld says so on x86-64
            # (.got.plt); on AArch64 (.igot.plt) it links a program that
            # cannot run.  mld refuses on both.
            expect_failure
            expect_error "discarded output section: \`.got.plt'"
            [ $gs = 0 ] || grep -q "discarded output section: \`.got.plt'" gnu.log ||
                t_fail "$arch: GNU ld failed otherwise: $(cat gnu.log)"
            continue
        fi
        if [ $gs != 0 ] && [ "$T_STATUS" != 0 ]; then
            msg=$(sed -n 's/.*\(discarded output section: .*\)/\1/p' gnu.log | head -1)
            if [ -n "$msg" ]; then
                expect_error "$msg"
            else
                t_pass "$arch $case: both fail"
            fi
            continue
        fi
        if [ $gs != "$T_STATUS" ]; then
            t_fail "$arch $case: GNU ld's status $gs, mld's $T_STATUS: $(head -2 gnu.log)"
            continue
        fi
        t_section_names gnu.out >gnu.secs
        t_section_names mld.out >mld.secs
        $run ./gnu.out; g=$?
        $run ./mld.out; m=$?
        if ! cmp -s gnu.secs mld.secs; then
            t_fail "$arch $case: sections differ: $(diff gnu.secs mld.secs | tr '\n' ' ')"
        elif [ $g != $m ]; then
            t_fail "$arch $case: programs exit $m, GNU ld's $g"
        else
            t_pass "$arch $case: same sections, exit $g"
        fi
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
