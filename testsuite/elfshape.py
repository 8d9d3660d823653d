#!/usr/bin/env python3
"""elfshape.py [--pie] [--no-layout] REF MLD: run-test.sh's structural
views of two ELF64 little-endian executables, GNU ld's (REF) and mld's
(MLD), one file per view in the current directory, NAME.ref and NAME.mld,
for run-test.sh to compare (README.md, "What is compared"):

  sections   output section names in order (index 0 aside)
  phdrs      "TYPE FLAGS" per program header
  header     the ELF header's class, data, OS/ABI, ABI version, type,
             machine and flags
  symbols    every defined .symtab symbol but index 0 as "TYPE BIND VIS
             NDX NAME", sorted, duplicates kept
  layout     every section header in full (.strtab and .shstrtab: name,
             type and alignment), every program header in full, .got's
             bytes; with --pie its shape only (no addresses, offsets,
             sizes, .got, or .symtab's count of locals)
and loads.mld (mld's PT_LOADs whose p_offset is not congruent to p_vaddr
modulo p_align), bytes.diff (the allocated sections whose bytes differ,
as elfbytes.py finds them; not with --pie), and with --pie: pie.ref and
pie.mld (what makes the file no static-pie), dyntags (.dynamic's tags in
order) and dynrelocs ("SECTION TYPE COUNT", sorted).  --no-layout leaves
out layout and bytes (a layout-differs directive).

The static-pie normalisations: symbols and sh_link (sh_info with
SHF_INFO_LINK) name their section; mld's $x symbols are left out; and if
REF has a .plt.got and MLD none, .plt.got is left out of REF's sections,
layout and bytes (printed on stdout as "drop .plt.got").

One process instead of the fifty readelf, awk and sort runs per variant
these took in shell."""

import struct
import sys

sys.dont_write_bytecode = True    # no __pycache__ in the source tree
import elfbytes  # noqa: E402

SHT_SYMTAB, SHT_NOBITS, SHT_RELA, SHT_RELR = 2, 8, 4, 19
SHF_INFO_LINK = 0x40
PT_LOAD, PT_DYNAMIC, PT_INTERP = 1, 2, 3
ET_DYN = 3
EM_X86_64, EM_AARCH64 = 62, 183

SECTION_TYPES = {
    0: 'NULL', 1: 'PROGBITS', 2: 'SYMTAB', 3: 'STRTAB', 4: 'RELA',
    5: 'HASH', 6: 'DYNAMIC', 7: 'NOTE', 8: 'NOBITS', 9: 'REL', 11: 'DYNSYM',
    14: 'INIT_ARRAY', 15: 'FINI_ARRAY', 16: 'PREINIT_ARRAY', 17: 'GROUP',
    18: 'SYMTAB_SHNDX', 19: 'RELR', 0x6ffffff6: 'GNU_HASH',
    0x6ffffffd: 'VERDEF', 0x6ffffffe: 'VERNEED', 0x6fffffff: 'VERSYM',
    0x70000001: 'X86_64_UNWIND', 0x70000003: 'AARCH64_ATTRIBUTES',
}
SECTION_FLAGS = 'WAX?MSILOGTC'     # bits 0..11, as readelf writes them
PROGRAM_TYPES = {
    0: 'NULL', 1: 'LOAD', 2: 'DYNAMIC', 3: 'INTERP', 4: 'NOTE', 5: 'SHLIB',
    6: 'PHDR', 7: 'TLS', 0x6474e550: 'GNU_EH_FRAME', 0x6474e551: 'GNU_STACK',
    0x6474e552: 'GNU_RELRO', 0x6474e553: 'GNU_PROPERTY',
    0x70000000: 'AARCH64_ARCHEXT', 0x70000001: 'AARCH64_UNWIND',
    0x70000002: 'AARCH64_MEMTAG_MTE',
}
SYMBOL_TYPES = ['NOTYPE', 'OBJECT', 'FUNC', 'SECTION', 'FILE', 'COMMON',
                'TLS']
