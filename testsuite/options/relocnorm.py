#!/usr/bin/env python3
# relocnorm.py FILE [rela|syms|secs|order|check]: an -q (--emit-relocs)
# executable, normalised for comparing two linkers' outputs (emit_relocs.sh).
#   rela   each non-allocated .rela section (its target, its entries):
#          r_offset, type, the symbol as name/type/binding/section (not
#          its index), addend
#   syms   .symtab: name, type, binding, section name, value, size
#   secs   section headers, sh_link/sh_info as section names
#   order  the non-allocated sections in file offset order
#   check  each relocation of a plain type applied again: the field must
#          hold S + A (- P); "checked N missed M"
import struct, sys

d = open(sys.argv[1], 'rb').read()
what = sys.argv[2] if len(sys.argv) > 2 else 'rela'
shoff, = struct.unpack_from('<Q', d, 0x28)
shnum, shstrndx = struct.unpack_from('<HH', d, 0x3c)
hdrs = [struct.unpack_from('<IIQQQQIIQQ', d, shoff + 64 * i)
        for i in range(shnum)]
def cstr(off):
    return d[off:d.index(b'\0', off)].decode()
so = hdrs[shstrndx][4]
names = [cstr(so + h[0]) for h in hdrs]
def secname(ndx):
    if ndx == 0: return 'UND'
    if ndx == 0xfff1: return 'ABS'
    return names[ndx] if ndx < len(names) else 'ndx%d' % ndx
syms = []
for i, h in enumerate(hdrs):
    if h[1] == 2:  # SHT_SYMTAB
        stro = hdrs[h[6]][4]
        for k in range(h[5] // 24):
            n, info, other, ndx, val, size = struct.unpack_from(
                '<IBBHQQ', d, h[4] + 24 * k)
            syms.append((cstr(stro + n) if n else '', info & 15, info >> 4,
                         secname(ndx), val, size))
if what == 'order':
    for i, h in sorted(enumerate(hdrs[1:], 1), key=lambda x: x[1][4]):
        if not h[2] & 2:
            print(names[i])
elif what == 'syms':
    for s in syms[1:]:
        print('%s %d %d %s %x %x' % s)
elif what == 'secs':
    for i, h in enumerate(hdrs[1:], 1):
        n, t, fl, a, o, sz, l, inf, al, es = h
        print(names[i], t, hex(fl), hex(a), hex(sz), secname(l) if t in (2, 4) else l,
              secname(inf) if t == 4 else inf, al, es)
elif what == "rela":
    for i, h in enumerate(hdrs):
        if h[1] != 4 or h[2] & 2:  # SHT_RELA, not allocated
            continue
        print('section %s -> %s (%d)' % (names[i], secname(h[7]), h[5] // 24))
        for k in range(h[5] // 24):
            off, info, add = struct.unpack_from('<QQq', d, h[4] + 24 * k)
            s = syms[info >> 32] if info >> 32 < len(syms) else ('?',)
            sym = '%s/%d/%d/%s' % s[:4] if info >> 32 else '0'
            print('%x %d %s %s' % (off, info & 0xffffffff, sym, hex(add)))
if what == 'check':
    # Each kept relocation of a simple type, applied again: the output's
    # field must hold S + A (- P).  Prints the count checked, then misses.
    em, = struct.unpack_from('<H', d, 0x12)
    absk = {62: {1: 8, 10: 4, 11: 4}, 183: {257: 8, 258: 4}}[em]
    pck = {62: {2: 4, 4: 4, 24: 8}, 183: {261: 4, 260: 8}}[em]
    symv = []
    for i, h in enumerate(hdrs):
        if h[1] == 2:
            for k in range(h[5] // 24):
                n, info, other, ndx, val, size = struct.unpack_from('<IBBHQQ', d, h[4] + 24 * k)
                symv.append((info & 15, val))
    n = bad = 0
    for i, h in enumerate(hdrs):
        if h[1] != 4 or h[2] & 2:
            continue
        t = hdrs[h[7]]
        prev = 0
        for k in range(h[5] // 24):
            off, info, add = struct.unpack_from('<QQq', d, h[4] + 24 * k)
            typ, si = info & 0xffffffff, info >> 32
            after_tls, prev = prev in (19, 20) and em == 62, typ
            # TLS symbols and IFUNCs (an IPLT entry) follow other rules,
            # as do the calls of relaxed TLS sequences.
            if not si or symv[si][0] in (6, 10) or after_tls:
                continue
            S = symv[si][1]
            fo = t[4] + (off - t[3] if t[2] & 2 else off)
            P = off
            if typ in absk:
                w = absk[typ]; v = (S + add) & ((1 << 8 * w) - 1)
            elif typ in pck and t[2] & 2:
                w = pck[typ]; v = (S + add - P) & ((1 << 8 * w) - 1)
            else:
                continue
            got = int.from_bytes(d[fo:fo + w], 'little')
            n += 1
            if got != v:
                bad += 1
                if bad <= 5:
                    print('miss %s+%x type %d sym %d: %x != %x' % (names[h[7]], off, typ, si, got, v))
    print('checked %d missed %d' % (n, bad))
