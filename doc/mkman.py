#!/usr/bin/env python3
# mkman.py MLD > doc/mld.1: the man page, its options from `MLD --help`
# (testsuite/options/help.sh fails when an option --help lists is not in
# doc/mld.1: run this after changing --help).
import re, subprocess, sys

h = subprocess.run([sys.argv[1], '--help'], capture_output=True,
                   text=True).stdout.split('\n')

def esc(s):
    return s.replace('\\', '\\\\').replace('-', '\\-')

out = [
    '.TH MLD 1 "December 2026" "mld 0.1.0" "User Commands"',
    '.SH NAME',
    'mld \\- a fast static linker for x86\\-64 and AArch64 Linux, compatible with GNU ld',
    '.SH SYNOPSIS',
    '.B mld', '[\\fIoptions\\fR] \\fIfile\\fR...', '.br',
    '.B gcc \\-static \\-B\\fIlibexecdir\\fB/mld\\fR ...', '.br',
    '.B clang \\-static \\-fuse\\-ld=mld\\fR ...',
    '.SH DESCRIPTION',
    '.B mld',
    'links relocatable ELF objects, archives and GNU ld input scripts (INPUT, GROUP) into a static executable for x86\\-64 or AArch64 Linux.',
    "Where it accepts an option of GNU ld it gives it GNU ld's meaning, and the executable it writes is the one GNU ld 2.40 writes from the same inputs, section for section;",
    'an option it does not implement is refused with an error, never accepted and ignored, unless GNU ld itself ignores it for a static executable.',
    'Installed as \\fBld.mld\\fR it is what \\fBclang \\-fuse\\-ld=mld\\fR runs; the directory \\fIlibexecdir\\fB/mld\\fR holds an \\fBld\\fR that \\fBgcc \\-B\\fR finds.',
    '.SH OPTIONS',
]
i = h.index('Options:') + 1
cur = None

def flush():
    global cur
    if cur:
        out.append('.TP')
        out.append('.B ' + esc(cur[0]))
        out.append(esc(' '.join(x.strip() for x in cur[1] if x.strip())))
    cur = None

while i < len(h) and not h[i].startswith('Accepted without effect'):
    l = h[i]
    i += 1
    if not l.strip():
        continue
    if l.startswith('  ') and not l.startswith(' ' * 30):
        flush()
        m = re.match(r'^  (\S.*?)(?:\s{2,}(\S.*))?$', l)
        cur = [m.group(1), [m.group(2) or '']]
    else:
        cur[1].append(l)
flush()
out.append('.SS "Accepted without effect"')
rest = [l.strip() for l in h[i + 1:] if l.strip()]
out.append(esc('These options change nothing in a static executable, as in GNU ld: ' + ' '.join(rest)))
out += [
    '.SH EXIT STATUS',
    '0 when the executable was written; 1 on an error, after one line on standard error for each problem found, each starting with \\fBmld: error:\\fR.',
    'The output file is written to a temporary file and renamed into place only when complete, so a failed link leaves any previous file as it was. As in GNU ld, only a regular file with contents, or a symbolic link to one, is replaced: a device such as /dev/null, a FIFO, /dev/stdout and an empty file are written in place and keep their type, owner and mode.',
    '.SH "SEE ALSO"', '.BR ld (1),', '.BR gcc (1),', '.BR clang (1)',
]
print('\n'.join(out))
