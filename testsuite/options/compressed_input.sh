#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Compressed input sections: gcc -gz (zlib, SHF_COMPRESSED), -gz=zlib-gnu
# (.zdebug_*) and objcopy's zstd.  GNU ld reads them decompressed; mld
# said "relocation N is outside the section".  On x86-64 and AArch64,
# against GNU ld: the program's debugging information and line table
# (readelf -wi, -wl), its debug sections' names, sizes and flags, its
# exit; the same through -r; --compress-debug-sections=zlib over them;
# an undefined reference placed by the compressed line table; a corrupt
# stream and an unknown compression type, refused.

cat >dz.c <<'SRC'
static int helper(int x) { return x * 3; }
int value = 5;
int main(void) {
  return helper(value) - 15;
}
SRC
cat >undef.c <<'SRC'
extern int missing(void);
int caller(void) {
  return missing() + 1;
}
SRC

debug_secs() {   # name, type, size and flags of the debug sections
    readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] \([.a-z_]*debug[a-z_]*\) *\([A-Z]*\) *[0-9a-f]* [0-9a-f]* \([0-9a-f]*\) [0-9a-f]* *\([A-Z]*\) .*/\1 \2 \3 \4/p'
}
# same_debug WHAT GNU MLD: the two files' debugging information agree
same_debug() {
    local d
    for d in info line; do
        readelf --debug-dump=$d "$2" | grep -v "^File:\|^$" >g.$d
        readelf --debug-dump=$d "$3" | grep -v "^File:\|^$" >m.$d
    done
    debug_secs "$2" >g.secs
    debug_secs "$3" >m.secs
    if [ ! -s g.info ] || [ ! -s g.line ] || [ ! -s g.secs ]; then
        t_hard_error "$arch $1: GNU ld's output has no debugging information"
    elif ! cmp -s g.info m.info; then
        t_fail "$arch $1: .debug_info differs: $(diff g.info m.info | head -4 | tr '\n' ' ')"
    elif ! cmp -s g.line m.line; then
        t_fail "$arch $1: .debug_line differs: $(diff g.line m.line | head -4 | tr '\n' ' ')"
    elif ! cmp -s g.secs m.secs; then
        t_fail "$arch $1: debug sections differ: $(diff g.secs m.secs | tr '\n' ' ')"
    else
        t_pass "$arch $1: GNU ld's debugging information and sections"
    fi
}

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    objcopy=objcopy
    [ $arch = aarch64 ] && objcopy=aarch64-linux-gnu-objcopy
    command -v $objcopy >/dev/null || t_skip "$objcopy is not installed"
    $cc -g -O1 -gz=zlib -c -o zlib.o dz.c &&
        $cc -g -O1 -gz=zlib-gnu -c -o gnu.o dz.c &&
        $cc -g -O1 -c -o plain.o dz.c &&
        $objcopy --compress-debug-sections=zstd plain.o zstd.o &&
        $cc -g -gz=zlib -c -o undef.o undef.c ||
        t_hard_error "$cc or $objcopy failed"
    readelf -SW zstd.o | grep -q 'debug_info .* C ' ||
        t_hard_error "$objcopy made no compressed section"

    for kind in zlib gnu zstd; do
        rm -f gnu.out mld.out
        $cc -static -o gnu.out $kind.o || t_hard_error "GNU ld failed"
        t_run $cc -static -B"$T/bin/" -o mld.out $kind.o
        if [ "$T_STATUS" != 0 ]; then
            t_fail "$arch $kind: mld failed: $(head -1 stderr.txt)"
            continue
        fi
        t_run_both
        [ $g = 0 ] && [ $m = 0 ] || t_fail "$arch $kind: exits $m, GNU ld's $g"
        same_debug "$kind" gnu.out mld.out

        $ld -r -o gnu.r.o $kind.o || t_hard_error "GNU ld -r failed"
        t_mld -r -o mld.r.o $kind.o
        [ "$T_STATUS" = 0 ] && same_debug "$kind -r" gnu.r.o mld.r.o ||
            t_fail "$arch $kind -r: mld failed: $(head -1 stderr.txt)"
    done

    # Decompressed, then compressed again for the output.
    $cc -static -Wl,--compress-debug-sections=zlib -o gnu.out zlib.o ||
        t_hard_error "GNU ld failed"
    t_run $cc -static -B"$T/bin/" -Wl,--compress-debug-sections=zlib \
        -o mld.out zlib.o
    if [ "$T_STATUS" != 0 ]; then
        t_fail "$arch --compress-debug-sections=zlib: $(head -1 stderr.txt)"
    else
        same_debug "zlib in, --compress-debug-sections=zlib" gnu.out mld.out
    fi

    # The place of an undefined reference, from the compressed line table.
    $ld -e caller -o gnu.out undef.o 2>gnu.err && t_hard_error "GNU ld linked"
    want=$(grep -o 'undef.c:[0-9]*: undefined reference' gnu.err)
    [ -n "$want" ] || t_hard_error "GNU ld gave no line: $(cat gnu.err)"
    t_mld -e caller -o mld.out undef.o
    expect_failure
    expect_error "$want"
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"

# Damaged inputs: one byte of the zlib stream, then the compression type.
t_target x86_64
gcc -g -gz=zlib -c -o bad.o dz.c || t_hard_error "gcc failed"
off=$(readelf -SW bad.o |
      sed -n 's/.*\] \.debug_info *PROGBITS *[0-9a-f]* \([0-9a-f]*\) .*/\1/p')
[ -n "$off" ] || t_hard_error "no .debug_info in bad.o"
off=$((0x$off))
cp bad.o bad2.o
printf '\377\377\377\377' | dd of=bad.o bs=1 seek=$((off + 26)) conv=notrunc \
    2>/dev/null
t_gcc_mld -static -o x.out bad.o
expect_failure
expect_error "bad.o: section .debug_info: corrupt compressed data"
expect_no_file x.out
printf '\143' | dd of=bad2.o bs=1 seek=$off conv=notrunc 2>/dev/null
t_gcc_mld -static -o x.out bad2.o
expect_failure
expect_error "bad2.o: section .debug_info: unsupported compression type 99"
expect_no_file x.out
t_done
