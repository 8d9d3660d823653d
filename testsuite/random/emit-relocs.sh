#!/bin/bash
# Randomized differential test under -q (--emit-relocs), fixed seeds
# 40..47 of each variant: mld's programs, linked with -q, must print the
# same bytes and exit alike as GNU ld's without (their layouts differ by
# the .rela sections, so only the behaviour is compared).
PYTHON=${PYTHON:-python3}
command -v "$PYTHON" >/dev/null || { echo "SKIP: python3 not installed"; [ "${MLD_TEST_NO_SKIP:-}" = 1 ] && exit 1; exit 77; }
exec "$PYTHON" "$(dirname "$0")/difftest.py" --variant glibc,musl,aarch64 \
  --seed 40 --n 8 --features=all --mld-flags=-Wl,-q --behaviour-only \
  --quiet --keep "${MLD_RANDOM_KEEP:-random-failures}"
