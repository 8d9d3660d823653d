# lib.sh - shared helpers for the mld error tests (testsuite/err/*.sh).
#
# Source it from a bash script:
#     . "$(dirname "$0")/../lib.sh"
# Sourcing creates a temporary directory $T (removed on exit unless
# MLD_KEEP_TMP is set), makes it the current directory, and sets:
#     MLD        absolute path of mld (env MLD, default <this dir>/../ld/mld)
#     T          the temporary directory; $T/bin/ld is a symlink to $MLD
# Then use t_compile / t_mld / t_gcc_mld to produce a failure and the
# expect_* assertions to check it, and finish with t_done.
#
# Exit status (Automake): 0 pass, 1 fail, 77 skip, 99 hard error.  A test
# passes only if it checked something and skipped nothing: a part that
# could not run (t_skip_part, a missing cross tool) makes the whole test a
# SKIP with the reason.  With MLD_TEST_NO_SKIP=1 (CI, where every tool is
# installed) a skip of either kind is a failure.

if [ -z "${BASH_VERSION:-}" ]; then
    echo "lib.sh must be sourced from bash" >&2
    exit 99
fi
export LC_ALL=C

T_LIB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
T_NAME=$(basename "$0" .sh)
MLD=${MLD:-$T_LIB_DIR/../ld/mld}
case $MLD in
    /*) ;;
    *) MLD=$(cd "$(dirname "$MLD")" 2>/dev/null && pwd)/$(basename "$MLD") ;;
esac
# The Python interpreter: configure's (make check passes it), the
# interpreter itself rather than a launcher such as pyenv's shim.
PYTHON=${PYTHON:-python3}
T_FAILS=0
T_CHECKS=0
T_SKIPS=
T_STATUS=
T_CMD=

T=$(mktemp -d "${TMPDIR:-/tmp}/mld-err.$T_NAME.XXXXXX") || exit 99
t_cleanup() {
    if [ -n "${MLD_KEEP_TMP:-}" ]; then
        echo "(kept temporary directory $T)"
    else
        rm -rf "$T"
    fi
}
trap t_cleanup EXIT
cd "$T" || exit 99
mkdir bin
ln -s "$MLD" bin/ld

echo "test: $T_NAME  (mld: $MLD)"
if [ ! -x "$MLD" ]; then
    echo "FAIL: mld binary '$MLD' not found or not executable"
    exit 1
fi

# t_skip REASON: the test cannot run here
t_skip() {
    if [ "${MLD_TEST_NO_SKIP:-}" = 1 ]; then
        echo "FAIL: skipped, but MLD_TEST_NO_SKIP=1: $*"
        exit 1
    fi
    echo "SKIP: $*"
    exit 77
}

# t_skip_part REASON: a part of the test cannot run here; the others go
# on, and t_done reports a SKIP (never a PASS) with the reasons
t_skip_part() {
    echo "  SKIPPED: $*"
    T_SKIPS="${T_SKIPS:+$T_SKIPS; }$*"
}

# t_have WHAT TOOL...: true if every TOOL is installed, else WHAT is
# skipped (t_skip_part) and false:  t_have AArch64 "$cc" "$run" || return
t_have() {
    local what=$1 tool
    shift
    for tool in "$@"; do
        if ! command -v "$tool" >/dev/null 2>&1; then
            t_skip_part "$what: $tool is not installed"
            return 1
        fi
    done
    return 0
}

# t_hard_error MESSAGE: the test itself is broken (e.g. compiling failed)
t_hard_error() {
    echo "ERROR: $*"
    exit 99
}

# t_write FILE: write standard input to FILE (use with a here-document)
t_write() {
    cat >"$1"
}

# t_compile SRC.c [FLAGS...]: compile SRC.c to SRC.o with gcc (or $T_CC)
t_compile() {
    local src=$1
    shift
    local cc=${T_CC:-gcc}
    if ! $cc -c -O1 "$@" -o "${src%.c}.o" "$src" >cc.log 2>&1; then
        cat cc.log
        t_hard_error "compiling $src with $cc failed"
    fi
}

# t_run CMD...: run a command, saving stdout/stderr/status
t_run() {
    T_CMD="$*"
    "$@" >stdout.txt 2>stderr.txt
    T_STATUS=$?
    echo "\$ $T_CMD"
    echo "  exit status: $T_STATUS"
    sed 's/^/  stderr: /' stderr.txt
}

# t_mld ARGS...: run mld directly
t_mld() {
    t_run "$MLD" "$@"
}

# t_gcc_mld ARGS...: link through the gcc driver with mld as its ld
t_gcc_mld() {
    t_run "${T_CC:-gcc}" -B"$T/bin/" "$@"
}

# t_need_ld_bfd_x86_64: skips unless ld.bfd and an x86-64 host are there
t_need_ld_bfd_x86_64() {
    command -v ld.bfd >/dev/null 2>&1 || t_skip "ld.bfd not installed"
    case $(uname -m) in
        x86_64) ;;
        *) t_skip "this test assumes an x86-64 host" ;;
    esac
}

# t_which_main: for tests that compare which object GNU ld and mld link:
# skips unless ld.bfd and an x86-64 host are there, and writes main.c, a
# _start that exits with the value of which().
t_which_main() {
    t_need_ld_bfd_x86_64
    t_write main.c <<'SRC'
extern int which(void);
void _start(void) {
  __asm__ volatile("syscall" :: "a"(60), "D"(which()) : "rcx", "r11");
  for (;;) ;
}
SRC
}

# t_same_as_ld ARGS...: link with GNU ld (${T_LD:-ld.bfd}) and with mld,
# the same arguments followed by "-o ref.out" and "-o mld.out".  Passes
# if both fail, or if both succeed and the two programs (run with
# $T_RUN, e.g. qemu-aarch64) exit alike and print the same.  mld's
# status and stderr are kept as t_mld keeps them.
t_same_as_ld() {
    local ld=${T_LD:-ld.bfd} rs ms r1 r2
    T_CMD="$*"
    echo "\$ {$ld,mld} $T_CMD"
    rm -f ref.out mld.out
    timeout 30 "$ld" "$@" -o ref.out >ref.stdout 2>ref.stderr
    rs=$?
    timeout 30 "$MLD" "$@" -o mld.out >stdout.txt 2>stderr.txt
    ms=$?
    T_STATUS=$ms
    sed 's/^/  ld stderr: /' ref.stderr
    sed 's/^/  mld stderr: /' stderr.txt
    if [ "$ms" -ge 124 ]; then
        t_fail "mld crashed or hung (status $ms): $T_CMD"
    elif [ "$rs" -ne 0 ] && [ "$ms" -ne 0 ]; then
        t_pass "both fail: $T_CMD"
    elif [ "$rs" -ne 0 ] || [ "$ms" -ne 0 ]; then
        t_fail "GNU ld status $rs, mld status $ms: $T_CMD"
    else
        ${T_RUN:-} ./ref.out >ref.run 2>&1
        r1=$?
        ${T_RUN:-} ./mld.out >mld.run 2>&1
        r2=$?
        if [ "$r1" -eq "$r2" ] && cmp -s ref.run mld.run; then
            t_pass "both link, programs exit $r1: $T_CMD"
        else
            t_fail "programs differ (GNU ld's exits $r1, mld's $r2): $T_CMD"
        fi
    fi
}

# t_check DESCRIPTION COMMAND...: a check that passes if COMMAND succeeds
t_check() {
    local what=$1
    shift
    if "$@"; then t_pass "$what"; else t_fail "$what"; fi
}

# t_exit_start EXPR: prints C for a _start that exits with EXPR, on
# x86-64 and AArch64 (no libc)
t_exit_start() {
    cat <<SRC
#if defined(__x86_64__)
void _start(void) {
  __asm__ volatile("syscall" :: "a"(60), "D"($1) : "rcx", "r11");
  for (;;) ;
}
#else
void _start(void) {
  register long x0 __asm__("x0") = $1;
  register long x8 __asm__("x8") = 93;
  __asm__ volatile("svc 0" :: "r"(x0), "r"(x8));
  for (;;) ;
}
#endif
SRC
}

# t_target ARCH: sets cc, as, ld (GNU ld), objdump, run (the runner,
# empty on the host) and emul (mld's -m) for x86_64 or aarch64; skips
# the test if a tool is missing
t_target() {
    if [ "$1" = x86_64 ]; then
        cc=gcc as=as ld=ld.bfd objdump=objdump run= emul=elf_x86_64
    else
        cc=aarch64-linux-gnu-gcc as=aarch64-linux-gnu-as
        ld=aarch64-linux-gnu-ld objdump=aarch64-linux-gnu-objdump
        run=qemu-aarch64 emul=aarch64linux
    fi
    local tool
    for tool in $cc $as $ld $objdump $run; do
        command -v $tool >/dev/null || t_skip "$tool is not installed"
    done
}

# t_aarch64 [TOOL...]: sets AS, GLD, OBJDUMP and GCC to the AArch64 cross
# tools; skips the test if the assembler, GNU ld, objdump or a TOOL
# (qemu-aarch64, $GCC, ...) is not installed
t_aarch64() {
    AS=aarch64-linux-gnu-as GLD=aarch64-linux-gnu-ld
    OBJDUMP=aarch64-linux-gnu-objdump GCC=aarch64-linux-gnu-gcc
    local tool
    for tool in "$AS" "$GLD" "$OBJDUMP" "$@"; do
        command -v "$tool" >/dev/null || t_skip "$tool is not installed"
    done
}

# t_section_headers FILE: FILE's section headers in order (name, type,
# address, offset, size, alignment), but .strtab's and .shstrtab's: mld
# does not merge .strtab's string tails as GNU ld does, so its size and
# the offset after it may differ
t_section_headers() {
    readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' |
        awk '$1 != ".strtab" && $1 != ".shstrtab" {print $1, $2, $3, $4, $5, $NF}'
}

# t_same WHAT GNU-FILE MLD-FILE [DETAIL]: passes ("WHAT: DETAIL, as GNU
# ld") if the last mld command succeeded and the two files are the same;
# else shows how they differ and fails
t_same() {
    if [ "$T_STATUS" = 0 ] && cmp -s "$2" "$3"; then
        t_pass "$1: ${4:+$4, }as GNU ld"
    else
        diff "$2" "$3" | head -20
        t_fail "$1: not as GNU ld (mld's exit status $T_STATUS)"
    fi
}

# t_same_program WHAT GNU-EXE MLD-EXE [sorted]: AArch64 executables (after
# t_aarch64) must disassemble the same, list the same local symbols (in
# order, or as sets with "sorted") and print and exit alike under
# qemu-aarch64; sets got to mld's program's exit status
t_same_program() {
    $OBJDUMP -d "$2" | tail -n +3 >gnu.d
    $OBJDUMP -d "$3" | tail -n +3 >mld.d
    readelf -sW "$2" | awk '$5 == "LOCAL" {$1 = ""; print}' >gnu.sym
    readelf -sW "$3" | awk '$5 == "LOCAL" {$1 = ""; print}' >mld.sym
    if [ "${4:-}" = sorted ]; then
        sort -o gnu.sym gnu.sym
        sort -o mld.sym mld.sym
    fi
    qemu-aarch64 ./"$2" >gnu.run; local want=$?
    qemu-aarch64 ./"$3" >mld.run; got=$?
    if [ "$T_STATUS" != 0 ]; then
        t_fail "$1: mld failed"
    elif ! cmp -s gnu.d mld.d; then
        diff gnu.d mld.d | head -20
        t_fail "$1: the code is not GNU ld's"
    elif ! cmp -s gnu.sym mld.sym; then
        diff gnu.sym mld.sym | head -20
        t_fail "$1: the local symbols are not GNU ld's"
    elif [ "$got" != "$want" ] || ! cmp -s gnu.run mld.run; then
        t_fail "$1: exit $got, GNU ld's program $want"
    else
        return 0
    fi
    return 1
}

# t_run_both: runs ./gnu.out and ./mld.out under $run (set by t_target),
# each stopped after 20 s, and sets g and m to their exit statuses
t_run_both() {
    timeout 20 $run ./gnu.out
    g=$?
    timeout 20 $run ./mld.out
    m=$?
}

# t_section_names FILE: the names of FILE's sections, one a line
t_section_names() {
    readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] \([^ ]*\).*/\1/p'
}

