#!/usr/bin/env python3
# layoutnorm.py EXE: what -Ttext and the like decide, for comparing GNU
# ld's executable with mld's: every allocated section (name, type,
# address, file offset, size, flags, sh_addralign) in section header
# order with a digest of its bytes (but the build-id note's, which hashes
# the whole file), every program header in full (p_paddr included), the
# entry point, and the values of the linker symbols the layout defines.
import hashlib, re, subprocess, sys

out = subprocess.run(['readelf', '-lSWs', sys.argv[1]], capture_output=True,
                     text=True).stdout
sec = re.compile(r'\s*\[\s*(\d+)\]\s+(\S+)\s+(\S+)\s+([0-9a-f]+)\s+'
                 r'([0-9a-f]+)\s+([0-9a-f]+)\s+\S+\s+(\S*)\s+\d+\s+\d+\s+'
                 r'(\d+)$')
data = open(sys.argv[1], 'rb').read()
for l in out.splitlines():
    m = sec.match(l)
    if m and int(m.group(1)) > 0 and 'A' in m.group(7):
        off, size = int(m.group(5), 16), int(m.group(6), 16)
        digest = '-'
        if m.group(3) != 'NOBITS' and m.group(2) != '.note.gnu.build-id':
            digest = hashlib.sha1(data[off:off + size]).hexdigest()[:12]
        print('section', *m.groups()[1:], digest)
phdr = re.compile(r'\s+([A-Z_]+)\s+(0x[0-9a-f]+\s.*)$')
on = False
for l in out.splitlines():
    if l.startswith('Program Headers'):
        on = True
    elif on and not l.strip():
        break
    elif on and phdr.match(l):
        print('phdr', *' '.join(phdr.match(l).group(1, 2)).split())
m = re.search(r'Entry point (\S+)', out)
print('entry', m.group(1) if m else None)
wanted = ('__ehdr_start', '__executable_start', '_end', '_edata',
          '__bss_start', 'etext', '_etext', '__etext',
          '__preinit_array_start', '__preinit_array_end',
          '__init_array_start', '__init_array_end', '__fini_array_start',
          '__fini_array_end', '__rela_iplt_start', '__rela_iplt_end')
syms = []
for l in out.splitlines():
    p = l.split()
    if len(p) == 8 and p[7] in wanted:
        syms.append(' '.join(('symbol', p[7], p[1], p[6])))
print('\n'.join(sorted(syms)))
