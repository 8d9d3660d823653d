#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# --sysroot, linked by GNU ld and by mld from the same command lines:
# "=" and "$SYSROOT" at the start of -L, of SEARCH_DIR, of a file name on
# the command line or in a script; an absolute name in a script that
# lies inside the sysroot (by its real path) is looked up under the
# sysroot only.  Only the form --sysroot=DIR counts, the last one wins,
# and "/" means none.  Each program exits with the number of the object
# that defines which().

t_which_main
t_compile main.c -fno-pic
obj() {
    mkdir -p "$(dirname "$1")"
    printf 'int which(void) { return %s; }\n' "$2" >w.c
    t_compile w.c
    mv w.o "$1"
}
link() { t_same_as_ld -static main.o "$@"; }

R=$T/root
obj root/lib/x.o 5
obj out/x.o 6
obj "root$T/out/x.o" 7
rm -f root/lib/libq.a
ar rcs root/lib/libq.a root/lib/x.o

# -L=DIR and -L$SYSROOT/DIR.
link --sysroot="$R" -L=/lib -lq
link --sysroot="$R" '-L$SYSROOT/lib' -lq
link -L=/lib -lq
# In a script, and on the command line.
echo 'INPUT(=/lib/x.o)' >eq.ld
echo 'INPUT($SYSROOT/lib/x.o)' >dollar.ld
echo 'INPUT("=/lib/x.o")' >quoted.ld
link --sysroot="$R" eq.ld
link --sysroot="$R" dollar.ld
link --sysroot="$R" quoted.ld
link --sysroot="$R" =/lib/x.o
link --sysroot=root eq.ld
link eq.ld
# Only --sysroot=DIR counts; the last one wins; "/" is no sysroot.
link --sysroot "$R" eq.ld
link -sysroot="$R" eq.ld
link --sysroot=/nonexistent --sysroot="$R" eq.ld
link --sysroot="$R" --sysroot=/nonexistent eq.ld
link --sysroot=/ eq.ld
link --sysroot="$R/" eq.ld

# An absolute name in a script inside the sysroot: under the sysroot,
# and only there.
echo "INPUT($T/out/x.o)" >root/lib/abs.ld
cp root/lib/abs.ld abs.ld
link --sysroot="$R" root/lib/abs.ld
link --sysroot="$R" "$R/lib/abs.ld"
link --sysroot=root root/lib/abs.ld
link --sysroot="$R" abs.ld
link root/lib/abs.ld
link --sysroot=/ root/lib/abs.ld
ln -s root/lib/abs.ld link.ld
link --sysroot="$R" link.ld
# ... reached through -L=.
link --sysroot="$R" -L=/lib -l:abs.ld
rm "root$T/out/x.o"
link --sysroot="$R" root/lib/abs.ld
expect_error "cannot find $T/out/x.o inside $R"
# A relative name in such a script: as anywhere.
echo 'INPUT(x.o)' >root/lib/rel.ld
link --sysroot="$R" root/lib/rel.ld

# SEARCH_DIR with the sysroot: "$SYSROOT" or a quoted "="; a bare "="
# does not lex.
rm -f lib/libq.a
for sd in 'SEARCH_DIR($SYSROOT/lib)' 'SEARCH_DIR("=/lib")' \
          'SEARCH_DIR("$SYSROOT/lib")' 'SEARCH_DIR(=/lib)'; do
    echo "$sd" >sd.ld
    link --sysroot="$R" sd.ld -lq
done

t_done