# t_layout FILE [TYPES]: the output's layout to compare with GNU ld's:
# each section's name, type, address, size and flags (not the string
# tables, whose sizes differ), then the program headers of TYPES (an
# extended regular expression; LOAD by default)
t_layout() {
    readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' | grep -v strtab |
        awk '{print $1, $2, $3, $5, $7}'
    readelf -lW "$1" | grep -E "^ +(${2:-LOAD}) "
}

t_pass() {
    T_CHECKS=$((T_CHECKS + 1))
    echo "  ok: $*"
}

t_fail() {
    T_CHECKS=$((T_CHECKS + 1))
    T_FAILS=$((T_FAILS + 1))
    echo "  FAILED: $*"
}

# expect_failure: the last command exited with a non-zero status that
# is not a crash (signals give >= 128)
expect_failure() {
    if [ "$T_STATUS" -eq 0 ]; then
        t_fail "expected a non-zero exit status from: $T_CMD"
    elif [ "$T_STATUS" -ge 126 ]; then
        t_fail "exit status $T_STATUS looks like a crash or exec failure: $T_CMD"
    else
        t_pass "non-zero exit status ($T_STATUS)"
    fi
}

# expect_success: the last command exited with status 0
expect_success() {
    if [ "$T_STATUS" -eq 0 ]; then
        t_pass "exit status 0"
    else
        t_fail "exit status $T_STATUS from: $T_CMD"
    fi
}

