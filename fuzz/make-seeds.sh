#!/bin/sh
# Writes the fuzzer's seed corpus into DIR: small valid objects and
# archives for x86-64 and, when the cross compiler is there, AArch64 (some
# that link completely, some that need libc), and
# input scripts (INPUT, GROUP, AS_NEEDED, -l, SEARCH_DIR...) naming them,
# by absolute path and relative to the directory the fuzzer runs in.
set -e
dir=${1:?usage: make-seeds.sh DIR}
mkdir -p "$dir"
abs=$(cd "$dir" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/a.c" <<'SRC'
#include <stdio.h>
__thread int t = 1;
static const char *s = "seed";
extern int b(int);
int main(void) { printf("%s %d\n", s, b(t)); return 0; }
SRC
cat >"$tmp/b.c" <<'SRC'
int common_var;
__attribute__((weak)) int w(void) { return 2; }
int b(int x) { return x + w() + common_var; }
SRC
# c.c needs nothing else, so its objects link to the end and write an
# output: TLS, IFUNC, a weak undefined, __start_/__stop_, constructors,
# merged strings, over-aligned data and BSS, in several code models.
cat >"$tmp/c.c" <<'SRC'
__thread int tv = 3;
static __thread int tl;
extern int undef_weak __attribute__((weak));
static int impl(void) { return 1; }
static void *resolve(void) { return (void *)impl; }
int ifn(void) __attribute__((ifunc("resolve")));
__attribute__((section("seedsec"))) int in_sec = 5;
extern int __start_seedsec[], __stop_seedsec[];
static int ctor_ran;
__attribute__((constructor(101))) static void ctor(void) { ctor_ran = 1; }
__attribute__((destructor)) static void dtor(void) { ctor_ran = 0; }
static const char str[] = "merged string";
int (*fp)(void) = ifn;
_Alignas(64) int aligned[4] = {1};
long big_bss[100];
int main(void) {
  tl = tv + ifn() + fp() + (&undef_weak != 0) + ctor_ran + str[0] +
       (int)(__stop_seedsec - __start_seedsec) + aligned[0] + (int)big_bss[1];
  return tl;
}
SRC
for cc in gcc aarch64-linux-gnu-gcc; do
  command -v $cc >/dev/null || continue
  tag=${cc%%-*}
  if [ $tag = gcc ]; then
    set -- "-O2 -fno-pic -fcf-protection=full" "-O1 -fPIE -mcmodel=large"
  else
    set -- "-O2 -fno-pic" "-O1 -mcmodel=tiny"
  fi
  set -- "$@" "-O1 -fPIC -ffunction-sections -fdata-sections"
  n=0
  for flags in "$@"; do
    n=$((n + 1))
    $cc -c $flags -o "$dir/$tag-c$n.o" "$tmp/c.c"
  done
  ar rcs "$dir/$tag-c.a" "$dir/$tag-c$n.o"
  # Compressed debugging sections, both forms (compress.c reads them).
  $cc -c -O1 -g -gz=zlib -o "$dir/$tag-c-gz.o" "$tmp/c.c"
  $cc -c -O1 -g -gz=zlib-gnu -o "$dir/$tag-c-zdebug.o" "$tmp/c.c"
  for f in a b; do
    $cc -c -O1 -fcommon -o "$dir/$tag-$f.o" "$tmp/$f.c"
    $cc -c -O0 -g -ffunction-sections -o "$dir/$tag-$f-g.o" "$tmp/$f.c"
  done
  ar rcs "$dir/$tag-ab.a" "$dir/$tag-a.o" "$dir/$tag-b.o"
  ar rcsT "$dir/$tag-thin.a" "$dir/$tag-b.o"
  fmt=elf64-x86-64
  [ $tag = gcc ] || fmt=elf64-littleaarch64
  cp "$dir/$tag-ab.a" "$dir/lib$tag.a"
  cat >"$dir/$tag-group.lds" <<EOF
/* like glibc's libc.so */
OUTPUT_FORMAT($fmt)
GROUP ( $abs/$tag-a.o $abs/$tag-thin.a AS_NEEDED ( $abs/$tag-ab.a ) )
EOF
  cat >"$dir/$tag-input.lds" <<EOF
SEARCH_DIR("$abs") INPUT(-l$tag)
EOF
  printf 'ENTRY(main) EXTERN(b w) INPUT(%s %s)\n' "$abs/$tag-a-g.o" \
    "$abs/$tag-b-g.o" >"$dir/$tag-entry.lds"
  printf 'INPUT(%s)\n' "$abs/$tag-group.lds" >"$dir/$tag-nested.lds"
  printf 'GROUP(%s %s)\nINPUT(input)\n' "$dir/$tag-a.o" "lib$tag.a" \
    >"$dir/$tag-relative.lds"
  printf 'STARTUP(%s) INPUT(%s)\nOUTPUT_ARCH(%s)\n' "$abs/$tag-a.o" \
    "=/$tag-thin.a" "${fmt#elf64-}" >"$dir/$tag-startup.lds"
done
