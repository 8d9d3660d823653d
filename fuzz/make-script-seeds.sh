#!/bin/sh
# Writes the script fuzzer's seeds into DIR: GNU ld's default scripts for
# x86-64 and AArch64 (from `ld --verbose`, when the linkers are there),
# the scripts the tests use (testsuite/script/*.sh's here-documents) and
# the version scripts (testsuite/options/*.sh's NAME.map ones), each a
# file.
set -e
dir=${1:?usage: make-script-seeds.sh DIR}
top=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$dir"
for ld in ld.bfd aarch64-linux-gnu-ld; do
  command -v $ld >/dev/null 2>&1 || continue
  $ld --verbose | sed -n '/^=====/,/^=====/p' | sed '1d;$d' >"$dir/default-$ld.ld"
done
# Every here-document that ends with a line "LD" is a script.
n=0
for t in "$top"/testsuite/script/*.sh; do
  awk -v dir="$dir" -v base="$(basename "$t" .sh)" '
    /<<.?LD.?$/ { inside = 1; n++; file = dir "/" base "-" n ".ld"; next }
    inside && /^LD$/ { inside = 0; close(file); next }
    inside { print > file }
  ' "$t"
done
# The version scripts the tests write (t_write NAME.map <<'SRC' ... SRC).
for t in "$top"/testsuite/options/*.sh; do
  awk -v dir="$dir" -v base="$(basename "$t" .sh)" '
    /^ *t_write [^ ]*\.map <<.?SRC.?$/ { inside = 1; n++; file = dir "/" base "-v" n ".map"; next }
    inside && /^SRC$/ { inside = 0; close(file); next }
    inside { print > file }
  ' "$t"
done
