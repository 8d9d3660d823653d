#!/usr/bin/env python3
# tally.py RUNS ARCH...: count GNU ld's test suite results for mld.
#
# RUNS/ARCH-MODE/FOLDER/route.log holds, in order, a LINK line for every
# invocation of ld-new (from ld-route.py) and a RESULT line for every test
# result (from mld-board.exp); a result's links are those since the one
# before.  A test counts when, in GNU ld's run, it made at least one link
# in mld's scope and none out of it, and GNU ld passed it.  Writes
# RUNS/failures-ARCH.txt and ends with "N passed, N failed".
import os
import sys
from collections import Counter


def read(path):
    """{(message, occurrence): (type, [(kind, reason, argv)])}."""
    tests = {}
    seen = Counter()
    links = []
    try:
        f = open(path, errors="replace")
    except OSError:
        return tests
    with f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if parts[0] == "LINK" and len(parts) >= 4:
                links.append((parts[1], parts[2], parts[3]))
            elif parts[0] == "RESULT" and len(parts) >= 4:
                msg = parts[3]
                seen[msg] += 1
                tests[(msg, seen[msg])] = (parts[1], links)
                links = []
    return tests


def main():
    runs = sys.argv[1]
    total_pass = total_fail = 0
    for arch in sys.argv[2:]:
        ref_dir = os.path.join(runs, arch + "-gnu")
        if not os.path.isdir(ref_dir):
            continue
        fails = []
        print("%s: folder: mld passes / in scope that GNU ld passes"
              " (tests out of scope, GNU ld's own failures in scope)" % arch)
        for folder in sorted(os.listdir(ref_dir)):
            ref = read(os.path.join(ref_dir, folder, "route.log"))
            got = read(os.path.join(runs, arch + "-mld", folder, "route.log"))
            n_pass = n_scope = n_out = n_gnu_fail = 0
            for key, (rtype, links) in ref.items():
                kinds = {k for k, _, _ in links}
                if "out" in kinds or "in" not in kinds:
                    n_out += 1
                    continue
                if rtype != "PASS":
                    n_gnu_fail += 1
                    continue
                n_scope += 1
                mtype = got.get(key, ("MISSING", []))[0]
                if mtype == "PASS":
                    n_pass += 1
                else:
                    fails.append("%s %s: %s" % (folder, mtype, key[0]))
            pct = 100.0 * n_pass / n_scope if n_scope else 100.0
            print("  %-14s %4d / %4d  %5.1f %%  (%d out, %d GNU fails)"
                  % (folder, n_pass, n_scope, pct, n_out, n_gnu_fail))
            total_pass += n_pass
            total_fail += n_scope - n_pass
        with open(os.path.join(runs, "failures-%s.txt" % arch), "w") as f:
            f.write("".join(x + "\n" for x in fails))
    print("%d passed, %d failed" % (total_pass, total_fail))
    return 1 if total_fail else 0


if __name__ == "__main__":
    sys.exit(main())