# expect_error SUBSTR...: some stderr line starts with "mld: error:" (or,
# with T_GNU_ERROR set, is one of GNU ld's errors without the word) and
# contains every SUBSTR (fixed strings)
expect_error() {
    local line s ok
    while IFS= read -r line; do
        case $line in
            "mld: error:"*) ;;
            # GNU ld's errors without the word (region overflows ...).
            "mld: warning:"*) continue ;;
            "mld: "*) [ -n "${T_GNU_ERROR:-}" ] || continue ;;
            *) continue ;;
        esac
        ok=1
        for s in "$@"; do
            case $line in
                *"$s"*) ;;
                *) ok=; break ;;
            esac
        done
        if [ -n "$ok" ]; then
            t_pass "error line contains: $*"
            return 0
        fi
    done <stderr.txt
    t_fail "no stderr line starting with 'mld: error:' contains: $(printf "'%s' " "$@")"
    return 1
}

# expect_error_re ERE: some stderr line starting with "mld: error:"
# matches the extended regular expression ERE (case-insensitive)
expect_error_re() {
    if grep -E '^mld: error:' stderr.txt | grep -Eiq -- "$1"; then
        t_pass "error line matches /$1/"
    else
        t_fail "no stderr line starting with 'mld: error:' matches /$1/"
    fi
}

