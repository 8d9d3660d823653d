#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# GNU ld reads "-NAME" as the long option NAME, or the one it is a unique
# prefix of (getopt_long_only): -emit-relocs is --emit-relocs, not
# "-e mit-relocs"; -lNAME is always a library, -oNAME the output (the
# long options starting with "o" need two dashes), and a prefix of
# several long options is unknown.  And `ld OPTION... -v` without inputs
# prints the version and succeeds, whatever OPTION is, as the probes of
# Kbuild and U-Boot expect; the version line says "GNU ld", which TF-A's
# build looks for.  Each against GNU ld.
t_need_ld_bfd_x86_64

t_write main.c <<'SRC'
extern int which(void);
extern int missing(void) __attribute__((weak));
void _start(void) {
  __asm__ volatile("syscall" :: "a"(60), "D"(which()) : "rcx", "r11");
  for (;;) ;
}
SRC
t_write w.c <<'SRC'
int which(void) { return 7; }
int member_only(void) { return 9; }
SRC
t_write u.c <<'SRC'
extern int nowhere(void);
int which(void) { return nowhere ? 5 : 5; }
SRC
t_compile main.c -fno-stack-protector -fno-asynchronous-unwind-tables
t_compile w.c -fno-stack-protector -fno-asynchronous-unwind-tables
t_compile u.c -fno-stack-protector -fno-asynchronous-unwind-tables
ar rcs libw.a w.o

# both ARGS...: GNU ld and mld run with ARGS (each given -o ITS.out);
# their statuses agree, and when both link, so do their section names,
# their symbols' names and the programs' exit statuses.
both() {
    local rs ms
    rm -f gnu.out mld.out
    ld.bfd "$@" -o gnu.out >gnu.stdout 2>gnu.stderr
    rs=$?
    "$MLD" "$@" -o mld.out >mld.stdout 2>mld.stderr
    ms=$?
    if [ $rs != $ms ]; then
        t_fail "$*: GNU ld's status $rs, mld's $ms"
        sed 's/^/    mld: /' mld.stderr | head -3
        return
    fi
    if [ $rs != 0 ]; then
        t_pass "$*: both fail"
        return
    fi
    t_section_names gnu.out >gnu.secs
    t_section_names mld.out >mld.secs
    nm gnu.out | awk '{print $NF}' | sort >gnu.syms
    nm mld.out | awk '{print $NF}' | sort >mld.syms
    ./gnu.out; rs=$?
    ./mld.out; ms=$?
    if ! cmp -s gnu.secs mld.secs; then
        t_fail "$*: sections differ: $(diff gnu.secs mld.secs | tr '\n' ' ')"
    elif ! cmp -s gnu.syms mld.syms; then
        t_fail "$*: symbols differ: $(diff gnu.syms mld.syms | tr '\n' ' ')"
    elif [ $rs != $ms ]; then
        t_fail "$*: programs exit $rs (GNU ld's) and $ms (mld's)"
    else
        t_pass "$*: same sections, symbols and exit status ($rs)"
    fi
}

