#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# The malformed-input corpus (testsuite/malformed/corpus.py): broken
# objects and archives derived from valid ones at test time, each of
# which must give one clear "mld: error:" line, exit status 1, no crash,
# no hang and no output file.

command -v "$PYTHON" >/dev/null || t_skip "python3 is not installed"
if "$PYTHON" "$T_LIB_DIR/malformed/corpus.py" "$MLD" "$T/corpus"; then
  t_pass "every malformed input was rejected cleanly"
else
  t_fail "some malformed inputs were not rejected cleanly (see above)"
fi
t_done
