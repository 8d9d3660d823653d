#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Archive members are extracted exactly as GNU ld extracts them, in its
# order: random reference graphs between the members of two archives
# (calls, weak references, COMMON symbols, names defined by two members,
# references backwards and forwards in the index, so that an archive
# takes several passes), linked alone, in order and in a group.  -t -t
# lists the members in extraction order and `nm -n` the addresses that
# follow from it; both must be GNU ld's.  References left undefined
# (to a member of an archive already searched) are not errors here.  mld looks only at the entries
# of changed symbols after an archive's first pass, so this is what
# keeps that equal to GNU ld's walk of the whole index.
t_need_ld_bfd_x86_64
command -v "$PYTHON" >/dev/null || t_skip "python3 not installed"

gen() {   # gen SEED: main.o, liba.a, libb.a
    rm -f ./*.s ./*.o lib*.a
    "$PYTHON" - "$1" <<'PY'
import random, sys
rng = random.Random(int(sys.argv[1]))
n = 160
kind = [rng.choice("ffffffdc") for _ in range(n)]   # func, data, common
def name(i):
    return "s%d" % i
for m in range(n):
    out = ["\t.text"]
    defs = [m]
    x = rng.randrange(n)
    if rng.random() < 0.1 and x != m:
        defs.append(x)
    for d in defs:
        k = kind[d]
        if k == "c":
            out.append("\t.comm %s, %d, %d" % (name(d), 4 << rng.randrange(3),
                                               1 << rng.randrange(4)))
        elif k == "d":
            out.append("\t.data\n\t.globl %s\n%s:\t.quad %d\n\t.text"
                       % (name(d), name(d), m))
        else:
            out.append("\t.globl %s\n\t.type %s, @function\n%s:\tret"
                       % (name(d), name(d), name(d)))
    for _ in range(rng.choice([0, 1, 1, 2, 3])):
        r = rng.randrange(n)
        if rng.random() < 0.2 and r not in defs:
            out.append("\t.weak %s" % name(r))
        out.append("\t.data\n\t.quad %s\n\t.text" % name(r))
    open("m%d.s" % m, "w").write("\n".join(out) + "\n")
roots = rng.sample(range(n), 3)
main = ["\t.text\n\t.globl _start\n_start:"]
main += ["\tmovq $%s, %%rax" % name(r) for r in roots]
main += ["\tmovl $60, %eax\n\txorl %edi, %edi\n\tsyscall"]
open("main.s", "w").write("\n".join(main) + "\n")
members = list(range(n))
rng.shuffle(members)
open("a.list", "w").write(" ".join("m%d.o" % m for m in members[:n // 2]))
open("b.list", "w").write(" ".join("m%d.o" % m for m in members[n // 2:]))
PY
    for s in ./*.s; do as -o "${s%.s}.o" "$s" || t_hard_error "as $s"; done
    ar rcs liba.a $(cat a.list)
    ar rcs libb.a $(cat b.list)
}

# shuffle_index SEED ARCHIVE...: each archive's symbol index ("/") with
# its entries in another order, members' entries interleaved and each
# member's out of the order of its symbol table (the size is the same, so
# the member offsets stay right).  GNU ld walks the index as it is.
shuffle_index() {
    "$PYTHON" - "$@" <<'PY' || t_hard_error "shuffle_index $*"
import random, struct, sys
rng = random.Random(int(sys.argv[1]))
for path in sys.argv[2:]:
    data = bytearray(open(path, "rb").read())
    assert data[:8] == b"!<arch>\n" and data[8:10] == b"/ "
    size = int(data[8 + 48:8 + 58])
    body = data[68:68 + size]
    n = struct.unpack(">I", body[:4])[0]
    offs = struct.unpack(">%dI" % n, body[4:4 + 4 * n])
    names = body[4 + 4 * n:].split(b"\0")[:n]
    entries = list(zip(offs, names))
    rng.shuffle(entries)
    table = struct.pack(">I", n) + struct.pack(">%dI" % n, *[o for o, _ in entries])
    table += b"".join(nm + b"\0" for _, nm in entries)
    assert len(table) <= size
    data[68:68 + len(table)] = table
    open(path, "wb").write(data)
PY
}

# same_order ARGS...: both linkers' member order and symbol addresses.
same_order() {
    ld.bfd --unresolved-symbols=ignore-all -t -t "$@" -o ref.out >ref.trace 2>ref.err
    local rs=$?
    "$MLD" --unresolved-symbols=ignore-all -t -t "$@" -o mld.out >mld.trace 2>mld.err
    local ms=$?
    if [ $rs -ne 0 ] || [ $ms -ne 0 ]; then
        if [ $rs -ne 0 ] && [ $ms -ne 0 ]; then
            t_pass "both refuse: $*"
        else
            cat ref.err mld.err
            t_fail "GNU ld status $rs, mld status $ms: $*"
        fi
        return
    fi
    grep '^(' ref.trace >ref.members
    grep '^(' mld.trace >mld.members
    nm -n ref.out >ref.nm
    nm -n mld.out >mld.nm
    if ! diff -u ref.members mld.members >order.diff; then
        head -20 order.diff
        t_fail "members not in GNU ld's order: $*"
    elif ! diff -u ref.nm mld.nm >nm.diff; then
        head -20 nm.diff
        t_fail "symbol addresses differ: $*"
    else
        t_pass "$(wc -l <mld.members) members in GNU ld's order: $*"
    fi
}

# A member extracted for a function brings the first COMMON symbol of a
# name: that is a new undefined name, so the index is walked again and
# the member before it that defines the name as data is extracted (GNU
# ld); mld once missed this when nothing else was new.
rm -f ./*.s ./*.o lib*.a
printf '\t.data\n\t.globl v\nv:\t.quad 1\n' >d.s
printf '\t.text\n\t.globl f\nf:\tret\n\t.comm v, 8, 8\n' >c.s
printf '\t.text\n\t.globl _start\n_start:\tcall f\n' >main.s
for s in d c main; do as -o $s.o $s.s || t_hard_error "as $s.s"; done
ar rcs libdc.a d.o c.o
same_order main.o libdc.a
same_order main.o --start-group libdc.a --end-group
grep -q 'libdc.a)d.o' mld.members || t_fail "the member defining v was not extracted"

for seed in 1 2 3 4 5 6 7 8; do
    gen $seed
    echo "seed $seed"
    same_order main.o liba.a libb.a
    same_order main.o libb.a liba.a
    same_order main.o --start-group liba.a libb.a --end-group
    # The same with the indexes' entries in another order: mld takes a
    # member's globals from the entries beside the one that extracted
    # it, in its symbol table's order, and looks up the others.
    shuffle_index $seed liba.a libb.a
    echo "seed $seed, indexes shuffled"
    same_order main.o liba.a libb.a
    same_order main.o --start-group liba.a libb.a --end-group
done
t_done
