#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# A program with an IFUNC linked with -T scripts that name the linker's
# sections in their own way, as GNU ld's ld-ifunc tests and firmware do:
# - ".got : { *(.got) *(.got.plt) *(.igot.plt) }": .got.plt after .got's
#   entries.  mld addressed .got.plt from 0: the PLT jumped through a
#   slot at 0x18 (and _GLOBAL_OFFSET_TABLE_ was 0).
# - orphans: .eh_frame after .text, not after a .plt holding only the
#   linker's .iplt (bfd gives .iplt no ELF type, and an orphan's kin must
#   have its type); an orphan .iplt keeps that name; an orphan
#   .rela.iplt is bfd's .rela.dyn, after the last read-only section,
#   with no sh_info (bfd finds the section relocations apply to by
#   name: .rela.plt's is .got.plt, else .got; .rela.dyn's none).
# On x86-64 and AArch64, against GNU ld: the section headers but the
# string tables', the symbols, the sections' bytes, and where the script
# marks the IRELATIVEs for the program to apply, its exit status.
t_write f.c <<'SRC'
static int one(void) { return 1; }
static void *pick(void) { return (void *)one; }
int chosen(void) __attribute__((ifunc("pick")));
SRC
# With no C library, the program applies its IRELATIVEs itself where the
# script marks them.
{
    cat <<'SRC'
struct rela { unsigned long off, info; long add; };
extern const struct rela __rela_iplt_start[] __attribute__((weak));
extern const struct rela __rela_iplt_end[] __attribute__((weak));
extern int chosen(void);
static int run(void) {
  for (const struct rela *r = __rela_iplt_start; r < __rela_iplt_end; r++)
    *(unsigned long *)r->off = ((unsigned long (*)(void))r->add)();
  return chosen() + 41;
}
SRC
    t_exit_start 'run()'
} >main.c

head='SECTIONS { . = 0x400000 + SIZEOF_HEADERS; .text : { *(.text*) }'
cat >join.ld <<LD
$head
  .plt : { *(.plt) *(.iplt) }
  .rela.dyn : { __rela_iplt_start = .; *(.rela.*) __rela_iplt_end = .; }
  .data : { *(.data) }
  .got : { *(.got) *(.got.plt) *(.igot.plt) }
}
LD
cat >pltonly.ld <<LD
$head
  .plt : { *(.plt) *(.iplt) }
  .data : { *(.data) }
  .got : { *(.got) *(.got.plt) *(.igot.plt) }
}
LD
cat >noplt.ld <<LD
$head
  .data : { *(.data) }
  .got : { *(.got) *(.got.plt) *(.igot.plt) }
}
LD
cat >relaplt.ld <<LD
$head
  .plt : { *(.plt) *(.iplt) }
  .rela.plt : { __rela_iplt_start = .; *(.rela.*) __rela_iplt_end = .; }
  .data : { *(.data) }
  .got : { *(.got) *(.got.plt) *(.igot.plt) }
}
LD

# .got in a statement of another name: still of bfd's type for .got, so
# an orphan of its kind follows it (mld took the statement's name).
cat >gotsec.ld <<LD
SECTIONS { . = 0x400000; .text : { *(.text) } .dat : { *(.data) }
  .gotsec : { *(.got) } .bss : { *(.bss) }
  /DISCARD/ : { *(.note*) *(.comment) *(.eh_frame) } }
LD
t_write gotsec.s <<'SRC'
	.text
	.globl _start
_start:	.long d@GOTPCREL
	.data
	.globl d
d:	.long 5
	.section .mydata,"aw"
	.long 7
SRC

# The section headers, the string tables' left out (GNU ld merges
# names): everything after the name, offsets as given.
shdrs() {
    readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' | grep -v strtab
}

checked=0
for arch in x86_64 aarch64; do
    t_target $arch
    for src in f main; do
        $cc -c -O1 -fno-stack-protector -fno-pie -o $src.$arch.o $src.c ||
            t_hard_error "$cc $src.c failed"
    done
    for s in join pltonly noplt relaplt; do
        $ld -static -T $s.ld -o gnu.out main.$arch.o f.$arch.o 2>gnu.log ||
            t_hard_error "GNU ld failed: $(head -1 gnu.log)"
        t_mld -static -T $s.ld -o mld.out main.$arch.o f.$arch.o
        if [ "$T_STATUS" != 0 ]; then
            t_fail "$arch $s: mld failed: $(head -1 stderr.txt)"
            continue
        fi
        g=42 m=42
        case $s in join|relaplt) t_run_both ;; esac
        if ! diff <(shdrs gnu.out) <(shdrs mld.out) >d.txt; then
            t_fail "$arch $s: section headers differ: $(tr '\n' ' ' <d.txt)"
        elif ! cmp -s <(nm gnu.out) <(nm mld.out); then
            t_fail "$arch $s: symbols differ: $(diff <(nm gnu.out) <(nm mld.out) | tr '\n' ' ')"
        elif ! cmp -s <($objdump -s gnu.out | tail -n +3) \
                      <($objdump -s mld.out | tail -n +3); then
            t_fail "$arch $s: contents differ"
        elif [ $g != 42 ] || [ $m != $g ]; then
            t_fail "$arch $s: exit $m, GNU ld's program $g"
        else
            t_pass "$arch $s: GNU ld's sections and bytes, exit $m"
        fi
    done
    if [ $arch = x86_64 ]; then
        as -o gotsec.o gotsec.s || t_hard_error "as gotsec.s failed"
        $ld -T gotsec.ld -o gnu.out gotsec.o 2>gnu.log ||
            t_hard_error "GNU ld failed: $(head -1 gnu.log)"
        t_mld -T gotsec.ld -o mld.out gotsec.o
        if [ "$T_STATUS" = 0 ] && diff <(shdrs gnu.out) <(shdrs mld.out) >d.txt; then
            t_pass "$arch .gotsec: GNU ld's sections, the orphan after .gotsec"
        else
            t_fail "$arch .gotsec: $(head -1 stderr.txt) $(tr '\n' ' ' <d.txt)"
        fi
    fi
    # A static PIE's IFUNC entries are in GNU ld's dynamic .plt,
    # .rela.plt and .got.plt (-Map; a script names them so), an
    # executable's in .iplt, .rela.iplt and .igot.plt.
    for pie in "" "-pie --no-dynamic-linker"; do
        flag=-fno-pie
        [ -n "$pie" ] && flag=-fpie
        $cc -c -O1 -fno-stack-protector $flag -o pf.o f.c &&
            $cc -c -O1 -fno-stack-protector $flag -o pm.o main.c ||
            t_hard_error "$cc failed"
        $ld -static $pie -Map gnu.map -o gnu.out pm.o pf.o 2>gnu.log ||
            t_hard_error "GNU ld failed: $(head -1 gnu.log)"
        t_mld -static $pie -Map mld.map -o mld.out pm.o pf.o
        inputs() { grep -E '^ \.(i?plt|rela\.i?plt|i?got\.plt) ' "$1"; }
        if [ -z "$(inputs gnu.map)" ]; then
            t_hard_error "no PLT inputs in GNU ld's map"
        elif ! diff <(inputs gnu.map) <(inputs mld.map) >d.txt; then
            t_fail "$arch ${pie:-exec}: -Map inputs differ: $(tr '\n' ' ' <d.txt)"
        else
            t_pass "$arch ${pie:-exec}: GNU ld's PLT inputs in -Map"
        fi
    done
    checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
