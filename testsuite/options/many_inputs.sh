#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# With many files on the command line (64 or more) and more than one
# thread, mld opens and maps them all on its threads before it takes them
# in order (lib/input.c, premap_inputs).  Whatever the list holds, the
# link must be the one a single thread makes, byte for byte, with the same
# messages in the same order: an object named twice (once through a
# symbolic link, which is the same file), an input script, a -b binary
# file, a FIFO (never opened ahead: its writer's bytes are read once, in
# order), a missing file and a directory.

"$PYTHON" - <<'PY'
n = 80
for i in range(n):
    nxt = "g%d(x - 1) + " % (i + 1) if i + 1 < n else ""
    decl = "int g%d(int);\n" % (i + 1) if i + 1 < n else ""
    open("g%d.c" % i, "w").write(
        decl + "static int s%d = %d;\nint g%d(int x) { return x <= 0 ? s%d : %s1; }\n"
        % (i, i, i, i, nxt))
PY
t_write main.c <<'SRC'
#include <stdio.h>
int g0(int);
extern const char _binary_data_bin_start[], _binary_data_bin_end[];
extern int fifo_value, script_value;
extern int twice __attribute__((weak));
int main(void) {
  printf("%d %d %d %d %d\n", g0(50), (int)(_binary_data_bin_end -
         _binary_data_bin_start), fifo_value, script_value, twice);
  return 0;
}
SRC
t_write twice.c <<'SRC'
__attribute__((weak)) int twice = 7;
__attribute__((used)) static int local_only = 3;
SRC
echo 'int fifo_value = 11;' >fifo.c
echo 'int script_value = 13;' >script.c
gcc -O1 -c main.c g*.c twice.c fifo.c script.c || t_hard_error "compiling"
printf 'twelve bytes' >data.bin
echo 'INPUT(script.o)' >inputs.ld
ln -s twice.o twice-link.o
mkdir adir

objs=$(for i in $(seq 0 79); do echo g$i.o; done)
# gcc's crt files and libraries around the list, as gcc -static runs ld.
crt=$(gcc -print-file-name=crt1.o)
crti=$(gcc -print-file-name=crti.o)
crtn=$(gcc -print-file-name=crtn.o)
beg=$(gcc -print-file-name=crtbeginT.o)
end=$(gcc -print-file-name=crtend.o)
libdirs=$(gcc -print-search-dirs | sed -n 's/^libraries: =//p' |
          tr ':' '\n' | sed 's/^/-L/')
libs="--start-group -lgcc -lgcc_eh -lc --end-group"

# link N OUT EXTRA...: the list, with EXTRA in its middle, on N threads.
link() {
    local n=$1 out=$2
    shift 2
    # shellcheck disable=SC2086  # word lists
    "$MLD" --threads="$n" -static -o "$out" $crt $crti $beg main.o \
        $(echo "$objs" | head -40) twice.o "$@" twice-link.o \
        $(echo "$objs" | tail -40) inputs.ld -b binary data.bin \
        -b elf64-x86-64 $libdirs $libs $end $crtn >"$out.err" 2>&1
}

for n in 1 2; do
    link $n plain$n fifo.o
    echo $? >plain$n.status
done
t_check "80 objects and more: the link succeeds" \
    [ "$(cat plain1.status)$(cat plain2.status)" = 00 ]
t_check "on 2 threads the output is the one of 1 thread" \
    cmp -s plain1 plain2
t_check "and the messages too" cmp -s plain1.err plain2.err
./plain2 >run.out 2>&1
t_check "the program runs: every input is in it" \
    grep -qx "100 12 11 13 7" run.out

# The same with the FIFO in the list: its writer's bytes, read once.
for n in 1 2; do
    mkfifo pipe$n.o
    cat fifo.o >pipe$n.o &
    writer=$!
    timeout 60 bash -c "$(declare -f link); crt='$crt' crti='$crti' \
        beg='$beg' end='$end' crtn='$crtn' objs='$objs' \
        libdirs='$libdirs' libs='$libs' MLD='$MLD' link $n fifo$n pipe$n.o"
    echo $? >fifo$n.status
    kill $writer 2>/dev/null
    wait $writer 2>/dev/null
done
t_check "a FIFO among them: the link succeeds on 1 and 2 threads" \
    [ "$(cat fifo1.status)$(cat fifo2.status)" = 00 ]
t_check "a FIFO among them: the same output on 1 and 2 threads" \
    cmp -s fifo1 fifo2
t_check "a FIFO among them: the same program as a regular file gives" \
    cmp -s fifo2 plain2

# A missing file and a directory: the same errors, in the same order.
for n in 1 2; do
    link $n bad$n fifo.o missing.o adir
    echo $? >bad$n.status
done
t_check "a missing file and a directory: the link fails on 2 threads" \
    [ "$(cat bad2.status)" != 0 ]
t_check "a missing file and a directory: the same exit status" \
    cmp -s bad1.status bad2.status
t_check "a missing file and a directory: the same messages, in order" \
    cmp -s bad1.err bad2.err
t_check "the missing file's message, then the directory's" \
    grep -A1 "cannot open missing.o: No such file or directory" bad2.err |
    grep -q "adir: is a directory"
t_check "no output is left" [ ! -e bad2 ]
t_done
