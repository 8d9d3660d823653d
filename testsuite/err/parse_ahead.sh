#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# With more than one thread, each file's sections are parsed on the other
# threads while resolution goes on; a file whose parsing has something to
# say is parsed again after resolution, where its messages belong.  Two
# objects whose .eh_frame has a relocation past its end, then a warning
# that resolution gives (a .gnu.warning section of a referenced symbol):
# at 1, 2 and 4 threads, the same messages in the same order (the
# warning, then each file's error in link order), status 1, no output.
# An object of 50,000 symbols between them and the warning keeps
# resolution busy while the other threads parse.  -r too: its errors,
# and its object, the same at 1, 2 and 4 threads.
command -v "$PYTHON" >/dev/null || t_skip "python3 not installed"
break_eh_frame() {   # IN OUT: the first .eh_frame relocation past its end
  "$PYTHON" - "$1" "$2" <<'PY'
import struct, sys
d = bytearray(open(sys.argv[1], 'rb').read())
shoff, = struct.unpack_from('<Q', d, 0x28)
num, strndx = struct.unpack_from('<HH', d, 0x3c)
sh = [struct.unpack_from('<IIQQQQIIQQ', d, shoff + 64 * i) for i in range(num)]
def name(h):
    base = sh[strndx][4]
    return d[base + h[0]:d.index(b'\0', base + h[0])].decode()
eh = next(h for h in sh if name(h) == '.eh_frame')
rela = next(h for h in sh if name(h) == '.rela.eh_frame')
struct.pack_into('<Q', d, rela[4], eh[5] + 64)
open(sys.argv[2], 'wb').write(d)
PY
}
checked=0
for arch in x86_64 aarch64; do
  t_target $arch
  printf '.globl f%s\n.type f%s,%%function\nf%s:\n.cfi_startproc\nnop\n.cfi_endproc\n' \
    1 1 1 >bad1.s
  sed 's/f1/f2/g' bad1.s >bad2.s
  printf '.globl _start\n_start:\n.cfi_startproc\n%s warned\n.cfi_endproc\n' \
    "$([ $arch = x86_64 ] && echo call || echo bl)" >main.s
  printf '.globl warned\nwarned: nop\n.section .gnu.warning.warned\n.string "warned is deprecated"\n' >w.s
  seq 50000 | sed 's/.*/.globl s&\ns&: .byte 0/' >big.s
  for f in bad1 bad2 big main w; do
    $cc -c $f.s -o $f.o || t_hard_error "$cc -c $f.s"
  done
  break_eh_frame bad1.o bad1x.o && break_eh_frame bad2.o bad2x.o ||
    t_hard_error "could not patch the objects"
  for threads in 1 2 4; do
    t_mld --threads=$threads bad1x.o bad2x.o big.o main.o w.o -o out.$threads
    expect_failure
    expect_no_file out.$threads
    cp stderr.txt stderr.$threads
  done
  if grep -q 'warned is deprecated' stderr.1 &&
     [ "$(sed -n 2p stderr.1 | grep -c 'bad1x.o')" = 1 ] &&
     [ "$(sed -n 3p stderr.1 | grep -c 'bad2x.o')" = 1 ] &&
     [ "$(grep -c 'error:' stderr.1)" = 2 ]; then
    t_pass "$arch: the warning, then each file's error in link order"
  else
    t_fail "$arch: messages at 1 thread: $(tr '\n' ' ' <stderr.1)"
  fi
  for threads in 2 4; do
    cmp -s stderr.1 stderr.$threads &&
      t_pass "$arch: the same messages at $threads threads" ||
      t_fail "$arch: at $threads threads: $(diff stderr.1 stderr.$threads | tr '\n' ' ')"
  done
  # -r parses ahead too: the same errors at any thread count, and without
  # the broken objects the same object, byte for byte.
  for threads in 1 2 4; do
    t_mld -r --threads=$threads bad1x.o big.o bad2x.o main.o w.o -o r.$threads
    expect_failure
    cp stderr.txt rerr.$threads
    t_mld -r --threads=$threads bad1.o big.o bad2.o main.o w.o -o r.$threads
    expect_success
  done
  if [ "$(grep -c 'error:.*bad1x.o' rerr.1)" -ge 1 ] &&
     [ "$(grep -c 'error:.*bad2x.o' rerr.1)" -ge 1 ] &&
     cmp -s rerr.1 rerr.2 && cmp -s rerr.1 rerr.4; then
    t_pass "$arch -r: each file's error, the same at 1, 2 and 4 threads"
  else
    t_fail "$arch -r: messages: $(cat rerr.1 rerr.2 rerr.4 | tr '\n' ' ')"
  fi
  cmp -s r.1 r.2 && cmp -s r.1 r.4 &&
    t_pass "$arch -r: the same object at 1, 2 and 4 threads" ||
    t_fail "$arch -r: the objects differ between thread counts"
  checked=$((checked + 1))
done
[ $checked = 2 ] || t_fail "only $checked of 2 architectures checked"
t_done
