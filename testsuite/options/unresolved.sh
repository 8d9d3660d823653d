#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# --unresolved-symbols=ignore-all and ignore-in-object-files link with
# undefined references as 0 and say nothing; report-all and
# ignore-in-shared-libs report them (a static link has no shared
# libraries); --warn-unresolved-symbols makes the reports warnings and
# links, --error-unresolved-symbols undoes it.  Each case against GNU ld:
# the same exit status, the same loaded bytes when both link, and a
# report for each undefined symbol, warning or error as GNU ld's.
t_need_ld_bfd_x86_64
t_write u.c <<'SRC'
extern int missing_fn(void);
extern int missing_var;
int which(int x) { return x ? missing_fn() + missing_var : 7; }
void _start(void) {
  __asm__ volatile("syscall" :: "a"(60), "D"(which(0)) : "rcx", "r11");
}
SRC
# objcopy writes a file: on a pipe it cannot seek over the gaps.
bytes() { objcopy -O binary "$1" "$1.bin" && od -An -tx1 "$1.bin"; }
for pic in -fPIE -fno-pic; do
  t_compile u.c -O1 -fno-stack-protector $pic
  for o in --unresolved-symbols=ignore-all \
           --unresolved-symbols=ignore-in-object-files \
           --unresolved-symbols=report-all \
           --unresolved-symbols=ignore-in-shared-libs \
           --warn-unresolved-symbols \
           "--warn-unresolved-symbols --error-unresolved-symbols" \
           "--unresolved-symbols=ignore-all --unresolved-symbols=report-all"; do
    rm -f g.out
    ld.bfd $o -o g.out u.o 2>g.err; gs=$?
    t_mld $o -o m.out u.o; ms=$T_STATUS
    gw=$(grep -c 'warning: undefined reference' g.err)
    mw=$(grep -c '^mld: warning: .*undefined reference' stderr.txt)
    ge=$(grep -v warning g.err | grep -c 'undefined reference')
    me=$(grep -c '^mld: error: .*undefined reference' stderr.txt)
    if [ $gs != $ms ] || [ $gw != $mw ] || [ $ge != $me ]; then
      t_fail "$pic $o: GNU ld status $gs, $gw warnings, $ge errors; mld $ms, $mw, $me"
    elif [ $gs = 0 ] && [ "$(bytes g.out)" != "$(bytes m.out)" ]; then
      t_fail "$pic $o: loaded bytes differ from GNU ld's"
    else
      t_pass "$pic $o: status $ms, $mw warnings, $me errors, as GNU ld"
    fi
  done
done
t_mld --unresolved-symbols=sometimes -o m.out u.o
expect_error "bad --unresolved-symbols option: sometimes"
t_done
