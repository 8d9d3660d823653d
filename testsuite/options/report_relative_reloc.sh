#!/bin/bash
# -z report-relative-reloc (x86-64): a line for each R_X86_64_RELATIVE
# and R_X86_64_IRELATIVE relocation of the output, in GNU ld's words and
# order (mld said "not implemented").  GNU's own case (ld-x86-64's
# report-reloc-1: an IFUNC's address and _start's in a PIE), and a glibc
# program linked -static, -static-pie, and both with
# -z pack-relative-relocs (whose RELATIVE ones GNU ld reports before the
# others), and an IFUNC's address in data (-static).  In a -static-pie without DT_RELR the GOT entries GNU ld makes
# as it finishes the symbols come in its hash table's order, which mld
# does not follow: there only the lines are compared, not their order.
# AArch64's GNU ld ignores the keyword with a warning, and so does mld.
. "$(dirname "$0")/../lib.sh"
t_need_ld_bfd_x86_64

# report OUT.rep: stderr with the output's name as "OUT".
report() {
  sed "s/^$1: /OUT: /; s/ in $1\$/ in OUT/" "$1.err" >"$1.rep"
}

t_write rr.s <<'EOF2'
	.text
	.globl _start
	.type ifunc, @gnu_indirect_function
_start:
	lea	.Ljmp(%rip), %rax
ifunc:
	jmp	*(%rax)
	.section	.data.rel.ro.local,"aw",@progbits
	.align	8
.Ljmp:
	.quad ifunc
	.quad _start
EOF2
as -o rr.o rr.s || t_hard_error "as rr.s failed"
for relr in nopack-relative-relocs pack-relative-relocs; do
  ld.bfd -pie -z report-relative-reloc -z $relr rr.o -o g 2>g.err ||
    t_hard_error "ld.bfd failed"
  t_mld -pie -z report-relative-reloc -z $relr rr.o -o m
  cp stderr.txt m.err
  report g
  report m
  t_same "report-reloc-1, -z $relr" g.rep m.rep "$(wc -l <g.rep) lines"
done

t_write prog.c <<'EOF2'
#include <stdio.h>
#include <string.h>
static int x = 5;
int *px = &x;
int g = 3;
int *pg = &g;
int *getg(void) { return &g; }
int main(int argc, char **argv) {
  printf("%d %zu\n", *px + *pg, strlen(argv[0]));
  return 0;
}
EOF2
t_compile prog.c -fPIE
for mode in -static -static-pie "-static -Wl,-z,pack-relative-relocs" \
            "-static-pie -Wl,-z,pack-relative-relocs"; do
  gcc $mode -fuse-ld=bfd -Wl,-z,report-relative-reloc prog.o -o g \
    2>g.err || t_hard_error "gcc $mode (GNU ld) failed"
  t_gcc_mld $mode -Wl,-z,report-relative-reloc prog.o -o m
  cp stderr.txt m.err
  report g
  report m
  t_check "$mode: runs" sh -c './m >m.out && ./g >g.out && cmp -s g.out m.out'
  if [ "$mode" = -static-pie ]; then
    sort g.rep >g.sorted
    sort m.rep >m.sorted
    t_same "$mode: the lines" g.sorted m.sorted "$(wc -l <g.rep) lines"
  else
    t_same "$mode: the lines in order" g.rep m.rep "$(wc -l <g.rep) lines"
  fi
  t_check "$mode: reports relocations" test -s m.rep
done

# An IFUNC's address in data of an executable that is not a PIE: an
# IRELATIVE of its own, reported as GNU ld relocates the inputs, before
# the PLT slots'.
t_write ifunc.c <<'EOF2'
static int one(void) { return 1; }
static void *resolve(void) { return (void *)one; }
int f(void) __attribute__((ifunc("resolve")));
int (*pf)(void) = f;
int main(void) { return pf() - 1; }
EOF2
t_compile ifunc.c -fno-pie
gcc -static -no-pie -fuse-ld=bfd -Wl,-z,report-relative-reloc ifunc.o -o g \
  2>g.err || t_hard_error "gcc -static (GNU ld) failed"
t_gcc_mld -static -no-pie -Wl,-z,report-relative-reloc ifunc.o -o m
cp stderr.txt m.err
report g
report m
t_same "an IFUNC's address in data, -static: the lines in order" g.rep m.rep \
  "$(wc -l <g.rep) lines"
t_check "an IFUNC's address in data: reported" grep -q "against 'f' for section '.data' in ifunc.o" m.rep

t_target aarch64
$as -o a.o /dev/null 2>/dev/null || t_hard_error "$as failed"
$ld -z report-relative-reloc -e 0 a.o -o g 2>g.err
t_mld -m aarch64linux -z report-relative-reloc -e 0 a.o -o m
sed 's/^[^:]*: //' g.err >g.warn
sed 's/^[^:]*: //' stderr.txt >m.warn
t_same "aarch64: ignored, with GNU ld's warning" g.warn m.warn
t_done
