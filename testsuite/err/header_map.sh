#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
dir=$(cd "$(dirname "$0")" && pwd)
. "$dir/../lib.sh"
# lib/mld.h is grouped by file under banners ("// file.c: ..."): every
# function it declares must be defined in lib/, in a file its banner
# names, so the header stays a map of the code.

out=$("$PYTHON" - "$dir/../../lib" <<'PY'
import glob, os, re, sys
lib = sys.argv[1]
h = open(os.path.join(lib, "mld.h")).read().split("\n")
defs = {}
for f in glob.glob(os.path.join(lib, "*.c")):
    for m in re.finditer(r"^[A-Za-z_][\w \*]*?\b(\w+)\([^;{]*\)\s*\{", open(f).read(), re.M):
        if not m.group(0).startswith("static"):
            defs.setdefault(m.group(1), []).append(os.path.basename(f))
banner = []
for i, line in enumerate(h):
    if i and h[i - 1] == "//" and line.startswith("// "):
        banner = re.findall(r"[\w-]+\.c", line.split(":")[0]) or banner
        continue
    m = re.match(r"^[A-Za-z_][\w \*]*?\b(\w+)\((?!\*)", line)
    if not m or line.startswith(("static", "#", "//", " ", "typedef")):
        continue
    if ";" not in " ".join(h[i:i + 4]):
        continue
    d = defs.get(m.group(1))
    if not d:
        print(f"mld.h:{i + 1}: {m.group(1)} is declared but defined nowhere")
    elif not set(d) & set(banner):
        print(f"mld.h:{i + 1}: {m.group(1)} is under {banner} but defined in {d}")
PY
)
if [ -z "$out" ]; then
  t_pass "every declaration of lib/mld.h is under the banner of its file"
else
  t_fail "lib/mld.h's map does not match the code:"
  printf '%s\n' "$out"
fi
t_done