# expect_stderr SUBSTR: stderr contains SUBSTR anywhere
expect_stderr() {
    if grep -Fq -- "$1" stderr.txt; then
        t_pass "stderr mentions '$1'"
    else
        t_fail "stderr does not mention '$1'"
    fi
}

# expect_first_line_prefix: the first line of stderr starts with
# "mld: " (diagnostics are not preceded by other noise)
expect_first_line_prefix() {
    local first
    first=$(sed -n 1p stderr.txt)
    case $first in
        "mld: error:"*) t_pass "first stderr line starts with 'mld: error:'" ;;
        *) t_fail "first stderr line does not start with 'mld: error:': $first" ;;
    esac
}

# expect_no_file PATH: no output file was left behind
expect_no_file() {
    if [ -e "$1" ]; then
        t_fail "output file '$1' exists after the failed link"
    else
        t_pass "no output file '$1'"
    fi
}

# expect_unchanged PATH CHECKSUM: PATH still has the given cksum output
expect_unchanged() {
    local now
    if [ ! -e "$1" ]; then
        t_fail "pre-existing file '$1' was removed"
        return
    fi
    now=$(cksum <"$1")
    if [ "$now" = "$2" ]; then
        t_pass "pre-existing file '$1' left untouched"
    else
        t_fail "pre-existing file '$1' was modified"
    fi
}

# t_done: report and exit
t_done() {
    if [ "$T_FAILS" -gt 0 ]; then
        echo "FAIL $T_NAME: $T_FAILS of $T_CHECKS checks failed"
        exit 1
    fi
    if [ -n "$T_SKIPS" ]; then
        t_skip "$T_NAME: $T_CHECKS checks passed, but skipped: $T_SKIPS"
    fi
    if [ "$T_CHECKS" -eq 0 ]; then
        echo "FAIL $T_NAME: no check ran"
        exit 1
    fi
    echo "PASS $T_NAME ($T_CHECKS checks)"
    exit 0
}
