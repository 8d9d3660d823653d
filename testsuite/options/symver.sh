#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Symbol versions in a static link (.symver): a default version's
# definition NAME@@VERSION defines NAME too, as bfd's
# _bfd_elf_add_default_symbol makes it (not with -r), so references to
# NAME bind to it, from objects and through an archive's index; .symtab
# lists it by its full name; a plain NAME as well is a multiple
# definition.  A hidden version (NAME@VERSION) defines no NAME.  mld
# reported NAME undefined.  Exported from a static PIE, it has its
# version in .gnu.version (mld refused it; it once exported NAME@@VERSION
# as a plain name).  Compared with GNU ld on both targets: the symbols,
# the program's exit status, the errors.

t_write def.c <<'SRC'
__asm__(".symver foo_v2, foo@@V2");
__asm__(".symver foo_v1, foo@V1");
int foo_v2(void) { return 42; }
int foo_v1(void) { return 1; }
SRC
t_write hidden.c <<'SRC'
__asm__(".symver bar_v1, bar@V1");
int bar_v1(void) { return 1; }
SRC
t_write plain.c <<'SRC'
int foo(void) { return 7; }
SRC
t_write use.c <<'SRC'
int foo(void);
int main(void) { return foo(); }
SRC
t_write usebar.c <<'SRC'
int bar(void);
int main(void) { return bar(); }
SRC
syms() { nm "$1" | grep -E ' (foo|bar)' | sort; }
for arch in x86_64 aarch64; do
  t_target $arch
  for f in def hidden plain use usebar; do
    $cc -O1 -c -o $f.o $f.c || t_hard_error "$cc $f.c"
  done
  rm -f libdef.a && ar rc libdef.a def.o
  for inputs in "def.o use.o" "use.o libdef.a"; do
    # shellcheck disable=SC2086
    $cc -static -o gnu.out $inputs || t_hard_error "GNU ld: $inputs"
    # shellcheck disable=SC2086
    T_CC=$cc t_gcc_mld -static -o mld.out $inputs
    syms gnu.out >gnu.txt
    syms mld.out >mld.txt 2>/dev/null
    t_same "$arch $inputs: foo is foo@@V2" gnu.txt mld.txt
    t_run_both
    t_check "$arch $inputs: runs as GNU ld's (exit $m)" test "$g" = "$m" -a "$m" = 42
  done
  # A plain definition too: both fail.
  # Named as the first definition names it, as GNU ld (mld named it as
  # whichever input its threads met first: foo or foo@@V2 from run to
  # run); five times each way.
  for i in 1 2 3 4 5; do
    T_CC=$cc t_gcc_mld -static -o mld.out def.o plain.o use.o
    expect_failure
    expect_error "multiple definition of \`foo@@V2'"
    T_CC=$cc t_gcc_mld -static -o mld.out plain.o def.o use.o
    expect_error "multiple definition of \`foo'"
  done
  $cc -static -o gnu.out def.o plain.o use.o 2>/dev/null &&
    t_fail "$arch: GNU ld linked foo@@V2 and foo"
  # A hidden version alone defines no bar.
  T_CC=$cc t_gcc_mld -static -o mld.out hidden.o usebar.o
  expect_failure
  expect_error "undefined reference to \`bar'"
  $cc -static -o gnu.out hidden.o usebar.o 2>/dev/null &&
    t_fail "$arch: GNU ld bound bar to bar@V1"
  # -r: no default symbol; foo stays undefined beside foo@@V2.
  $ld -r -o gnu.o def.o use.o || t_hard_error "$ld -r"
  t_mld -m $emul -r -o mld.o def.o use.o
  readelf -sW gnu.o | awk '$5 == "GLOBAL" {print $7, $8}' | sort >gnu.txt
  readelf -sW mld.o | awk '$5 == "GLOBAL" {print $7, $8}' | sort >mld.txt
  t_same "$arch -r: foo undefined, foo@@V2 defined" gnu.txt mld.txt
  # Exported with a version: its version (symbol_versions.sh has more).
  $cc -O1 -fPIE -c -o defp.o def.c && $cc -O1 -fPIE -c -o usep.o use.c ||
    t_hard_error "$cc -fPIE"
  $cc -static-pie -Wl,--export-dynamic-symbol='foo*' -o gnu.out defp.o \
    usep.o || t_hard_error "$cc -static-pie"
  T_CC=$cc t_gcc_mld -static-pie -Wl,--export-dynamic-symbol='foo*' \
    -o mld.out defp.o usep.o
  readelf -W --dyn-syms -V gnu.out | sed 's/gnu\.out/OUT/' >gnu.txt
  readelf -W --dyn-syms -V mld.out | sed 's/mld\.out/OUT/' >mld.txt
  t_same "$arch -static-pie: foo@@V2 exported with its version" gnu.txt mld.txt
done
t_done
