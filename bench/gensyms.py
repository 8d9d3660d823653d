#!/usr/bin/env python3
"""Symbol-heavy and archive-chain workloads for make bench, as assembly.

  gensyms.py symbols --out DIR --arch x86_64|aarch64 --objects N --funcs M
      N objects of M global functions each (N*M global symbols).  Every
      function is called from another object, loads the address of a
      string, and is listed in its object's pointer table, so each symbol
      is defined once and referenced once or more.  main.c calls every
      function of object 0 through its table and each of those calls one
      function in another object; the program prints how many returned
      the right string.

  gensyms.py chain --out DIR --arch ... --members N
      An archive of N members, member i defining chain_i and calling
      chain_{i-1}; main calls chain_{N-1}, the last member, so a linker
      scanning the index front to back as GNU ld does finds one new member
      per pass: the case that makes archive extraction quadratic.

Assembly, not C, so that millions of symbols assemble in seconds.  Writes
DIR/objects.txt (link order), DIR/expected.txt and a Makefile whose
default target builds everything with $(AS) and $(CC).
"""

import argparse
import os
import random

X86 = {
    "func": """\t.globl {name}
\t.type {name}, @function
{name}:
\ttestl %edi, %edi
\tje 1f
\txorl %edi, %edi
\tsubq $8, %rsp
\tcall {callee}
\taddq $8, %rsp
1:\tleaq .Ls{o}(%rip), %rax
\tret
\t.size {name}, .-{name}
""",
    "quad": ".quad",
}
A64 = {
    "func": """\t.globl {name}
\t.type {name}, %function
{name}:
\tcbz w0, 1f
\tstp x29, x30, [sp, -16]!
\tmov w0, 0
\tbl {callee}
\tldp x29, x30, [sp], 16
1:\tadrp x0, .Ls{o}
\tadd x0, x0, :lo12:.Ls{o}
\tret
\t.size {name}, .-{name}
""",
    "quad": ".xword",
}

MAIN = r"""#include <stdio.h>
#include <string.h>
typedef const char *(*fn)(int);
extern fn tab_0[];
int main(void) {
  int ok = 0;
  for (int i = 0; i < %d; i++)
    ok += !strcmp(tab_0[i](1), "s0");
  printf("%%d of %%d\n", ok, %d);
  return 0;
}
"""

CHAIN_MAIN = r"""#include <stdio.h>
extern const char *chain_%d(int);
int main(void) {
  printf("%%s\n", chain_%d(1));
  return 0;
}
"""


def write_if_changed(path, text):
    try:
        with open(path) as f:
            if f.read() == text:
                return
    except OSError:
        pass
    with open(path, "w") as f:
        f.write(text)


def symbols(args, t):
    rng = random.Random(args.seed)
    n, m = args.objects, args.funcs
    objs = ["main.o"]
    for o in range(n):
        out = ["\t.text"]
        for i in range(m):
            p = rng.randrange(n - 1) if n > 1 else 0
            p = p + 1 if n > 1 and p >= o else p
            out.append(t["func"].format(name="f_%d_%d" % (o, i), o=o,
                                        callee="f_%d_%d" % (p, rng.randrange(m))))
        out.append("\t.section .rodata.str1.1,\"aMS\",@progbits,1")
        out.append(".Ls%d:\t.string \"s%d\"" % (o, o))
        out.append("\t.data\n\t.globl tab_%d\n\t.balign 8\ntab_%d:" % (o, o))
        for i in range(0, m, 8):
            out.append("\t%s %s" % (t["quad"], ", ".join(
                "f_%d_%d" % (o, k) for k in range(i, min(m, i + 8)))))
        out.append("\t.section .note.GNU-stack,\"\",@progbits\n")
        write_if_changed(os.path.join(args.out, "o%d.s" % o), "\n".join(out))
        objs.append("o%d.o" % o)
    write_if_changed(os.path.join(args.out, "main.c"), MAIN % (m, m))
    write_if_changed(os.path.join(args.out, "expected.txt"),
                     "%d of %d\n" % (m, m))
    return objs, objs


def chain(args, t):
    n = args.members
    objs = ["main.o"]
    members = []
    for i in range(n):
        body = ["\t.text", t["func"].format(
            name="chain_%d" % i, o=0,
            callee="chain_%d" % (i - 1) if i else "chain_end")
            .replace(".Ls0", "chain_str")]
        if i == 0:
            body.append("\t.globl chain_end\n\t.type chain_end, @function\n"
                        "chain_end:\n\t%s\n" % ("xorl %eax, %eax\n\tret"
                                                 if t is X86 else
                                                 "mov x0, 0\n\tret"))
            body.append("\t.section .rodata\n\t.globl chain_str\n"
                        "chain_str:\t.string \"s0\"")
        body.append("\t.section .note.GNU-stack,\"\",@progbits\n")
        write_if_changed(os.path.join(args.out, "m%d.s" % i), "\n".join(body))
        members.append("m%d.o" % i)
    write_if_changed(os.path.join(args.out, "main.c"),
                     CHAIN_MAIN % (n - 1, n - 1))
    write_if_changed(os.path.join(args.out, "expected.txt"), "s0\n")
    return objs + ["libchain.a"], members


MAKEFILE = """AS ?= as
CC ?= gcc
all: {targets}
%.o: %.s
\t$(AS) -o $@ $<
main.o: main.c
\t$(CC) -O1 -c -o $@ main.c
{archive}
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("kind", choices=("symbols", "chain"))
    ap.add_argument("--out", required=True)
    ap.add_argument("--arch", choices=("x86_64", "aarch64"), default="x86_64")
    ap.add_argument("--objects", type=int, default=400)
    ap.add_argument("--funcs", type=int, default=2500)
    ap.add_argument("--members", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    t = X86 if args.arch == "x86_64" else A64
    if args.kind == "symbols":
        link, build = symbols(args, t)
        archive = ""
    else:
        link, build = chain(args, t)
        archive = ("libchain.a: %s\n\trm -f $@\n\tar rcs $@ $^\n"
                   % " ".join(build))
        build = ["main.o", "libchain.a"]
    write_if_changed(os.path.join(args.out, "Makefile"),
                     MAKEFILE.format(targets=" ".join(build), archive=archive))
    write_if_changed(os.path.join(args.out, "objects.txt"),
                     "\n".join(link) + "\n")


if __name__ == "__main__":
    main()
