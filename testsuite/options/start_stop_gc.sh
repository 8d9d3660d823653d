#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# -z start-stop-gc with --gc-sections: a reference to __start_SEC or
# __stop_SEC keeps no SEC section alive (by default it keeps them all);
# where no SEC is left the symbols are not defined, so a weak reference
# sees 0 and a strong one is an undefined reference; a later
# -z nostart-stop-gc undoes it.  As GNU ld 2.40 has it, a second
# relocation against the same symbol from kept code keeps the first SEC
# input all the same (AArch64 loads an address with two: ADRP and LDR;
# "twice" has two on x86-64 too).  mld refused the option on AArch64.
# Against GNU ld, on both targets: statuses, the undefined names,
# symbols and the programs' exits.
t_need_ld_bfd_x86_64
t_write weak.c <<'SRC'
__attribute__((section("bar"))) int b = 2;
extern int __start_bar[] __attribute__((weak));
extern int __stop_bar[] __attribute__((weak));
int count(void) { return (int)(__stop_bar - __start_bar); }
SRC
t_write strong.c <<'SRC'
__attribute__((section("foo"))) int a = 1;
extern int __start_foo[], __stop_foo[];
int count(void) { return (int)(__stop_foo - __start_foo); }
SRC
t_write kept.c <<'SRC'
__attribute__((section("foo"))) int a = 1;
extern int __start_foo[], __stop_foo[];
int count(void) { return (int)(__stop_foo - __start_foo) + a; }
SRC
t_write twice.c <<'SRC'
__attribute__((section("baz"))) int c = 3;
extern int __start_baz[] __attribute__((weak));
__attribute__((noinline)) int one(void) { return __start_baz ? 1 : 0; }
int count(void) { return one() + (__start_baz ? 2 : 0); }
SRC
{
    printf 'extern int count(void);\n'
    t_exit_start 'count() + 40'
} >main.c
checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    for f in main weak strong kept twice; do
        $cc -c -O1 -fno-pie -fno-stack-protector -fno-asynchronous-unwind-tables \
            -o $f.$arch.o $f.c || t_hard_error "$cc failed"
    done
    for obj in weak strong kept twice; do
        for z in "" "-z start-stop-gc" "-z start-stop-gc -z nostart-stop-gc"; do
            # shellcheck disable=SC2086
            $ld --gc-sections $z -o gnu.out main.$arch.o $obj.$arch.o 2>gnu.err
            gs=$?
            # shellcheck disable=SC2086
            t_mld -m $emul --gc-sections $z -o mld.out main.$arch.o $obj.$arch.o
            what="$arch $obj ${z:-(default)}"
            if [ $gs != 0 ] || [ "$T_STATUS" != 0 ]; then
                g=$(grep -o "undefined reference to \`[^']*'" gnu.err | sort -u)
                m=$(grep -o "undefined reference to \`[^']*'" stderr.txt | sort -u)
                [ $gs != 0 ] && [ "$T_STATUS" != 0 ] && [ "$g" = "$m" ] &&
                    t_pass "$what: both fail: $(echo $g)" ||
                    t_fail "$what: GNU ld status $gs [$g], mld $T_STATUS [$m]"
                continue
            fi
            syms() { nm "$1" | awk '{print $NF, $(NF-1)}' | grep -E '^__st(art|op)_' | sort; }
            $run ./gnu.out; g=$?
            $run ./mld.out; m=$?
            if [ "$(syms gnu.out)" != "$(syms mld.out)" ]; then
                t_fail "$what: symbols [$(syms gnu.out | tr '\n' ' ')] vs [$(syms mld.out | tr '\n' ' ')]"
            elif [ $g != $m ]; then
                t_fail "$what: programs exit $m, GNU ld's $g"
            else
                t_pass "$what: same __start_/__stop_ symbols, exit $g"
            fi
        done
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
