#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Link-time optimization through gcc's linker plugin (-plugin, which gcc
# passes to every link): objects holding bytecode, on the command line
# and in archives, are claimed, compiled by the plugin and linked as GNU
# ld links them.  On x86-64 and AArch64, against GNU ld: the program's
# output and exit, its sections (all but .strtab, whose size differs
# while mld does not share name suffixes), its symbols (nm, sorted), for
#   c        bytecode and regular objects mixed, calls both ways, an
#            archive of bytecode members (one unused), a -fcommon
#            variable, a weak definition a regular object overrides;
#   gc       the same with --gc-sections;
#   roots    -e, -u and --defsym naming functions only bytecode defines
#            and nothing calls (the plugin must keep them);
#   c++      templates in COMDAT groups in two objects, exceptions;
# -t's list of files opened; then that the plugin's temporary files are gone, and the errors: a
# plugin that cannot be loaded, -plugin-opt before -plugin.

cat >main.c <<'SRC'
#include <stdio.h>
#include <string.h>
extern int libfn(int);
extern int libdata;
extern int regfn(int);
int common_var;
int irfn(int x) { return x * 2; }
__attribute__((weak)) int hook(void) { return 1; }
static int helper(int x) { return x - 1; }
int main(int argc, char **argv) {
  char buf[64];
  (void)argv;
  memset(buf, 0, sizeof buf);
  snprintf(buf, sizeof buf, "%d", helper(argc));
  common_var = libfn(argc) + libdata + regfn(argc) + hook();
  printf("%s %d\n", buf, common_var);
  return common_var & 0x7f;
}
SRC
cat >reg.c <<'SRC'
extern int irfn(int);
int regfn(int x) { return irfn(x) + 1; }
int hook(void) { return 40; }
SRC
cat >lib1.c <<'SRC'
int libfn(int x) { return x + 100; }
int libdata = 7;
SRC
cat >lib2.c <<'SRC'
int unused_fn(int x) { return x * 3; }
SRC
cat >roots.c <<'SRC'
static void out(long c) {
#if defined(__x86_64__)
  __asm__ volatile("syscall" :: "a"(60), "D"(c) : "rcx", "r11");
#else
  register long x0 __asm__("x0") = c;
  register long x8 __asm__("x8") = 93;
  __asm__ volatile("svc 0" :: "r"(x0), "r"(x8));
#endif
  for (;;) ;
}
int only_u(void) { return 3; }
int only_defsym(void) { return 4; }
void my_start(void) { out(42); }
SRC
cat >x.cc <<'SRC'
#include <cstdio>
#include <stdexcept>
#include <vector>
template <class T> T sum(const std::vector<T> &v) {
  T s = 0;
  for (auto x : v) s += x;
  return s;
}
int other();
int main() {
  std::vector<int> v{1, 2, 3};
  try {
    if (sum(v) == 6) throw std::runtime_error("six");
  } catch (std::exception &e) {
    std::printf("%s %d\n", e.what(), other());
  }
  return 0;
}
SRC
cat >y.cc <<'SRC'
#include <vector>
template <class T> T sum(const std::vector<T> &v) {
  T s = 0;
  for (auto x : v) s += x;
  return s;
}
int other() { std::vector<int> v{4, 5}; return sum(v); }
SRC

# same WHAT: gnu.out and mld.out have the same sections and symbols
same() {
    readelf -SW gnu.out | sed 1,4d | grep -v '\.strtab\|\.shstrtab' >g.sec
    readelf -SW mld.out | sed 1,4d | grep -v '\.strtab\|\.shstrtab' >m.sec
    $nm gnu.out | sort >g.nm
    $nm mld.out | sort >m.nm
    if ! cmp -s g.sec m.sec; then
        t_fail "$arch $1: sections differ: $(diff g.sec m.sec | head -4 | tr '\n' ' ')"
    elif ! cmp -s g.nm m.nm; then
        t_fail "$arch $1: symbols differ: $(diff g.nm m.nm | head -4 | tr '\n' ' ')"
    else
        t_pass "$arch $1: GNU ld's sections and symbols"
    fi
}

