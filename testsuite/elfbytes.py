#!/usr/bin/env python3
"""elfbytes.py [--every] REF MLD [SKIP...]: the allocated sections
(SHF_ALLOC) of the ELF64 little-endian file REF whose contents differ in
MLD, one name a line, in REF's section header order, each name once.  A
name stands for every section of that name, in order: their addresses and
bytes must be the same, as readelf -x shows them (for SHT_NOBITS:
nothing, but MLD's must be SHT_NOBITS too, and there).  Sections named in
SKIP are left out.  A file that is not ELF64 little-endian is itself a
difference.  run-test.sh's loaded_bytes_differ.

With --every, every section is compared with the one of the same index
(allocated or not; the names must match too), and the differing ones are
printed as "[INDEX] NAME"; a different count of sections is a difference.
One pass instead of a readelf -x per section and file."""

import struct
import sys

SHF_ALLOC = 2
SHT_NOBITS = 8


def sections(path):
    """[(name, type, flags, address, bytes or None)] of the file at
    path."""
    with open(path, 'rb') as f:
        data = f.read()
    if len(data) < 64 or data[:4] != b'\x7fELF' or data[4:6] != b'\2\1':
        print('(%s: not an ELF64 little-endian file)' % path)
        sys.exit(1)
    shoff, = struct.unpack_from('<Q', data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', data, 0x3a)
    if shoff and shnum == 0:            # extended numbering: in header 0
        shnum = struct.unpack_from('<IIQQQQIIQQ', data, shoff)[5]
    if shoff and shstrndx == 0xffff:    # SHN_XINDEX
        shstrndx = struct.unpack_from('<IIQQQQIIQQ', data, shoff)[6]
    hdrs = [struct.unpack_from('<IIQQQQIIQQ', data, shoff + i * shentsize)
            for i in range(shnum)]
    if shnum == 0 or shstrndx >= len(hdrs):
        return []
    stroff = hdrs[shstrndx][4]
    out = []
    for h in hdrs:
        name_off, typ, flags, addr, off, size = h[:6]
        end = data.index(b'\0', stroff + name_off)
        name = data[stroff + name_off:end].decode('latin-1')
        body = None if typ == SHT_NOBITS else data[off:off + size]
        out.append((name, typ, flags, addr, body))
    return out


def key(typ, addr, body):
    """What readelf -x shows of a section: SHT_NOBITS has no data (not
    even an address); the others their address and bytes."""
    return ('nobits',) if typ == SHT_NOBITS else (addr, body)


def every(ref, mld, skip):
    """--every: index by index."""
    if len(ref) != len(mld):
        print('(%d sections, not %d)' % (len(mld), len(ref)))
    for i, (r, m) in enumerate(zip(ref, mld)):
        if i == 0 or r[0] in skip:
            continue
        if r[0] != m[0] or key(r[1], r[3], r[4]) != key(m[1], m[3], m[4]):
            print('[%d] %s' % (i, r[0]))


def differing(ref, mld, skip):
    """The names of REF's allocated sections whose contents differ in
    MLD (lists from sections()), each once, SKIP aside."""
    seen = set()
    out = []
    for name, _typ, flags, _addr, _body in ref:
        if not flags & SHF_ALLOC or name in skip or name in seen:
            continue
        seen.add(name)
        want = [key(t, a, b) for n, t, _f, a, b in ref if n == name]
        got = [key(t, a, b) for n, t, _f, a, b in mld if n == name]
        if want != got:
            out.append(name)
    return out


def main():
    args = sys.argv[1:]
    index_order = args[:1] == ['--every']
    if index_order:
        args = args[1:]
    ref, mld = sections(args[0]), sections(args[1])
    skip = set(args[2:])
    if index_order:
        every(ref, mld, skip)
        return
    for name in differing(ref, mld, skip):
        print(name)


if __name__ == '__main__':
    main()
