#!/bin/sh
# Writes the fuzzer's seed corpus into DIR: small valid objects and
# archives for x86-64 and, when the cross compiler is there, AArch64.
set -e
dir=${1:?usage: make-seeds.sh DIR}
mkdir -p "$dir"
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
for cc in gcc aarch64-linux-gnu-gcc; do
  command -v $cc >/dev/null || continue
  tag=${cc%%-*}
  for f in a b; do
    $cc -c -O1 -fcommon -o "$dir/$tag-$f.o" "$tmp/$f.c"
    $cc -c -O0 -g -ffunction-sections -o "$dir/$tag-$f-g.o" "$tmp/$f.c"
  done
  ar rcs "$dir/$tag-ab.a" "$dir/$tag-a.o" "$dir/$tag-b.o"
  ar rcsT "$dir/$tag-thin.a" "$dir/$tag-b.o"
done
