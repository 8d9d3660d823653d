#!/bin/bash
# Randomized differential test, variant aarch64, fixed seeds 1..15:
# random multi-object programs (gen.py) linked by GNU ld and by mld must
# print the same bytes and exit alike.  `make check-random` runs more.
PYTHON=${PYTHON:-python3}
command -v "$PYTHON" >/dev/null || { echo "SKIP: python3 not installed"; [ "${MLD_TEST_NO_SKIP:-}" = 1 ] && exit 1; exit 77; }
exec "$PYTHON" "$(dirname "$0")/difftest.py" --variant aarch64 --seed 1 --n 15 \
  --quiet --keep "${MLD_RANDOM_KEEP:-random-failures}"