# Long options with one dash, whole and abbreviated.
both -emit-relocs main.o w.o
both -emit main.o w.o
both -sort-common main.o w.o
both -sort-c main.o w.o
both -undefined member_only main.o libw.a
both -und member_only main.o libw.a
both -entry which main.o w.o
both -entr which main.o w.o
both -unresolved-symbols=ignore-all main.o u.o
both -unresolved-symbols ignore-all main.o u.o
both -whole main.o libw.a
both -whole-archive main.o libw.a
both -gc-sections main.o w.o
both -print-gc-sections -gc-sections main.o w.o
both -trace main.o w.o
both -discard-all main.o w.o
both -strip-all main.o w.o
both -defsym=extra=0x10 main.o w.o
both -wrap=which main.o w.o
both -Bstatic main.o libw.a
# Short options with their values: not a long option's prefix.
both -ewhich main.o w.o
both -umember_only main.o libw.a
both -L. main.o -lw
# Prefixes of several long options, and NAME=VALUE forms of short ones:
# unknown to both.
both -ex main.o w.o
both -en main.o w.o
both -un main.o w.o
both -gc main.o w.o
both -Ttex main.o w.o
# -lNAME is a library even where NAME begins a long option; a single
# letter with two dashes is no option; -fNAME is -f NAME (GNU ld's
# refusal); -c is the MRI script option (refused by both here: GNU ld
# cannot read this file as one).
both -ld-generated-unwind-info main.o w.o
both --s main.o w.o
both --x main.o w.o
both -fw main.o w.o
both -c main.c main.o w.o
# --architecture is refused by GNU ld 2.40 in any spelling (it takes it
# for grouped short options); -A is the option.
both --architecture=i386:x86-64 main.o w.o
both -architecture i386:x86-64 main.o w.o
both -A i386:x86-64 main.o w.o
# -I FILE is -dynamic-linker FILE: a PIE's PT_INTERP.
ld.bfd -pie -I/opt/ld-test.so -o gnu.pie main.o w.o 2>/dev/null
"$MLD" -pie -I/opt/ld-test.so -o mld.pie main.o w.o
gi=$(readelf -p .interp gnu.pie 2>&1 | grep -o '/opt/[^ ]*')
mi=$(readelf -p .interp mld.pie 2>&1 | grep -o '/opt/[^ ]*')
[ -n "$gi" ] && [ "$gi" = "$mi" ] && t_pass "-pie -I FILE: .interp names $mi" ||
    t_fail "-pie -I FILE: GNU ld's .interp '$gi', mld's '$mi'"
# An abbreviation expands to GNU ld's options only: -stati is -static
# and -no-f is --no-fatal-warnings although mld also knows -static-pie
# (to refuse it) and its own --no-fix-cortex-a53-843419, whose prefixes
# are unknown, as to GNU ld.
both --stati main.o libw.a
both -no-f main.o w.o
both --static-p main.o w.o
t_mld -m aarch64linux --no-fix-cortex-a53-8434 -v
expect_failure
expect_error "unknown option: --no-fix-cortex-a53-8434"
t_mld -m aarch64linux --no-fix-cortex-a53-843419 -v
expect_success
# GNU ld's words for --architecture name it as given.
t_mld -architecture x main.o w.o
expect_failure
expect_error "unable to disambiguate: -architecture (did you mean --architecture ?)"
t_mld --ar x main.o w.o
expect_failure
expect_error "unable to disambiguate: --ar (did you mean ---ar ?)"

# -oNAME names the output (the "o" options need two dashes).
rm -f magic utput
ld.bfd -omagic main.o w.o && mv magic gnu.magic
"$MLD" -omagic main.o w.o 2>stderr.txt && mv magic mld.magic
[ -f gnu.magic ] && [ -f mld.magic ] && t_pass "-omagic: the output is 'magic'" ||
    t_fail "-omagic: GNU ld wrote $(ls gnu.magic 2>&1), mld $(ls mld.magic 2>&1)"
t_mld -output main.o w.o
[ "$T_STATUS" = 0 ] && [ -f utput ] && t_pass "-output: the output is 'utput'" ||
    t_fail "-output: status $T_STATUS, $(ls utput 2>&1)"

# `ld OPTION -v` without inputs: the version, status 0.
for opts in "--no-dynamic-linker" "--no-warn-rwx-segments" "-z noexecstack" \
            "--gc-sections" "-pie" "-static -z separate-code" "-Ttext=0x1000"; do
    # shellcheck disable=SC2086
    ld.bfd $opts -v >gnu.stdout 2>&1
    rs=$?
    # shellcheck disable=SC2086
    t_mld $opts -v
    if [ $rs = 0 ] && [ "$T_STATUS" = 0 ] && grep -q 'GNU ld' stdout.txt; then
        t_pass "ld $opts -v: the version line names GNU ld; status 0"
    else
        t_fail "ld $opts -v: GNU ld's status $rs, mld's $T_STATUS: $(cat stdout.txt stderr.txt)"
    fi
done
t_mld -V -static
[ "$T_STATUS" = 0 ] && grep -q elf_x86_64 stdout.txt &&
    t_pass "-V -static: version and emulations, status 0" ||
    t_fail "-V -static: status $T_STATUS"
t_mld -static
expect_failure
expect_error "no input files"

t_done
