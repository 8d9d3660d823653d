#!/bin/bash
# With -q GNU ld keeps an output section that has inputs even when they
# are all empty, and the script's marks (_edata, __bss_start, _end and
# AArch64's __bss_start__, __bss_end__, _bss_end__, __end__) are in
# those sections.  mld gave them a section further back (.text).  Each
# mark's section and value, as GNU ld's, both arches: .data and .bss
# empty, .data alone with bytes, .bss alone.
. "$(dirname "$0")/../lib.sh"

# marks FILE: each mark's value and the name of its section.
marks() {
  readelf -SW "$1" | sed -n 's/^ *\[ *\([0-9]*\)\] \([^ ]*\) .*/\1 \2/p' \
    >"$1.secs"
  readelf -sW "$1" |
    awk -v secs="$1.secs" '
      BEGIN { while ((getline l < secs) > 0) { split(l, a, " "); n[a[1]] = a[2] } }
      $8 ~ /^(_edata|__bss_start|_end|__bss_start__|__bss_end__|_bss_end__|__end__|_etext|etext|edata|end)$/ {
        print $8, $2, ($7 in n ? n[$7] : $7) }' | sort
}

for arch in x86_64 aarch64; do
  t_target $arch
  t_write text.s <<'EOF2'
  .text
  .globl _start
_start:
  .dc.a 0
EOF2
  t_write data.s <<'EOF2'
  .data
  .dc.a 1
EOF2
  t_write bss.s <<'EOF2'
  .bss
  .zero 16
EOF2
  for f in text data bss; do
    $as -o $f.o $f.s || t_hard_error "$as $f.s failed"
  done
  for ins in "text.o" "text.o data.o" "text.o bss.o"; do
    what="$arch -q $ins"
    $ld -q -static -o g.out $ins 2>g.err || t_hard_error "$ld failed"
    t_mld -q -static -o m.out $ins
    t_check "$what: links" test "$T_STATUS" = 0
    marks g.out >g.marks
    marks m.out >m.marks
    t_same "$what: the marks' values and sections" g.marks m.marks \
      "$(wc -l <g.marks) marks"
  done
done
t_done
