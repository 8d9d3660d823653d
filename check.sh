#!/bin/sh
# Runs every test: the Check unit tests and the end-to-end test suite
# (each program linked by GNU ld and by mld, run, compared).  Builds
# first if needed.  Ends with one line: "N passed, N failed".
cd "$(dirname "$0")"
[ -x configure ] || autoreconf -fi || exit 1
[ -f Makefile ] || ./configure || exit 1
make -j2 || exit 1
# A log left by an earlier run must not stand for this one (a test
# program that does not compile leaves none).
rm -f test-suite.log tests/check_*.log
make -j2 check "$@"
status=$?

# Check's own summaries, then the tally of every test.
for log in tests/check_*.log; do
  [ -f "$log" ] && grep -h "Checks:" "$log" | sed "s|^|$log: |"
done
if [ -f test-suite.log ]; then
  count() { sed -n "s/^# $1: *//p" test-suite.log | head -1; }
  pass=$(count PASS); fail=$(count FAIL); err=$(count ERROR)
  skip=$(count SKIP); xpass=$(count XPASS)
  failed=$(( ${fail:-0} + ${err:-0} + ${xpass:-0} ))
  echo "${pass:-0} passed, $failed failed, ${skip:-0} skipped"
  [ "$failed" -eq 0 ] || status=1
  [ "$status" -eq 0 ] || [ "$failed" -ne 0 ] ||
    echo "make check failed (status $status) outside the tests"
else
  echo "0 passed, 1 failed"
  status=1
fi
exit $status
