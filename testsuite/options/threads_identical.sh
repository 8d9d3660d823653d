#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# --threads=N changes how fast mld links, never what it writes (threads.sh
# has the options' forms): the same link with 1, 2, 8 and 64 threads (more
# threads than this machine has cores, and than the work has items) gives
# the same bytes, and the same -Map, on both architectures.  The programs
# are C++ with exceptions and iostreams plus 150 generated objects (enough
# items for every parallel loop: lib/parallel.c splits a loop of at least
# two items a thread, 128 for --threads=64), with a build ID (computed on
# several threads), -q (relocations kept) and --gc-sections as variants.
# Out-of-range values are refused. The symbol table is filled on all
# threads (intern_symbols), so this also checks that GNU ld's symbol order
# does not depend on which thread met a name first.
command -v "$PYTHON" >/dev/null || t_skip "python3 not installed"

t_write prog.cc <<'SRC'
#include <iostream>
#include <map>
#include <stdexcept>
#include <string>
extern "C" int gen_sum(int);
int main() {
  std::map<std::string, int> m;
  for (int i = 0; i < 50; i++)
    m[std::to_string(i)] = i * i;
  try {
    throw std::runtime_error("thrown " + std::to_string(m["7"]));
  } catch (const std::exception &e) {
    std::cout << e.what() << " " << gen_sum(3) << "\n";
  }
}
SRC
"$PYTHON" - <<'PY'
n = 150
for i in range(n):
    nxt = "gen_%d(x - 1) + " % (i + 1) if i + 1 < n else ""
    src = ["static const char *names_%d[] = {\"n%d\", \"shared\"};" % (i, i),
           "int gen_%d(int x);" % (i + 1) if i + 1 < n else "",
           "__thread int tls_%d = %d;" % (i, i),
           "int gen_%d(int x) { return x <= 0 ? tls_%d : %s(int)names_%d[1][0]; }"
           % (i, i, nxt, i)]
    if i == 0:
        src.append("int gen_sum(int x) { return gen_0(x); }")
    open("g%d.c" % i, "w").write("\n".join(src) + "\n")
PY

for arch in x86_64 aarch64; do
  if [ $arch = x86_64 ]; then
    cc=gcc cxx=g++ run=
  else
    cc=aarch64-linux-gnu-gcc cxx=aarch64-linux-gnu-g++ run=qemu-aarch64
    t_have AArch64 $cc $cxx $run || continue
  fi
  rm -f ./*.o
  $cxx -O1 -c prog.cc -o prog.o || t_hard_error "compiling prog.cc"
  $cc -O1 -ffunction-sections -c g*.c || t_hard_error "compiling g*.c"
  for opts in "" "-Wl,--build-id=sha1" "-Wl,-q -Wl,--gc-sections"; do
    ref=
    for n in 1 2 8 64; do
      T_CC=$cxx t_gcc_mld -static $opts -Wl,--threads=$n \
        -Wl,-Map=t$n.map -o t$n.out prog.o g*.o
      if [ "$T_STATUS" -ne 0 ]; then
        t_fail "$arch --threads=$n $opts: link failed"
        continue
      fi
      if [ -z "$ref" ]; then
        ref=$n
        continue
      fi
      # The map names the output file (OUTPUT(t1.out ...)).
      if cmp -s t$ref.out t$n.out &&
         cmp -s <(grep -v '^OUTPUT(' t$ref.map) <(grep -v '^OUTPUT(' t$n.map)
      then
        t_pass "$arch $opts: --threads=$n writes what --threads=$ref writes"
      else
        t_fail "$arch $opts: --threads=$n and --threads=$ref differ"
      fi
    done
    # What the program prints is GNU ld's.
    $cxx -static $opts -o ref.out prog.o g*.o -fuse-ld=bfd 2>/dev/null &&
      if [ "$($run ./ref.out)" = "$($run ./t1.out)" ]; then
        t_pass "$arch $opts: the program prints what GNU ld's prints"
      else
        t_fail "$arch $opts: the program's output differs from GNU ld's"
      fi
  done
done

# Messages from passes that run on all threads (here relocation overflow
# while sections are written) come out in the order one thread gives.
for i in $(seq 1 15); do
  printf '.text\n.globl f%d\nf%d:\n\tmovl $big+%d, %%eax\n\tret\n' \
    $i $i $i >ov$i.s
  as -o ov$i.o ov$i.s || t_hard_error "as ov$i.s"
done
printf '.globl _start\n_start:\n\tret\n' >start.s
as -o start.o start.s || t_hard_error "as start.s"
ovs=$(for i in $(seq 1 15); do echo ov$i.o; done)
for n in 1 8; do
  "$MLD" --threads=$n --defsym big=0x100000000 -o ov.out start.o $ovs \
    2>ov$n.err
done
if [ "$(grep -c 'truncated to fit' ov1.err)" = 15 ] && cmp -s ov1.err ov8.err
then
  t_pass "15 overflow errors in the same order with 1 and 8 threads"
else
  cat ov1.err ov8.err
  t_fail "the overflow errors differ between 1 and 8 threads"
fi

for bad in 0 257 x; do
  t_mld --threads=$bad -o x.out g0.o
  expect_error "--threads"
done
t_done
