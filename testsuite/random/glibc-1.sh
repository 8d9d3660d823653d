#!/bin/bash
# Randomized differential test, variant glibc, fixed seeds 1..15:
# random multi-object programs (gen.py) linked by GNU ld and by mld must
# print the same bytes and exit alike.  `make check-random` runs more.
command -v python3 >/dev/null || { echo "SKIP: python3 not installed"; [ "${MLD_TEST_NO_SKIP:-}" = 1 ] && exit 1; exit 77; }
exec python3 "$(dirname "$0")/difftest.py" --variant glibc --seed 1 --n 15 \
  --quiet --keep "${MLD_RANDOM_KEEP:-random-failures}"
