#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
dir=$(cd "$(dirname "$0")" && pwd)
. "$(dirname "$0")/../lib.sh"
# --package-metadata=JSON (distributions' builds pass it) makes FDO's
# .note.package as GNU ld 2.40 does: an orphan note of the first file, the
# JSON and its NUL padded to 4, the same headers, addresses, bytes and
# PT_NOTE segments, with glibc on both architectures.  A text that is not
# a JSON object or array gets GNU ld's warning (jansson's reason, for the
# commonest errors) and no note; an empty one no note either.
t_write m.c <<'SRC'
int main(void) { return 0; }
SRC
notes() {   # the allocated notes and what readelf reads in them
  readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] \(\.note[^ ]*\) *NOTE *\([0-9a-f]*\) \([0-9a-f]*\) \([0-9a-f]*\).*/\1 \2 \3 \4/p'
  readelf -lW "$1" | grep NOTE
  readelf -nW "$1" | grep -A1 'FDO'
}
ok_texts=('{"type":"deb","os":"debian","name":"x","version":"1.0-1"}' '[1,2]'
  '{"a":[1,{"b":null}],"c":-1.5e3,"d":"\u00e9\n"}' '{ }')
bad_texts=('not json' '{"a":}' '{"a":1} x' '"str"' '{"a":tru}' '{"a" 1}'
  '{"a":1,}' '[1 2]' '{"a":"b\q"}')
for cc in gcc aarch64-linux-gnu-gcc; do
  t_have "$cc" $cc || continue
  T_CC=$cc t_compile m.c
  for j in "${ok_texts[@]}"; do
    $cc -static -o g.out m.o -Xlinker "--package-metadata=$j" || t_hard_error "$cc $j"
    T_CC=$cc t_gcc_mld -static -o m.out m.o -Xlinker "--package-metadata=$j"
    [ "$T_STATUS" = 0 ] && [ "$(notes g.out)" = "$(notes m.out)" ] &&
      readelf -nW m.out | grep -q FDO &&
      t_pass "$cc '$j': GNU ld's note" ||
      { t_fail "$cc '$j': notes differ"; diff <(notes g.out) <(notes m.out); }
  done
  for j in "${bad_texts[@]}" ""; do
    $cc -static -o g.out m.o -Xlinker "--package-metadata=$j" 2>g.err || t_hard_error "$cc $j"
    T_CC=$cc t_gcc_mld -static -o m.out m.o -Xlinker "--package-metadata=$j"
    gw=$(sed -n 's/^.*ld[^:]*: warning: //p' g.err)
    mw=$(sed -n 's/^mld: warning: //p' stderr.txt)
    [ "$T_STATUS" = 0 ] && [ "$gw" = "$mw" ] && ! readelf -nW m.out | grep -q FDO &&
      t_pass "$cc '$j': no note${mw:+, the warning GNU ld gives}" ||
      t_fail "$cc '$j': GNU ld '$gw', mld '$mw'"
  done
done
T_CC=gcc t_compile m.c
t_gcc_mld -static -o f.out m.o -Wl,--fatal-warnings -Xlinker '--package-metadata=not json'
expect_failure
t_done