SYMBOL_BINDS = {0: 'LOCAL', 1: 'GLOBAL', 2: 'WEAK', 10: 'UNIQUE'}
VISIBILITIES = ['DEFAULT', 'INTERNAL', 'HIDDEN', 'PROTECTED']
DYNAMIC_TAGS = {
    0: 'NULL', 1: 'NEEDED', 2: 'PLTRELSZ', 3: 'PLTGOT', 4: 'HASH',
    5: 'STRTAB', 6: 'SYMTAB', 7: 'RELA', 8: 'RELASZ', 9: 'RELAENT',
    10: 'STRSZ', 11: 'SYMENT', 12: 'INIT', 13: 'FINI', 14: 'SONAME',
    15: 'RPATH', 16: 'SYMBOLIC', 17: 'REL', 18: 'RELSZ', 19: 'RELENT',
    20: 'PLTREL', 21: 'DEBUG', 22: 'TEXTREL', 23: 'JMPREL', 24: 'BIND_NOW',
    25: 'INIT_ARRAY', 26: 'FINI_ARRAY', 27: 'INIT_ARRAYSZ',
    28: 'FINI_ARRAYSZ', 29: 'RUNPATH', 30: 'FLAGS', 32: 'PREINIT_ARRAY',
    33: 'PREINIT_ARRAYSZ', 35: 'RELRSZ', 36: 'RELR', 37: 'RELRENT',
    0x6ffffef5: 'GNU_HASH', 0x6ffffff0: 'VERSYM', 0x6ffffff9: 'RELACOUNT',
    0x6ffffffa: 'RELCOUNT', 0x6ffffffb: 'FLAGS_1', 0x6ffffffc: 'VERDEF',
    0x6ffffffd: 'VERDEFNUM', 0x6ffffffe: 'VERNEED', 0x6fffffff: 'VERNEEDNUM',
}
RELOCATIONS = {
    EM_X86_64: {0: 'NONE', 1: '64', 5: 'COPY', 6: 'GLOB_DAT',
                7: 'JUMP_SLOT', 8: 'RELATIVE', 16: 'DTPMOD64',
                17: 'DTPOFF64', 18: 'TPOFF64', 37: 'IRELATIVE'},
    EM_AARCH64: {0: 'NONE', 257: 'ABS64', 1024: 'COPY', 1025: 'GLOB_DAT',
                 1026: 'JUMP_SLOT', 1027: 'RELATIVE', 1028: 'TLS_DTPMOD64',
                 1029: 'TLS_DTPREL64', 1030: 'TLS_TPREL64', 1031: 'TLSDESC',
                 1032: 'IRELATIVE'},
}


def name_of(table, value):
    return table.get(value, '0x%x' % value)


class Elf:
    """The headers, section names and .symtab of one file."""

    def __init__(self, path):
        with open(path, 'rb') as f:
            self.data = data = f.read()
        if len(data) < 64 or data[:4] != b'\x7fELF' or data[4:6] != b'\2\1':
            sys.exit('elfshape.py: %s: not an ELF64 little-endian file' % path)
        (self.type, self.machine, _version, _entry, phoff, shoff, self.flags,
         _ehsize, phentsize, phnum, shentsize, shnum,
         shstrndx) = struct.unpack_from('<HHIQQQIHHHHHH', data, 16)
        if shoff and shnum == 0:
            shnum = struct.unpack_from('<IIQQQQIIQQ', data, shoff)[5]
        if shoff and shstrndx == 0xffff:
            shstrndx = struct.unpack_from('<IIQQQQIIQQ', data, shoff)[6]
        self.shdrs = [struct.unpack_from('<IIQQQQIIQQ', data,
                                         shoff + i * shentsize)
                      for i in range(shnum)]
        self.phdrs = [struct.unpack_from('<IIQQQQQQ', data,
                                         phoff + i * phentsize)
                      for i in range(phnum)]
        strtab = self.shdrs[shstrndx][4] if shstrndx < shnum else 0
        self.names = [self.string(strtab, h[0]) for h in self.shdrs]

    def string(self, offset, index):
        start = offset + index
        return self.data[start:self.data.index(b'\0', start)].decode('latin-1')

    def body(self, i):
        h = self.shdrs[i]
        return b'' if h[1] == SHT_NOBITS else self.data[h[4]:h[4] + h[5]]

    def section(self, name):
        return self.names.index(name) if name in self.names else None


