#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Options GNU ld 2.40 accepts for a static executable but mld does not
# implement (yet) are refused: one "mld: error:" line naming the option,
# a non-zero exit, no output file.  Each was checked to change GNU ld's
# output (or to print what mld would not print), so accepting and
# ignoring it would link something else.  Options GNU ld does not know
# are unknown to mld too.

t_write s.s <<'SRC'
	.globl _start
_start:
	nop
SRC
as -o s.o s.s 2>/dev/null || aarch64-linux-gnu-as -o s.o s.s ||
  t_hard_error "no assembler"

refused() {   # refused OPTION... -- TEXT: refused, the error names TEXT
  local args=() text
  while [ "$1" != -- ]; do args+=("$1"); shift; done
  text=$2
  rm -f out
  t_mld "${args[@]}" -o out s.o
  expect_failure
  expect_error "$text"
  expect_no_file out
}

refused --no-warn-mismatch -- "--no-warn-mismatch: mld links only inputs of one machine"
refused --error-handling-script=x.sh -- "--error-handling-script: not implemented"
refused --sort-section=size -- "invalid section sorting option: size"
refused --threads=0 -- "--threads: 0 is not between 1 and"
refused -z start-stop-visibility=local -- "invalid visibility in \`-z start-stop-visibility=local'"
refused -z lam-report=loud -- "invalid option for -z lam-report=: loud"
refused -Trodata-segment=0x600000 -- "-Trodata-segment=0x600000: not implemented yet"
refused -Tldata-segment 0x600000 -- "-Tldata-segment: not implemented yet"
refused -shared -- "-shared: mld makes static executables only"
refused -static-pie -- "-static-pie: not an option of GNU ld; gcc -static-pie passes -static -pie --no-dynamic-linker"
refused -pie --no-dynamic-linker --dynamic-list-cpp-new -- "--dynamic-list-cpp-new: with -pie it changes the dynamic section or symbols"
refused -pie --no-dynamic-linker -rpath /opt -- "-rpath: with -pie it changes the dynamic section or symbols"
# ... and in an executable that is not a PIE, which --no-dynamic-linker
# with -E gives a .dynamic too.
refused --no-dynamic-linker -E -rpath /opt -- "-rpath: with --no-dynamic-linker it changes the dynamic section or symbols"
# --no-dynamic-linker alone makes no .dynamic: nothing to change.
t_mld --no-dynamic-linker -rpath /opt -o out s.o
expect_success
t_mld --no-dynamic-linker -E --no-export-dynamic -rpath /opt -o out s.o
expect_success
# -r with what mld does not do in a relocatable link (GNU ld does each).
refused -r --gc-sections -- "--gc-sections requires a defined symbol root specified by -e or -u"
refused -r --icf=all -- "-r: --icf: not supported in a relocatable link"
refused -r --split-by-reloc -- "-r: --split-by-reloc: not supported in a relocatable link"
refused --relocatable --section-start=.data=0x1000 -- "-r: -Ttext, -Tdata, -Tbss, --section-start: not supported"
refused -r -Map=m.map -- "-r: -Map, --cref, --print-memory-usage: not supported"
refused -r -pie --no-dynamic-linker -- "-r and -pie may not be used together"
refused -EB -- "-EB: big-endian output is not supported"
# A -T script with -r: an expression of symbols or sections, whose
# addresses -r does not know; mld once took such a script and left its
# assignments out of its output.
printf 'SECTIONS { .data : { aa = ADDR(.text); LONG (1) *(.data) } }\n' >r.lds
refused -r -T r.lds -- "r.lds:1: -r: an expression of symbols or sections in a linker script is not supported in a relocatable link"
printf 'bb = cc;\n' >r2.lds
refused -r r2.lds -- "r2.lds:1: -r: an expression of symbols or sections in a linker script is not supported"
printf 'SECTIONS { .text : { *(.text) } }\nINHIBIT_COMMON_ALLOCATION\n' >x.lds
refused -T x.lds -- "x.lds:2: linker script command INHIBIT_COMMON_ALLOCATION is not supported yet (column 1)"
refused -Y /lib -- "-Y /lib: Solaris's default library path is not supported"
# Unknown to GNU ld 2.40, so unknown here.
refused --color-diagnostics -- "unknown option: --color-diagnostics"
refused --no-fix-cortex-a53-835769 -- "unknown option: --no-fix-cortex-a53-835769"
refused --image-base=0x800000 -- "unknown option: --image-base=0x800000"
t_done