# both WHAT CC ARGS...: link with GNU ld and with mld through CC, run
# both, compare
both() {
    local what=$1 c=$2
    shift 2
    rm -f gnu.out mld.out
    $c -o gnu.out "$@" || t_hard_error "$arch $what: GNU ld failed"
    t_run $c -B"$T/bin/" -o mld.out "$@"
    if [ "$T_STATUS" != 0 ] || [ ! -s mld.out ]; then
        t_fail "$arch $what: mld failed: $(head -2 stderr.txt | tr '\n' ' ')"
        return
    fi
    timeout 20 $run ./gnu.out >g.run 2>&1
    g=$?
    timeout 20 $run ./mld.out >m.run 2>&1
    m=$?
    if [ $g != $m ] || ! cmp -s g.run m.run; then
        t_fail "$arch $what: exit $m, GNU ld's $g; prints '$(head -1 m.run)', GNU ld's '$(head -1 g.run)'"
    else
        t_pass "$arch $what: runs as GNU ld's (exit $g)"
    fi
    same "$what"
}

for arch in x86_64 aarch64; do
    t_target $arch
    cxx=${cc%gcc}g++
    ar=${cc}-ar
    nm=${cc%gcc}nm
    for tool in $cxx $ar $nm; do
        command -v $tool >/dev/null || t_skip "$tool is not installed"
    done
    $cc -flto -O2 -fcommon -c main.c lib1.c lib2.c roots.c &&
        $cc -O2 -c reg.c &&
        rm -f libl.a && $ar rcs libl.a lib1.o lib2.o &&
        $cxx -flto -O2 -c x.cc y.cc || t_hard_error "$arch: compiling failed"
    grep -q __gnu_lto_slim main.o || t_hard_error "$arch: main.o has no bytecode"

    both c $cc -flto -O2 -static main.o reg.o libl.a
    both c-archive-first $cc -flto -O2 -static reg.o -L. main.o -ll
    both gc $cc -flto -O2 -static main.o reg.o libl.a -Wl,--gc-sections
    both roots $cc -flto -O2 -static -nostdlib -Wl,-e,my_start \
        -Wl,-u,only_u -Wl,--defsym=alias=only_defsym roots.o
    for s in my_start only_u only_defsym; do
        grep -q " T $s\$" m.nm || t_fail "$arch roots: $s was dropped"
    done
    both c++ $cxx -flto -O2 -static x.o y.o

    # -t: the files as GNU ld opens them, the plugin's object and the
    # archives scanned again after it included (temporary names aside).
    $cc -flto -O2 -static -o gnu.out main.o reg.o libl.a -Wl,-t 2>&1 |
        sed 's|/[^ ]*\.ltrans[0-9]*\.ltrans\.o|LTRANS|' >g.trace
    t_run $cc -B"$T/bin/" -flto -O2 -static -o mld.out main.o reg.o libl.a \
        -Wl,-t
    sed 's|/[^ ]*\.ltrans[0-9]*\.ltrans\.o|LTRANS|' stdout.txt >m.trace
    grep -q LTRANS g.trace || t_hard_error "$arch: GNU ld's -t shows no LTO object"
    cmp -s g.trace m.trace && t_pass "$arch -t: GNU ld's files" ||
        t_fail "$arch -t: $(diff g.trace m.trace | head -4 | tr '\n' ' ')"

    # The plugin's temporary files (the compiled objects, the resolution
    # file) are removed before the link returns, also when it forks (the
    # child's exit would come too late): eight links, each looked at the
    # moment it returns.
    bad=
    for i in 1 2 3 4 5 6 7 8; do
        mkdir -p tmp && rm -rf tmp/*
        TMPDIR=$PWD/tmp t_run $cc -B"$T/bin/" -flto -O2 -static -o mld.out \
            main.o reg.o libl.a
        left=$(ls tmp)
        [ "$T_STATUS" = 0 ] && [ -z "$left" ] ||
            bad="${bad:+$bad; }link $i: exit $T_STATUS, left in TMPDIR: $left"
    done
    [ -z "$bad" ] && t_pass "$arch: no temporary file left by 8 links" ||
        t_fail "$arch: $bad"
done

# Errors, in GNU ld's words where it has them.
t_mld -static -plugin "$PWD/no-such-plugin.so" -o out main.o
expect_failure
expect_error "no-such-plugin.so: error loading plugin"
expect_no_file out
t_mld -static -plugin-opt=-debug -o out main.o
expect_failure
expect_first_line_prefix "mld: error:"
expect_no_file out
t_done