def sections(elf, drop):
    return [n for n in elf.names[1:] if n != drop]


def section_flags(flags):
    s = ''.join(c for i, c in enumerate(SECTION_FLAGS) if flags >> i & 1)
    for bit, c in ((0x200000, 'R'), (0x80000000, 'E')):
        s += c if flags & bit else ''
    rest = flags & ~((1 << len(SECTION_FLAGS)) - 1) & ~(1 << 3) & ~0x80200000
    return s + ('+%x' % rest if rest else '')


def program_flags(flags):
    return ''.join(c for c, bit in (('R', 4), ('W', 2), ('E', 1))
                   if flags & bit) + ('+%x' % (flags & ~7) if flags & ~7
                                      else '')


def phdrs(elf):
    return ['%s %s' % (name_of(PROGRAM_TYPES, p[0]), program_flags(p[1]))
            for p in elf.phdrs]


def incongruent_loads(elf):
    return ['PT_LOAD at 0x%x: p_offset 0x%x, p_align 0x%x' % (p[3], p[2], p[7])
            for p in elf.phdrs
            if p[0] == PT_LOAD and p[5] and p[7] > 1 and
            p[2] % p[7] != p[3] % p[7]]


def header(elf):
    d = elf.data
    return ['class %d' % d[4], 'data %d' % d[5], 'OS/ABI %d' % d[7],
            'ABI version %d' % d[8], 'type %d' % elf.type,
            'machine %d' % elf.machine, 'flags 0x%x' % elf.flags]


