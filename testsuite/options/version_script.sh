#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# --version-script=FILE, --dynamic-list=FILE and
# --export-dynamic-symbol-list=FILE change nothing in a static executable
# (no_effect.sh), but GNU ld reads the files where the option stands and
# rejects what it cannot parse.  For each file below, on both
# architectures, mld and GNU ld exit alike and say the same, once the
# program's name is taken off each line: syntax errors with the file's
# name and line (0 at the end of the file), "in VERSION script" or "in
# dynamic list" unless a whole tag was read, invalid characters ignored
# with a message that is not a warning, a comment that does not end
# (mld names the file), tags twice, an anonymous tag with others, unknown
# dependencies, patterns global in one tag and local in another, unknown
# languages, missing files, files found in -L directories given before.

t_write s.c <<'SRC'
int foo(void) { return 1; }
void _start(void) { for (;;); }
SRC

# case NAME BODY: a file NAME.map holding BODY (printf's escapes).
CASES=()
case_() { printf "$2" >"$1.map"; CASES+=("$1"); }
case_ empty ''
case_ anon_empty '{ };'
case_ anon '{ global: foo; local: *; };'
case_ named 'V1 { global: foo; bar; local: *; };\nV2 { global: Bar2; } V1;\n'
case_ double_semi '{ global: foo;; local: *; };'
case_ no_semi_star '{ global: foo; local: * };'
case_ no_final_semi '{ global: foo; local: *; }'
case_ extra_semi '{ global: foo; local: *; } ;;'
case_ garbage 'garbage here'
case_ symver 'V1 { global: foo@@V1; local: *; };'
case_ local_first '{ local: a; global: b; };'
case_ local_as_name '{ global: local; };'
case_ extern_cxx '{ global: extern "C++" { foo; "bar(int)"; ns::*; }; };'
case_ extern_no_semi '{ global: extern "C++" { foo; } };'
case_ extern_pascal '{ extern "Pascal" { foo; bar; }; };'
case_ extern_nested '{ extern "C++" { extern "C" { a; }; b }; extern "java" { c }; };'
case_ dup_tag 'V1 { foo; }; V1 { bar; }; V1 { baz; };'
case_ dup_expr 'V1 { global: a; b; "c"; fo*; }; V2 { local: b; a; c; fo*; fo*; };'
case_ dup_expr2 'V1 { local: fo*; fo*; x; }; V2 { global: fo*; x; x; "fo*"; };'
case_ comments '/* a\n b */ { foo; }; # c\nV1 { bar; } # d'
case_ multiline '{\n global:\n foo\n local: *;\n};'
case_ unknown_deps 'V1 { foo; } V2 V3;\nV4 { } V1 V4;'
case_ anon_then_named '{ foo; }; V1 { bar; };'
case_ invalid_chars '1V { foo=bar; };'
case_ invalid_ignored '\xef\xbb\xbf{ \x01foo; "bar; };\n- \f'
case_ after_node '{\n foo;\n}\n;\n@ }'
case_ eof_in_comment '{ foo; }; /* no end'
case_ anon_dep '{ foo; } V1;'
case_ colon_comma 'V1 : { a, b; };'
case_ quoted_lines '{ "a\nb";\n foo }'
case_ keywords '{ extern; global; local; globalx; a::b; foo::; $x; .y; [ab]*; !z; };'

t_write d_ok.map <<'SRC'
{ foo; bar; extern "C++" { "f(int)"; }; };
{ global; };
SRC
t_write dl_bad.map <<'SRC'
{ global: foo; };
SRC

# run LD NAME ARGS...: GNU ld's and mld's status and messages for ARGS.
gnu_norm() { sed -E 's/^[^ :]*ld[^ :]*:( )?//' "$1"; }
mld_norm() {
  sed -E 's/^mld: ((error|warning): )?//; s/^[^ ]*: (EOF in comment)$/\1/' "$1"
}
run() {
  local ld=$1 name=$2 gs ms
  shift 2
  rm -f g.out m.out
  $ld -o g.out s.o "$@" >/dev/null 2>g.err; gs=$?
  t_mld -o m.out s.o "$@" >/dev/null; ms=$T_STATUS
  if [ "$gs" != "$ms" ]; then
    t_fail "$name: GNU ld exits $gs, mld $ms"
    sed 's/^/    GNU ld: /' g.err
  elif [ -e g.out ] && [ ! -e m.out ] || [ ! -e g.out ] && [ -e m.out ]; then
    t_fail "$name: one linker wrote the output, the other did not"
  elif [ "$(gnu_norm g.err)" = "$(mld_norm stderr.txt)" ]; then
    t_pass "$name: exit $ms, $(wc -l <g.err) messages as GNU ld's"
  else
    t_fail "$name: messages differ from GNU ld's:"
    diff <(gnu_norm g.err) <(mld_norm stderr.txt)
  fi
}

for arch in x86_64 aarch64; do
  if [ $arch = x86_64 ]; then ld=ld.bfd cc=gcc; else
    ld=aarch64-linux-gnu-ld cc=aarch64-linux-gnu-gcc; fi
  t_have $arch $ld || continue
  T_CC=$cc t_compile s.c
  for c in "${CASES[@]}"; do
    run $ld "$arch: --version-script $c" --version-script=$c.map
  done
  for c in anon empty anon_empty extra_semi garbage symver extern_cxx \
           extern_pascal keywords; do
    run $ld "$arch: --dynamic-list $c" --dynamic-list=$c.map
    run $ld "$arch: --export-dynamic-symbol-list $c" \
      --export-dynamic-symbol-list $c.map
  done
  run $ld "$arch: dynamic list" --dynamic-list d_ok.map
  run $ld "$arch: bad dynamic list" --dynamic-list=dl_bad.map
  run $ld "$arch: two scripts" --version-script=named.map --version-script=anon.map
  run $ld "$arch: a dependency in the next script" \
    --version-script=dup_tag.map --version-script=unknown_deps.map
  run $ld "$arch: missing file" --version-script=nofile.map
  run $ld "$arch: missing dynamic list" --dynamic-list=nofile.map
  mkdir -p sub && cp multiline.map sub/only.map
  run $ld "$arch: -L before" -Lsub --version-script=only.map
  run $ld "$arch: -L after" --version-script=only.map -Lsub
  run $ld "$arch: -version-script FILE" -version-script garbage.map
  # An invalid character fails the link after --fatal-warnings (mld says
  # "error:" then), not before it.
  run $ld "$arch: --fatal-warnings first" --fatal-warnings \
    --version-script=invalid_ignored.map
  run $ld "$arch: --fatal-warnings last" --version-script=invalid_ignored.map \
    --fatal-warnings
done

# --dependency-file names the files, as GNU ld does.
T_CC=gcc t_compile s.c
ld.bfd -o g.out s.o --version-script=anon.map --dynamic-list=d_ok.map \
  --dependency-file=g.d
t_mld -o m.out s.o --version-script=anon.map --dynamic-list=d_ok.map \
  --dependency-file=m.d
sed 's/g\.out/OUT/' g.d >g.dn
sed 's/m\.out/OUT/' m.d >m.dn
cmp -s g.dn m.dn && t_pass "--dependency-file as GNU ld's" ||
  { t_fail "--dependency-file differs:"; diff g.dn m.dn; }
t_done
