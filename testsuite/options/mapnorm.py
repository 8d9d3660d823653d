#!/usr/bin/env python3
# mapnorm.py MAP [--members|--sections]: the parts of a GNU ld-style map
# file that mld's -Map must share with GNU ld's for the same link: the
# archive members with the reference that pulled each in, and for every
# output section its address and size, its input sections (name, address,
# size, file) and the symbols listed in each (address, name).  GNU ld's
# script statements, *fill* lines, "(size before relaxing)" notes, empty
# sections and, with --no-merge, merged (SHF_MERGE) input sections and
# their symbols, whose pieces GNU ld and mld lay out differently, are
# left out.
import re, sys

def lines_of(path):
    with open(path, errors='replace') as f:
        raw = f.read().split('\n')
    # A name that did not fit its column continues on the next line.
    out = []
    for l in raw:
        if out and re.match(r'^ {16}0x', l) and re.match(r'^ ?\S+$', out[-1]) \
                and not out[-1].startswith(' *('):
            out[-1] = out[-1] + ' ' + l.strip()
        elif out and re.match(r'^ {30}\S', l) and not out[-1].startswith(' '):
            out[-1] = out[-1] + ' ' + l.strip()
        else:
            out.append(l)
    return out

def members(ls):
    res, on = [], False
    for l in ls:
        if l.startswith('Archive member included'):
            on = True
            continue
        if on and (l.startswith('Discarded input') or
                   l.startswith('Memory Configuration') or
                   l.startswith('Merging program properties')):
            break
        if on and l.strip() and not l.startswith('Local IFUNC'):
            res.append(' '.join(l.split()))
    return res

MERGED = re.compile(r'((^|\.)(str|cst)\d|^\.comment$|^\.debug_(line_)?str$)')

def sections(ls, no_merge):
    res, on, cur, skip = [], False, None, False
    for l in ls:
        if l.startswith('Linker script and memory map'):
            on = True
            continue
        if not on or not l.strip():
            continue
        m = re.match(r'^(\S+) +0x([0-9a-f]+) +0x([0-9a-f]+)$', l)
        if m and not l.startswith('LOAD'):
            cur = m.group(1)
            if int(m.group(3), 16):
                res.append('%s %s %s' % (cur, m.group(2), m.group(3)))
            continue
        m = re.match(r'^ (\S+) +0x([0-9a-f]+) +0x([0-9a-f]+) (.+)$', l)
        if m and cur and m.group(1) != '*fill*':
            skip = no_merge and MERGED.search(m.group(1)) is not None
            if int(m.group(3), 16) and not skip:
                res.append('  %s %s %s %s' % (m.group(1), m.group(2), m.group(3), m.group(4)))
            continue
        m = re.match(r'^ {16}0x([0-9a-f]+) {16}(\S.*)$', l)
        # Script assignments (". = ALIGN (...)", "PROVIDE (x = .)") are not
        # symbols; a demangled operator= has no spaces around its "=".
        if m and re.match(r'(\.|PROVIDE|\[|ASSERT)', m.group(2)) or \
                (m and ' = ' in m.group(2)):
            continue
        if m and cur and not skip:
            res.append('    %s %s' % (m.group(1), m.group(2)))
    return res

ls = lines_of(sys.argv[1])
what = sys.argv[2] if len(sys.argv) > 2 else '--sections'
if what == '--members':
    print('\n'.join(members(ls)))
else:
    print('\n'.join(sections(ls, '--no-merge' in sys.argv)))
