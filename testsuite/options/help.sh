#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
dir=$(cd "$(dirname "$0")/.." && pwd)
. "$(dirname "$0")/../lib.sh"
# --help lists what mld implements, and every option it lists has a test:
# each option name in the help text (-x, --long, -z KEYWORD) must appear
# in some test under testsuite/ (C test directives, err/, options/,
# stubs/, random/) other than this script, and in the man page.
t_mld --help
[ "$T_STATUS" = 0 ] && t_pass "--help exits 0" || t_fail "--help exits $T_STATUS"
grep -q '^Usage: mld \[options\] file' stdout.txt && t_pass "usage line" ||
  t_fail "no usage line"

opts=$(grep -oE '(^|[ ,(])--?[A-Za-z@][A-Za-z0-9_-]*' stdout.txt |
         sed 's/^[ ,(]//' | sort -u)
# -z keywords: the words of the -z entry up to the next option line.
zkw=$(sed -n '/^  -z KEYWORD/,/^  --/p' stdout.txt | sed '$d' |
        sed 's/^  -z KEYWORD//; s/([^)]*)//g' | tr ' ,;:' '\n\n\n\n' |
        grep -oE '^[a-z][a-z0-9-]*[a-z0-9]' | grep -v -x -e x86-64 -e size \
          -e none -e warning -e error -e features -e forced -e on -e ibt-iplt |
        sort -u)
missing=
for o in $opts; do
  grep -rqF --exclude=help.sh --exclude='*.log' --exclude='*.trs' -- "$o" \
    "$dir/c" "$dir/err" "$dir/options" "$dir/stubs" "$dir/random" \
    "$dir/script" ||
    missing+=" $o"
done
for k in $zkw; do
  grep -rqE --exclude=help.sh --exclude='*.log' --exclude='*.trs' -- \
    "(-z,? ?|-z,)$k" "$dir/c" "$dir/err" "$dir/options" "$dir/stubs" \
    "$dir/random" || missing+=" -z $k"
done
# The man page covers every option --help lists.
man1=$dir/../doc/mld.1
if [ -f "$man1" ]; then
  sed 's/\\-/-/g' "$man1" >man.txt
  nodoc=
  for o in $opts; do grep -qF -- "$o" man.txt || nodoc+=" $o"; done
  [ -z "$nodoc" ] && t_pass "doc/mld.1 describes every option --help lists" ||
    t_fail "options --help lists that doc/mld.1 does not:$nodoc"
fi
if [ -z "$missing" ]; then
  t_pass "every option --help lists is used by a test ($(wc -w <<<"$opts") options, $(wc -w <<<"$zkw") -z keywords)"
else
  t_fail "options in --help that no test uses:$missing"
fi
t_done
