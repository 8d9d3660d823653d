#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# GNU ld's smaller options, each compared with GNU ld 2.40: -w silences
# the warnings GNU ld's own code gives (-z ignored, -z
# dynamic-undefined-weak without a dynamic linker, --warn-common,
# .gnu.warning, unresolved symbols, the entry symbol) but not BFD's
# (executable stack, RWX segments), and those it silences do not fail
# --fatal-warnings; --ignore-unresolved-symbol; -a archive|shared;
# --print-output-format, --print-sysroot, --target-help; -V; unique
# prefixes of long options, as GNU ld's getopt takes them; a -) with
# no -( before it; -fuse-ld= (the compiler driver's, ignored); and the
# refusals with their reasons (input and output formats other than the
# target's ELF, an --orphan-handling GNU ld does not know,
# --traditional-format,
# --pic-veneer, --stub-group-size, -Y, -f and -F and --no-define-common
# (GNU ld's words: they need -shared), -R FILE and --just-symbols,
# --task-link, --no-strip-discarded,
# --warn-section-align, --split-by-file).
t_need_ld_bfd_x86_64
t_write s.c <<'SRC'
int common_var;
void _start(void) { for (;;) ; }
SRC
t_write c.c <<'SRC'
long common_var;
SRC
t_write u.c <<'SRC'
extern int missing(void), other(void);
int f(void) { return missing(); }
int g(void) { return other(); }
SRC
t_write gw.c <<'SRC'
void bad(void) {}
static const char w[] __attribute__((section(".gnu.warning.bad"), used)) = "bad is bad";
SRC
t_write gwu.c <<'SRC'
void bad(void);
void callbad(void) { bad(); }
SRC
t_write xs.s <<'SRC'
	.section .note.GNU-stack,"x"
SRC
t_write rwx.s <<'SRC'
	.section .rwx,"awx",@progbits
	.byte 0
SRC
t_compile s.c -fcommon
t_compile c.c -fcommon
t_compile u.c
t_compile gw.c
t_compile gwu.c
as xs.s -o xs.o && as rwx.s -o rwx.o || t_hard_error "as failed"
norm() { sed -e 's/^ld\.bfd: //' -e 's/^mld: error: //' -e "s/\`/'/g" "$1"; }
# The warnings' texts are tested elsewhere; here, how many.
warnings() { grep -c 'warning:' "$1"; }
for args in "-z bogus" "--warn-common c.o" "gwu.o gw.o" "xs.o" \
            "-z execstack --warn-execstack" "rwx.o" \
            "-pie --no-dynamic-linker -z dynamic-undefined-weak" \
            "-pie -z dynamic-undefined-weak" \
            "-z dynamic-undefined-weak --no-dynamic-linker -z nodynamic-undefined-weak"; do
  for w in "" "-w"; do
    ld.bfd $w -o g.out s.o $args 2>g.err
    t_mld $w -o m.out s.o $args
    [ "$(warnings g.err)" = "$(warnings stderr.txt)" ] &&
      t_pass "'$w $args': GNU ld's warnings ($(warnings stderr.txt))" ||
      { t_fail "'$w $args': warnings differ"; diff g.err stderr.txt; }
    ld.bfd $w --fatal-warnings -o g.out s.o $args 2>/dev/null; gs=$?
    t_mld $w --fatal-warnings -o m.out s.o $args
    [ "$gs" = "$T_STATUS" ] && t_pass "'$w $args' --fatal-warnings: status $gs as GNU ld" ||
      t_fail "'$w $args' --fatal-warnings: GNU ld $gs, mld $T_STATUS"
  done
done
ld.bfd --no-warnings --warn-unresolved-symbols -e nosuch -o g.out s.o u.o 2>g.err
t_mld --no-warnings --warn-unresolved-symbols -e nosuch -o m.out s.o u.o
[ ! -s g.err ] && [ ! -s stderr.txt ] && [ "$T_STATUS" = 0 ] &&
  t_pass "--no-warnings: unresolved symbols and the entry symbol unsaid" ||
  t_fail "--no-warnings: $(cat stderr.txt)"

ld.bfd -o g.out s.o u.o --ignore-unresolved-symbol missing 2>g.err
t_mld -o m.out s.o u.o --ignore-unresolved-symbol missing
expect_failure
grep -q "undefined reference to .other" g.err && ! grep -q missing g.err &&
  grep -q "undefined reference to \`other'" stderr.txt && ! grep -q missing stderr.txt &&
  t_pass "--ignore-unresolved-symbol: that one only" || t_fail "--ignore-unresolved-symbol"
