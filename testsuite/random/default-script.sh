#!/bin/bash
# Randomized differential test through a linker script: random programs
# (gen.py) linked by GNU ld with its built-in script, and by mld given
# that same script (`ld --verbose`) with -T, on x86-64 (glibc) and AArch64,
# fixed seeds: the layouts, the loaded bytes and what the programs print
# must be the same, so mld's script engine is checked against GNU ld's
# default link.
PYTHON=${PYTHON:-python3}
command -v "$PYTHON" >/dev/null || { echo "SKIP: python3 not installed"; [ "${MLD_TEST_NO_SKIP:-}" = 1 ] && exit 1; exit 77; }
command -v ld.bfd >/dev/null || { echo "SKIP: ld.bfd not installed"; [ "${MLD_TEST_NO_SKIP:-}" = 1 ] && exit 1; exit 77; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/mld-script-random.XXXXXX") || exit 99
trap 'rm -rf "$dir"' EXIT
ld.bfd --verbose | sed -n '/^=====/,/^=====/p' | sed '1d;$d' >"$dir/x86_64.ld"
status=0
"$PYTHON" "$(dirname "$0")/difftest.py" --variant glibc --seed 500 --n 12 \
  --mld-flags="-Wl,-T,$dir/x86_64.ld" --quiet \
  --keep "${MLD_RANDOM_KEEP:-random-failures}" || status=1
if command -v aarch64-linux-gnu-ld >/dev/null; then
  aarch64-linux-gnu-ld --verbose | sed -n '/^=====/,/^=====/p' |
    sed '1d;$d' >"$dir/aarch64.ld"
  "$PYTHON" "$(dirname "$0")/difftest.py" --variant aarch64 --seed 500 --n 12 \
    --mld-flags="-Wl,-T,$dir/aarch64.ld" --quiet \
    --keep "${MLD_RANDOM_KEEP:-random-failures}" || status=1
fi
exit $status
