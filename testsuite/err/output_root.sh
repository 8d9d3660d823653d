#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# The output cases that need root, each beside GNU ld where it links:
# a device stays the device it was (a private one first, then the
# machine's /dev/null and /dev/stdout, only once the private ones
# survived); a full file system and a read-only one are one clear error
# that leaves nothing behind and an old output untouched; a directory
# the user may not write to; whose a replaced or kept output is.

[ "$(id -u)" = 0 ] || t_skip "needs root (mknod, mount, setpriv)"
t_need_ld_bfd_x86_64
for tool in mknod mount umount setpriv; do
    command -v $tool >/dev/null || t_hard_error "$tool is missing"
done
mounts=()
cleanup_mounts() {
    local m
    for m in "${mounts[@]}"; do umount "$m" 2>/dev/null; done
    t_cleanup
}
trap cleanup_mounts EXIT

t_write main.c <<'SRC'
void _start(void) { for (;;) ; }
SRC
t_compile main.c
printf 'char big[2 << 20] = {1};\n' >big.c
t_compile big.c
"$MLD" -o ref.x main.o || t_hard_error "plain link failed"

node() { stat -c '%F %t:%T %a %U' "$1"; }
no_temp() { [ -z "$(find "$1" -maxdepth 1 -name '.mld-*')" ]; }

# --- A device of our own, written as an executable, an object, a map
# and a dependency file, by GNU ld and by mld.
mknod -m 620 dev c 1 3 || t_hard_error "mknod failed"
before=$(node dev)
private_ok=1
for ld in ld.bfd "$MLD"; do
    for args in "-o dev" "-r -o dev" "-Map=dev -o out.x" \
                "--dependency-file=dev -o out.x"; do
        t_run "$ld" $args main.o
        expect_success
        if [ "$(node dev)" != "$before" ]; then
            t_fail "$(basename "$ld") $args left dev as: $(node dev)"
            private_ok=
            rm -f dev; mknod -m 620 dev c 1 3
        else
            t_pass "$(basename "$ld") $args: dev is still $before"
        fi
    done
done

# --- The machine's /dev/null and /dev/stdout, as configure probes and
# gcc -o /dev/null use them.
if [ -n "$private_ok" ]; then
    before=$(node /dev/null)
    for args in "-o /dev/null" "-r -o /dev/null" "-Map=/dev/null -o out.x" \
                "--dependency-file=/dev/null -o out.x"; do
        t_mld $args main.o
        expect_success
        t_check "mld $args: /dev/null is still $before" \
            [ "$(node /dev/null)" = "$before" ]
    done
    printf 'int main(void) { return 0; }\n' >probe.c
    t_gcc_mld -static -o /dev/null probe.c
    expect_success
    t_check "gcc -static -o /dev/null: /dev/null is still $before" \
        [ "$(node /dev/null)" = "$before" ]
    before=$(readlink /dev/stdout)
    "$MLD" -o /dev/stdout main.o | cat >piped.x
    t_check "-o /dev/stdout into a pipe" cmp -s piped.x ref.x
    "$MLD" -o /dev/stdout main.o >redirected.x
    t_check "-o /dev/stdout into a file" cmp -s redirected.x ref.x
    t_check "/dev/stdout is still a link to $before" \
        [ "$(readlink /dev/stdout)" = "$before" ]
else
    t_fail "not trying /dev/null and /dev/stdout: a private device was replaced"
fi

# --- A full file system (a 1 MiB tmpfs) and the 2 MiB output: one
# clear error; the old output stays, no temporary file is left.
mkdir small
mount -t tmpfs -o size=1m mld-test small || t_hard_error "mount tmpfs failed"
mounts+=("$T/small")
for ld in ld.bfd "$MLD"; do
    n=$(basename "$ld")
    cp ref.x small/out
    old=$(cksum <small/out)
    t_run "$ld" -o small/out main.o big.o
    expect_failure
    t_check "$n: no temporary file left on the full file system" no_temp small
    [ "$n" = mld ] || continue
    expect_error "cannot write output file small/out" "No space left on device"
    expect_unchanged small/out "$old"
    t_run "$ld" -r -o small/out.o main.o big.o
    expect_failure
    expect_error "cannot write output file small/out.o" "No space left on device"
    expect_no_file small/out.o
done
# A map file on the full file system.
head -c 2000000 /dev/zero >small/filler 2>/dev/null
t_mld -Map=small/out.map -o out.x main.o
expect_failure
expect_error "cannot write map file small/out.map" "No space left on device"

# --- A read-only file system: nothing created.
mkdir ro
mount -t tmpfs -o ro,size=1m mld-test ro || t_hard_error "mount ro failed"
mounts+=("$T/ro")
t_run ld.bfd -o ro/out main.o
sed -n 's/^ld.bfd: //p' stderr.txt >gnu.msg
t_mld -o ro/out main.o
expect_failure
expect_error "$(cat gnu.msg)"
expect_no_file ro/out

# --- Ownership: a replaced output is the linking user's, a kept one
# (empty, written in place) stays its owner's; as GNU ld does.  And a
# directory the user may not write to: no new file, but a file the user
# may write is written in place, as GNU ld writes it.
# nobody runs a copy of mld in $T: the tree mld was built in may be
# closed to other users (CI's clones are).
chmod 755 "$T"
cp "$MLD" "$T/mld" && chmod 755 "$T/mld" || t_hard_error "copying mld failed"
for ld in ld.bfd "$T/mld"; do
    n=$(basename "$ld")
    mkdir own.$n
    echo old >own.$n/full; : >own.$n/empty
    chown nobody own.$n/full own.$n/empty
    "$ld" -o own.$n/full main.o && "$ld" -o own.$n/empty main.o ||
        t_hard_error "$n: linking over nobody's files failed"
    chmod 755 own.$n
    echo old >own.$n/mine; chown nobody own.$n/mine
    setpriv --reuid=nobody --regid=nogroup --clear-groups \
        "$ld" -o own.$n/mine main.o 2>own.$n.err1
    s1=$?
    setpriv --reuid=nobody --regid=nogroup --clear-groups \
        "$ld" -o own.$n/new main.o 2>own.$n.err2
    s2=$?
    {
        echo "replaced: $(stat -c %U own.$n/full); kept: $(stat -c %U own.$n/empty)"
        echo "nobody over its own file in root's directory: status $s1," \
            "owner $(stat -c %U own.$n/mine), runs: $(head -c 4 own.$n/mine | od -An -c | tr -d ' ')"
        echo "nobody, a new file there: status $s2, $(ls own.$n/new 2>&1 | sed 's/.*: //')"
        sed "s/^[^:]*: \(error: \)\{0,1\}//; s/own\.$n/own/" own.$n.err2
    } >own.$n.txt
done
sed 's/^/  GNU ld: /' own.ld.bfd.txt
if cmp -s own.ld.bfd.txt own.mld.txt; then
    t_pass "owners and unwritable directories as GNU ld leaves them"
else
    t_fail "owners or unwritable directories differ from GNU ld's:"
    diff own.ld.bfd.txt own.mld.txt | sed 's/^/    /'
fi
t_check "no temporary file left in the directories" no_temp own.mld

t_done
