#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# mld links in a child process by default (--fork) and returns once the
# output is in place, leaving the child to unmap its files; --no-fork
# links in mld's own process.  Either way the caller sees the same
# output, messages, reports and exit status; the output can be run the
# moment mld returns (never "Text file busy"); standard output and error
# read through pipes end when mld does; a signal sent to mld reaches the
# link (no temporary file is left, and mld dies of it); a link that
# crashes makes mld die of the same signal; mld killed outright takes
# the link with it.

t_need_ld_bfd_x86_64
# (A sanitizer build links in one process, and handles the signals and
# starts the processes of its own this test watches.)
if ldd "$MLD" 2>/dev/null | grep -q 'libasan'; then
  t_skip "mld is built with AddressSanitizer, which does not fork"
fi
t_write main.c <<'SRC'
#include <stdio.h>
int main(void) { puts("hello"); return 0; }
SRC
t_compile main.c
t_write undef.c <<'SRC'
extern int missing(void);
int main(void) { return missing(); }
SRC
t_compile undef.c
t_write start.c <<'SRC'
void _start(void) { for (;;) ; }
SRC
t_compile start.c
# 48 MiB of .data: a link long enough to be caught at work.
printf 'char big[48 << 20] = {1};\n' >big.c
t_compile big.c

no_temp() { [ -z "$(find . -maxdepth 1 -name '.mld-*')" ]; }

# --- Same output, messages, reports and status, forked or not.
for f in --fork --no-fork; do
    t_gcc_mld -static -o out main.o -Wl,$f,-Map=map$f,--cref
    expect_success
    mv out "out$f"
done
t_check "the same executable either way" cmp -s out--fork out--no-fork
t_check "the same map either way" cmp -s map--fork map--no-fork
t_check "the executable runs" [ "$(./out--fork)" = hello ]
for f in --fork --no-fork; do
    t_gcc_mld -static -o "bad$f" undef.o -Wl,$f
    expect_failure
    expect_error "undefined reference to \`missing'"
    cp stderr.txt "err$f"
    [ ! -e "bad$f" ] && t_pass "$f: no output after an error" ||
        t_fail "$f: an output after an error"
done
t_check "the same messages either way" cmp -s err--fork err--no-fork
# The last of the two wins.
t_gcc_mld -static -o last main.o -Wl,--no-fork,--fork
expect_success

# --- Standard output through a pipe: it ends when mld returns, whole.
for f in --fork --no-fork; do
    "$MLD" $f -M -o m.x start.o >"print$f" 2>/dev/null ||
        t_fail "$f: -M link failed"
done
t_check "-M prints the same map either way" cmp -s print--fork print--no-fork
got=$("$MLD" -M -o m.x start.o 2>&1 | wc -c)
want=$(wc -c <print--fork)
[ "$got" = "$want" ] && t_pass "a pipe reading -M gets all $want bytes" ||
    t_fail "a pipe reading -M got $got bytes, not $want"
# Stderr too: a warning read through a pipe.
msg=$("$MLD" -N -o m4 start.o 2>&1 >/dev/null | head -1)
case $msg in
    *"has a LOAD segment with RWX permissions"*) t_pass "a pipe reading stderr gets the warning" ;;
    *) t_fail "a pipe reading stderr got: $msg" ;;
esac

# --- The output runs the moment mld returns, twenty times over.
busy=0
for i in $(seq 20); do
    gcc -B"$T/bin/" -static -o run.x main.o big.o ||
        t_hard_error "link $i failed"
    out=$(./run.x 2>&1) || busy=$((busy + 1))
    [ "$out" = hello ] || busy=$((busy + 1))
done
[ $busy = 0 ] && t_pass "the output ran at once after each of 20 links" ||
    t_fail "$busy of 20 outputs did not run at once (Text file busy?)"
no_temp && t_pass "no temporary file left" || t_fail "temporary files left"

# --- A signal to mld reaches the link: mld dies of it, no temporary
# file stays, and the old output is left as it was.
echo old >sig.x
bad=0 n=0
for s in TERM INT HUP; do
    for d in 0.02 0.05 0.1; do
        env --default-signal=$s "$MLD" -o sig.x start.o big.o 2>/dev/null &
        pid=$!
        sleep "$d"
        kill -s "$s" "$pid" 2>/dev/null
        wait "$pid"
        st=$?
        n=$((n + 1))
        if [ "$(cat sig.x 2>/dev/null)" = old ]; then
            want=$((128 + $(kill -l "$s")))
            [ $st = $want ] || { echo "  SIG$s after ${d}s: status $st, not $want"; bad=$((bad + 1)); }
        fi
        no_temp || { echo "  SIG$s after ${d}s left a temporary file"; bad=$((bad + 1)); rm -f .mld-*; }
        echo old >sig.x
    done
done
[ $bad = 0 ] && t_pass "$n signals: mld dies of each, nothing left behind" ||
    t_fail "$bad of $n signalled links went wrong"

# child_of PID: PID's child process, once it has one (2 s at most).
child_of() {
    local k i
    for i in $(seq 400); do
        k=$(cat /proc/$1/task/*/children 2>/dev/null | tr -s ' ' '\n' | head -1)
        [ -n "$k" ] && { echo "$k"; return; }
        sleep 0.005
    done
}

# start_waiting OUT: a link into OUT (which holds "old") that waits for
# an input from a FIFO no one writes; pid is mld's, kid its child's.
mkfifo late.o
start_waiting() {
    echo old >"$1"
    "$MLD" -o "$1" start.o late.o 2>/dev/null &
    pid=$!
    kid=$(child_of $pid)
    [ -n "$kid" ] && return
    kill -s KILL "$pid"
    t_fail "no child process found: the link did not fork"
    return 1
}

# --- The link crashing: mld dies of the same signal.
if start_waiting crash.x; then
    kill -s SEGV "$kid"
    wait "$pid"
    st=$?
    [ $st = 139 ] && t_pass "a link killed by SIGSEGV: mld dies of it (139)" ||
        t_fail "a link killed by SIGSEGV: mld's status $st, not 139"
    [ "$(cat crash.x)" = old ] && t_pass "the crashed link left the old output" ||
        t_fail "the crashed link changed the output"
fi

# --- mld killed outright (SIGKILL, as a timeout may): the link goes
# with it, so no output the caller was not told of appears later.
if start_waiting kill.x; then
    kill -s KILL "$pid"
    wait "$pid" 2>/dev/null
    for i in $(seq 400); do
        [ -d /proc/$kid ] || break
        sleep 0.01
    done
    if [ -d /proc/$kid ]; then
        t_fail "the link goes on with mld killed"
        kill -s KILL "$kid"
    else
        t_pass "the link ended with mld killed"
    fi
    [ "$(cat kill.x)" = old ] && no_temp &&
        t_pass "mld killed: the old output stays, no temporary file" ||
        t_fail "mld killed: the output changed or a temporary file stays"
fi

# --- --no-fork: the link is mld's own process (no child).
"$MLD" --no-fork -o nf.x start.o big.o &
pid=$!
kids=
for i in $(seq 20); do
    kids+=$(cat /proc/$pid/task/*/children 2>/dev/null)
    sleep 0.005
done
wait "$pid" || t_fail "--no-fork link failed"
[ -z "$kids" ] && t_pass "--no-fork: no child process" ||
    t_fail "--no-fork: child processes $kids"
t_done