def symbols(elf, pie):
    i = next((i for i, h in enumerate(elf.shdrs) if h[1] == SHT_SYMTAB), None)
    if i is None:
        return []
    h = elf.shdrs[i]
    strtab = elf.shdrs[h[6]][4]
    xindex = next((elf.body(j) for j, x in enumerate(elf.shdrs)
                   if x[1] == 18 and x[6] == i), b'')
    out = []
    for k in range(1, h[5] // 24):
        name_off, info, other, shndx, _value, _size = struct.unpack_from(
            '<IBBHQQ', elf.data, h[4] + k * 24)
        if shndx == 0:
            continue
        name = elf.string(strtab, name_off)
        if pie and name == '$x':
            continue
        if shndx == 0xffff and xindex:
            shndx, = struct.unpack_from('<I', xindex, k * 4)
        if shndx == 0xfff1:
            ndx = 'ABS'
        elif shndx == 0xfff2:
            ndx = 'COM'
        elif pie and shndx < len(elf.names):
            ndx = elf.names[shndx]
        else:
            ndx = str(shndx)
        typ = SYMBOL_TYPES[info & 15] if info & 15 < 7 else (
            'IFUNC' if info & 15 == 10 else str(info & 15))
        vis = VISIBILITIES[other & 3] + (
            ' [0x%x]' % (other & ~3) if other & ~3 else '')
        out.append('%s %s %s %s %s' % (typ, name_of(SYMBOL_BINDS, info >> 4),
                                       vis, ndx, name))
    return sorted(out, key=lambda s: s.encode('latin-1'))


def layout(elf, pie, drop):
    out = []
    for i, h in enumerate(elf.shdrs):
        name = elf.names[i]
        if name == drop:
            continue
        typ = name_of(SECTION_TYPES, h[1])
        if name in ('.strtab', '.shstrtab'):
            out.append('%s %s %d' % (name, typ, h[8]))
            continue
        link, info = str(h[6]), str(h[7])
        if pie:
            if h[6] and h[6] < len(elf.names):
                link = elf.names[h[6]]
            if h[2] & SHF_INFO_LINK and h[7] and h[7] < len(elf.names):
                info = elf.names[h[7]]
            if h[1] == SHT_SYMTAB:
                info = ''          # the count of locals ($x symbols)
            out.append('%s %s es=%d %s link=%s info=%s align=%d' % (
                name, typ, h[9], section_flags(h[2]), link, info, h[8]))
        else:
            out.append('%s %s addr=0x%x off=0x%x size=0x%x es=%d %s '
                       'link=%s info=%s align=%d' % (
                           name, typ, h[3], h[4], h[5], h[9],
                           section_flags(h[2]), link, info, h[8]))
    for p in elf.phdrs:
        if pie:
            out.append('%s %s align=0x%x' % (name_of(PROGRAM_TYPES, p[0]),
                                             program_flags(p[1]), p[7]))
        else:
            out.append('%s off=0x%x vaddr=0x%x paddr=0x%x filesz=0x%x '
                       'memsz=0x%x %s align=0x%x' % (
                           name_of(PROGRAM_TYPES, p[0]), p[2], p[3], p[4],
                           p[5], p[6], program_flags(p[1]), p[7]))
    got = elf.section('.got')
    if not pie and got is not None:
        body = elf.body(got)
        out += ['.got+0x%x %s' % (o, body[o:o + 16].hex())
                for o in range(0, len(body), 16)]
    return out


def pie_shape(elf):
    out = []
    if elf.type != ET_DYN:
        out.append('not ET_DYN: type %d' % elf.type)
    types = [p[0] for p in elf.phdrs]
    if PT_INTERP in types:
        out.append('has a PT_INTERP')
    if PT_DYNAMIC not in types:
        out.append('has no PT_DYNAMIC')
    return out


def dyntags(elf):
    out = []
    for p in elf.phdrs:
        if p[0] != PT_DYNAMIC:
            continue
        for o in range(p[2], p[2] + p[5] - 15, 16):
            tag, = struct.unpack_from('<q', elf.data, o)
            out.append(name_of(DYNAMIC_TAGS, tag))
            if tag == 0:
                break
    return out


def dynrelocs(elf):
    counts = {}
    names = RELOCATIONS.get(elf.machine, {})
    for i, h in enumerate(elf.shdrs):
        name = elf.names[i]
        if name not in ('.rela.dyn', '.rela.plt', '.relr.dyn'):
            continue
        body = elf.body(i)
        if h[1] == SHT_RELR:
            n = 0
            for o in range(0, len(body) - 7, 8):
                word, = struct.unpack_from('<Q', body, o)
                n += 1 if not word & 1 else bin(word >> 1).count('1')
            key = name + ' RELR'
            counts[key] = counts.get(key, 0) + n
            continue
        if h[1] != SHT_RELA:
            continue
        for o in range(0, len(body) - 23, 24):
            _off, info, addend = struct.unpack_from('<QQq', body, o)
            typ = names.get(info & 0xffffffff, str(info & 0xffffffff))
            # AArch64 GNU ld 2.40 also relocates absolute symbols' GOT
            # entries (values below 0x100, no address in the image).
            if typ == 'NONE' or (elf.machine == EM_AARCH64 and
                                 typ == 'RELATIVE' and 0 <= addend < 0x100):
                continue
            key = name + ' ' + typ
            counts[key] = counts.get(key, 0) + 1
    return sorted('%s %d' % kv for kv in counts.items())


def write(name, lines):
    with open(name, 'w', encoding='latin-1') as f:
        f.writelines(line + '\n' for line in lines)


def main():
    args = sys.argv[1:]
    pie = '--pie' in args
    with_layout = '--no-layout' not in args
    ref_path, mld_path = [a for a in args if not a.startswith('--')]
    ref, mld = Elf(ref_path), Elf(mld_path)
    drop = None
    if pie and '.plt.got' in ref.names and '.plt.got' not in mld.names:
        drop = '.plt.got'
        print('drop .plt.got')
    if pie:
        write('pie.ref', pie_shape(ref))
        write('pie.mld', pie_shape(mld))
    for tag, elf in (('ref', ref), ('mld', mld)):
        write('sections.' + tag, sections(elf, drop))
        write('phdrs.' + tag, phdrs(elf))
        write('header.' + tag, header(elf))
        write('symbols.' + tag, symbols(elf, pie))
        if pie:
            write('dyntags.' + tag, dyntags(elf))
            write('dynrelocs.' + tag, dynrelocs(elf))
        if with_layout:
            write('layout.' + tag, layout(elf, pie, drop))
    write('loads.mld', incongruent_loads(mld))
    if with_layout and not pie:
        write('bytes.diff', elfbytes.differing(elfbytes.sections(ref_path),
                                               elfbytes.sections(mld_path),
                                               {'.note.gnu.build-id'}))


main()
