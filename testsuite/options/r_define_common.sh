#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# -d (-dc, -dp) with -r gives COMMON symbols room in .bss, after its
# inputs, each file's in GNU ld's order (--sort-common's too), and makes
# them ordinary OBJECT symbols there (GNU ld's ld-elf/pr21904); without
# it they stay COMMON.  mld refused -d with -r.  Against GNU ld on x86-64
# and AArch64: sections but file offsets, relocations and symbols.
# With --gc-sections a COMMON symbol that no kept relocation names
# leaves .symtab, -u naming it or not (mld kept every one).

cat >a.s <<'SRC'
	.comm	a,8,8
	.comm	b,4,4
	.comm	c,16,16
	.data
	.quad	a
	.bss
	.zero	3
SRC
cat >b.s <<'SRC'
	.comm	foo,4,4
	.comm	c,32,8
SRC
# c is named only from .text.user, which -u other leaves to collect.
cat >gc.s <<'SRC'
	.comm	c,8,8
	.comm	d,8,8
	.text
	.globl	other
other:	ret
	.section .text.user,"ax",%progbits
	.globl	user
user:	.quad	c
SRC
shape() {
  readelf -SW "$1" | grep '^  \[' |
    sed -E 's/^( *\[[ 0-9]+\] .* [0-9a-f]{16}) [0-9a-f]{6,} /\1 /' |
    sed -E 's/^(.* STRTAB +[0-9a-f]{16}) [0-9a-f]+ /\1 /'
  readelf -rW "$1" | sed 's/ at offset 0x[0-9a-f]*//'
  readelf -sW "$1"
}
checked=0
for arch in x86_64 aarch64; do
  t_target $arch
  $cc -c a.s -o a.o && $cc -c b.s -o b.o || t_hard_error "$cc"
  for opts in "-d" "-dc" "-dp" "-d --sort-common" ""; do
    $ld -r $opts -o gnu.o a.o b.o || t_hard_error "GNU ld -r $opts failed"
    t_mld -r $opts -o mld.o a.o b.o
    cp gnu.o x.o && shape x.o >gnu.txt
    cp mld.o x.o 2>/dev/null && shape x.o >mld.txt
    t_same "$arch -r $opts" gnu.txt mld.txt
  done
  $cc -c gc.s -o gc.o || t_hard_error "$cc"
  for opts in "-u other" "-u user" "-u other -u c" "-e user -u d"; do
    $ld -r --gc-sections $opts -o gnu.o gc.o ||
      t_hard_error "GNU ld -r --gc-sections $opts failed"
    t_mld -r --gc-sections $opts -o mld.o gc.o
    cp gnu.o x.o && shape x.o >gnu.txt
    cp mld.o x.o 2>/dev/null && shape x.o >mld.txt
    t_same "$arch -r --gc-sections $opts" gnu.txt mld.txt \
      "COMMON listed: $(readelf -sW mld.o | awk '$7 == "COM" {print $8}' |
        tr '\n' ' ')"
  done
  checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
# What mld does not do: -d with a script's SECTIONS, with --gc-sections,
# and TLS COMMON symbols (bfd's -r puts them in .bss).
t_mld -r -d --gc-sections -e f -o gc.o a.o
expect_failure
expect_error "-r: -d with --gc-sections: not supported in a relocatable link"
t_target x86_64
printf '\t.tls_common t,4,4\n' >tls.s
$cc -c tls.s -o tls.o || t_hard_error "$cc"
t_mld -r -d -o tls-r.o tls.o
expect_failure
expect_error "tls.o: -r -d: TLS COMMON symbols are not supported"
printf 'SECTIONS { .bss : { *(.bss) *(COMMON) } }\n' >s.t
t_mld -r -d -T s.t a.o -o s.o
expect_failure
expect_error "-r: -d with a linker script's SECTIONS is not supported"
t_done