ld.bfd -o g.out s.o u.o --ignore-unresolved-symbol=missing --ignore-unresolved-symbol=other ||
  t_hard_error "ld.bfd --ignore-unresolved-symbol"
t_mld -o m.out s.o u.o --ignore-unresolved-symbol=missing --ignore-unresolved-symbol=other
[ "$T_STATUS" = 0 ] && t_pass "--ignore-unresolved-symbol twice: links" || t_fail "twice"

mkdir -p lib && ar rcs lib/libs.a s.o && printf '' >lib/libs.so
ld.bfd -o g.out -Llib -aarchive -ls 2>g.err; gs=$?
t_mld -o m.out -Llib -aarchive -ls
[ "$gs" = 0 ] && [ "$T_STATUS" = 0 ] && t_pass "-aarchive: as -Bstatic" || t_fail "-aarchive: $gs $T_STATUS"
printf 'not an object' >lib/libs.so
ld.bfd -o g.out -Llib -a shared -ls 2>g.err; gs=$?
t_mld -o m.out -Llib -a shared -ls
[ "$gs" != 0 ] && [ "$T_STATUS" != 0 ] && t_pass "-a shared: as -Bdynamic (libs.so tried first)" ||
  t_fail "-a shared: GNU ld $gs, mld $T_STATUS"

for m in elf_x86_64 aarch64linux; do
  [ "$(ld.bfd -m $m --print-output-format 2>/dev/null || aarch64-linux-gnu-ld --print-output-format)" = \
    "$("$MLD" -m $m --print-output-format)" ] &&
    t_pass "--print-output-format -m $m: $("$MLD" -m $m --print-output-format)" ||
    t_fail "--print-output-format -m $m"
done
[ "$(ld.bfd --sysroot=/opt/x --print-sysroot)" = "$("$MLD" --sysroot=/opt/x --print-sysroot)" ] &&
  t_pass "--print-sysroot" || t_fail "--print-sysroot"
t_mld --target-help
[ "$T_STATUS" = 0 ] && grep -q '^elf_x86_64:' stdout.txt && grep -q '^aarch64linux:' stdout.txt &&
  t_pass "--target-help" || t_fail "--target-help"
t_mld -V -o m.out s.o
[ "$T_STATUS" = 0 ] && grep -q 'Supported emulations' stdout.txt && [ -x m.out ] &&
  t_pass "-V: the emulations, and the link" || t_fail "-V"
ld.bfd -o g.out s.o '-)' 2>g.err
t_mld -o m.out s.o '-)'
expect_failure
[ "$(norm g.err)" = "$(norm stderr.txt)" ] && t_pass "-) alone: GNU ld's words" ||
  t_fail "-) alone: $(cat stderr.txt)"
t_mld -fuse-ld=gold -o f.out s.o
t_mld -o n.out s.o
cmp -s f.out n.out && t_pass "-fuse-ld=: ignored" || t_fail "-fuse-ld="

# A unique prefix of a long option is that option, as GNU ld's getopt
# takes it; a prefix of several is unknown.
for o in --gc-sec --print-map-d --no-warn-r --whole-arch --fatal-warn \
         --gc --warn-c --stat --sta --no-undef --def=a=1; do
  ld.bfd $o -o g.out s.o >/dev/null 2>&1; gs=$?
  t_mld $o -o m.out s.o
  [ "$gs" = "$T_STATUS" ] && t_pass "$o: status $gs, as GNU ld's" ||
    t_fail "$o: GNU ld $gs, mld $T_STATUS"
done
t_mld --gc-sec --print-gc -o m1.out s.o
t_mld --gc-sections --print-gc-sections -o m2.out s.o
cmp -s m1.out m2.out && t_pass "--gc-sec --print-gc: as the full names" || t_fail "abbreviations"

for o in "--oformat=srec" "--format=srec" "--orphan-handling=loud" \
         "--traditional-format" "--pic-veneer" "--stub-group-size=1" "-Y /lib" \
         "-f x.so" "-F x.so" "--no-define-common" "-R u.o" "--just-symbols=u.o" \
         "--task-link=x" "--no-strip-discarded" \
         "--warn-section-align" "--split-by-file" "--split-by-file=10"; do
  t_mld $o -o r.out s.o
  expect_failure
  expect_no_file r.out
done
t_done
