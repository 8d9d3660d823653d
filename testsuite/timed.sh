#!/bin/sh
# The log compiler's wrapper: runs a test ("$@") and ends its log with
# the time it took, "elapsed: N ms", which testsuite/times.sh lists.
start=$(date +%s%N)
"$@"
status=$?
end=$(date +%s%N)
echo "elapsed: $(( (end - start) / 1000000 )) ms"
exit $status
