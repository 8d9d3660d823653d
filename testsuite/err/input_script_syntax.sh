#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# How input scripts are read, linked by GNU ld and by mld from the same
# command lines: comments, quotes, which characters make up a name (a
# comma does, after the first character), optional commas between names,
# syntax errors; an empty file is an empty script; a binary file that is
# neither an object nor an archive is "file format not recognized".

t_which_main
t_write x.c <<'SRC'
int which(void) { return 1; }
SRC
t_write e.c <<'SRC'
int other(void) { return 2; }
SRC
t_compile main.c -fno-pic
t_compile x.c
t_compile e.c
for f in 'x,y.o' 'a=b.o' 'sp ace.o' 'a+b.o' 'a:b.o' 'a[1].o' '~x.o' '$x.o' \
         'GROUP' 'AS_NEEDED'; do
    cp x.o "./$f"
done

# script TEXT: link main.o with a script holding TEXT
script() {
    printf '%s' "$1" >s.ld
    t_same_as_ld -static main.o s.ld
}
script 'INPUT(x.o)'
script 'INPUT(x.o e.o)'
script 'INPUT(x.o, e.o)'
script 'INPUT(x.o , e.o)'
script 'INPUT(x.o,e.o)'
script 'INPUT(x,y.o)'
script 'INPUT("x,y.o")'
script 'INPUT(x.o,,e.o)'
script 'INPUT(x.o , , e.o)'
script 'INPUT(x.o ,)'
script 'INPUT(,x.o)'
script 'INPUT()'
script 'INPUT("x.o")'
script 'INPUT("sp ace.o")'
script 'INPUT(a=b.o)'
script 'INPUT(a+b.o)'
script 'INPUT(a:b.o)'
script 'INPUT(a[1].o)'
script 'INPUT(~x.o)'
script 'INPUT($x.o)'
script 'INPUT(=x.o)'
script 'INPUT(GROUP)'
script 'INPUT(INPUT)'
script 'INPUT("AS_NEEDED")'
script 'INPUT(AS_NEEDED(x.o))'
script 'INPUT(e.o, AS_NEEDED(x.o))'
script 'INPUT(AS_NEEDED(AS_NEEDED(x.o)))'
script 'INPUT(AS_NEEDED())'
script 'INPUT(AS_NEEDED x.o)'
script 'AS_NEEDED(x.o)'
script 'INPUT(GROUP(x.o))'
script 'INPUT ( x.o ) '
script 'INPUT(x.o)INPUT(e.o)'
script 'INPUT(x.o);;'
script ';INPUT(x.o)'
script $'INPUT(\n  x.o\n)\n'
script 'INPUT(/* a comment */ x.o /**/)'
script '/* only a comment */'
script '/* INPUT(x.o) */ INPUT(e.o)'
script 'INPUT(x.o'
script 'INPUT(x.o /* unterminated'
script 'INPUT(x.o) )'
script 'INPUT(x.o) ('
script 'INPUT(x.o) INPUT'
script 'INPUT(x.o)/'
script 'input(x.o)'
script 'INPUT(-lnosuch)'
script 'INPUT("-lx")'
script 'ENTRY(_start _start) INPUT(x.o)'
script 'ENTRY() INPUT(x.o)'
script 'EXTERN() INPUT(x.o)'
script 'EXTERN(a b ,, c) INPUT(x.o)'
script 'EXTERN(0a) INPUT(x.o)'
script 'SEARCH_DIR(a b) INPUT(x.o)'
script 'STARTUP(x.o e.o) INPUT(x.o)'
script 'OUTPUT_ARCH(i386:x86-64 i386) INPUT(x.o)'
script 'OUTPUT_FORMAT() INPUT(x.o)'
script 'OUTPUT_FORMAT(a, b) INPUT(x.o)'
script 'OUTPUT_FORMAT(a, b, c, d) INPUT(x.o)'
script 'this is text, not a script'

# An empty file is an empty script.
: >empty.o
t_same_as_ld -static main.o x.o empty.o
t_same_as_ld -static main.o empty.o

# Binary data: neither ELF, an archive, nor text.
printf '\211PNG\r\n\032\n\0\0\0\rIHDR\0\0\0\1' >x.png.o
t_mld -static -o out main.o x.o x.png.o
expect_failure
expect_error "x.png.o: file format not recognized"
printf 'INPUT(x.o)\001' >ctl.o
t_mld -static -o out main.o ctl.o
expect_failure
expect_error "ctl.o: file format not recognized"
# Text that is no script.
printf 'hello\n' >text.o
t_mld -static -o out main.o x.o text.o
expect_failure
expect_error "text.o: file format not recognized"
printf '{ "json": 1 }\n' >json.o
t_mld -static -o out main.o x.o json.o
expect_failure
expect_error "json.o: file format not recognized"
expect_no_file out
# A name longer than any path.
printf 'INPUT(%s)' "$(head -c 5000 /dev/zero | tr '\0' a)" >long.ld
t_mld -static -o out main.o x.o long.ld
expect_failure
expect_error "long.ld:1" "too long"

t_done
