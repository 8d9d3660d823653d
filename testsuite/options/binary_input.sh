#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# -b binary (--format=binary): files linked as raw bytes, the usual way
# to embed a file.  Each becomes .data with _binary_PATH_start, _end and
# the absolute _size, PATH mangled ('/', '.', '-' made '_').  On x86-64
# and AArch64, against GNU ld: a program reading its embedded file, in
# a final link and through `ld -r -b binary`; the -r objects' sections
# and symbols; a binary file before any object (the machine is not
# known yet); an empty file; an ELF object taken as bytes.

mkdir -p d.x
head -c 777 /dev/urandom >d.x/9-a.b
: >empty.dat
: >e2.dat
{
    cat <<'SRC'
extern const unsigned char _binary_d_x_9_a_b_start[], _binary_d_x_9_a_b_end[];
extern const char _binary_d_x_9_a_b_size[];
extern const char _binary_empty_dat_start[], _binary_empty_dat_end[];
extern const char _binary_empty_dat_size[];
int check(void) {
  unsigned long n = _binary_d_x_9_a_b_end - _binary_d_x_9_a_b_start;
  if (n != 777 || (unsigned long)_binary_d_x_9_a_b_size != 777)
    return 101;
  /* Addresses through asm: the compiler takes arrays to be apart and
     never at 0. */
  unsigned long e0 = (unsigned long)_binary_empty_dat_start;
  unsigned long z = (unsigned long)_binary_empty_dat_size;
  __asm__("" : "+r"(e0), "+r"(z));
  if ((unsigned long)_binary_empty_dat_end != e0 || z != 0)
    return 102;
  unsigned sum = 0;
  for (unsigned long i = 0; i < n; i++)
    sum = sum * 31 + _binary_d_x_9_a_b_start[i];
  return sum % 100;
}
SRC
    t_exit_start 'check()'
} >p.c

syms() {   # the _binary_ symbols: value, type, binding, section, name
    readelf -sW "$1" | awk '$8 ~ /^_binary_/ {print $2, $4, $5, $7, $8}' |
        sort -k5
}
# An -r object's sections and symbols, without file offsets.
robj() {
    readelf -hSW "$1" | sed -n 's/^ *Machine: *//p; s/^ *\[ *[0-9]*\] \([^ ]*\) *\([A-Z]*\) *[0-9a-f]* [0-9a-f]* \([0-9a-f]*\) [0-9a-f]* *\([A-Z]*\) .* \([0-9]*\)$/\1 \2 \3 \4 \5/p'
    syms "$1"
}

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    emu=elf_x86_64
    [ $arch = aarch64 ] && emu=aarch64linux
    $cc -c -O1 -fno-pie -fno-stack-protector -fno-asynchronous-unwind-tables \
        -o p.o p.c || t_hard_error "$cc failed"

    # A final link, the files after -b binary, then objects again.
    $ld -static -o gnu.out p.o -b binary d.x/9-a.b empty.dat 2>/dev/null ||
        t_hard_error "GNU ld failed"
    t_mld -static -o mld.out p.o -b binary d.x/9-a.b empty.dat
    t_run_both
    if [ "$T_STATUS" != 0 ]; then
        t_fail "$arch final link: mld failed: $(head -1 stderr.txt)"
    elif [ $g != $m ] || [ $g -ge 100 ]; then
        t_fail "$arch final link: exits $m, GNU ld's $g"
    elif ! diff <(syms gnu.out) <(syms mld.out) >d.txt; then
        t_fail "$arch final link: symbols differ: $(tr '\n' ' ' <d.txt)"
    else
        t_pass "$arch final link: GNU ld's symbols, exit $g"
    fi

    # ld -r -b binary: the file first, nothing yet naming the machine;
    # an ELF object after -b binary is bytes too.
    $ld -r -b binary -o gnu.o d.x/9-a.b empty.dat p.o ||
        t_hard_error "GNU ld -r failed"
    t_mld -m $emu -r --format=binary -o mld.o d.x/9-a.b empty.dat p.o
    if [ "$T_STATUS" != 0 ]; then
        t_fail "$arch -r: mld failed: $(head -1 stderr.txt)"
    elif ! diff <(robj gnu.o) <(robj mld.o) >d.txt; then
        t_fail "$arch -r: objects differ: $(tr '\n' ' ' <d.txt)"
    else
        t_pass "$arch -r: GNU ld's machine, .data and symbols"
    fi

    # The -r object in a final link, before the program's object.
    t_mld -static -o mld.out -bbinary e2.dat -b default gnu.o p.o
    rm -f gnu.out
    $ld -static -o gnu.out -b binary e2.dat -b default gnu.o p.o \
        2>/dev/null || t_hard_error "GNU ld failed"
    t_run_both
    if [ "$T_STATUS" != 0 ]; then
        t_fail "$arch binary first: mld failed: $(head -1 stderr.txt)"
    elif [ $g != $m ] || [ $g -ge 100 ]; then
        t_fail "$arch binary first: exits $m, GNU ld's $g"
    else
        t_pass "$arch binary first, then -r's object: exit $g"
    fi
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"

# Errors: a missing file; a format mld does not read.
t_mld -static -o x.out -b binary nosuch.bin
expect_failure
expect_error "cannot open nosuch.bin"
t_mld -static -o x.out -b srec p.o
expect_failure
expect_error "--format srec"
t_done
