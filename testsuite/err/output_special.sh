#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# What the output path names decides how the output reaches it, as in GNU
# ld: a regular file with contents (or a symbolic link to one) is
# replaced; a FIFO, /dev/fd/N and an empty file are written in place and
# stay what they were.  Reports (-Map, --dependency-file, -M) follow the
# same rules, and a write that fails is an error.  A signal during the
# write leaves no temporary file (mld dies of it, as GNU ld does), and
# two links writing one path never show a reader half an executable.
# (Devices, /dev/null, full and read-only file systems: output_root.sh.)

t_need_ld_bfd_x86_64
t_write main.c <<'SRC'
void _start(void) { for (;;) ; }
SRC
t_compile main.c
# 24 MiB of .data: a write that takes long enough to be interrupted.
printf 'char big[24 << 20] = {1};\n' >big.c
t_compile big.c

"$MLD" -o ref.x main.o || t_hard_error "plain link failed"
"$MLD" -r -o ref.o main.o || t_hard_error "plain -r link failed"
"$MLD" -Map=ref.map --dependency-file=ref.d -o ref2.x main.o ||
    t_hard_error "plain link with -Map failed"

kind() { stat -c %F "$1"; }
no_temp() { [ -z "$(find "${1:-.}" -maxdepth 1 -name '.mld-*')" ]; }

# --- A FIFO: the reader gets the whole output; the FIFO stays a FIFO.
# (GNU ld 2.40 fails here: "final link failed: Illegal seek".)
read_fifo() {  # read_fifo FIFO FILE MLD-ARGS...: mld writes FIFO, FILE gets it
    local fifo=$1 file=$2 pid
    shift 2
    timeout 20 cat "$fifo" >"$file" &
    pid=$!
    t_mld "$@"
    wait "$pid"
}
mkfifo fifo
read_fifo fifo got.x -o fifo main.o
expect_success
t_check "a FIFO's reader gets the executable" cmp -s got.x ref.x
t_check "the FIFO is still a FIFO" [ "$(kind fifo)" = fifo ]
read_fifo fifo got.o -r -o fifo main.o
expect_success
t_check "a FIFO's reader gets the -r object" cmp -s got.o ref.o
read_fifo fifo got.map -Map=fifo -o ref2.x main.o
expect_success
t_check "a FIFO's reader gets the map" cmp -s got.map ref.map
read_fifo fifo got.d --dependency-file=fifo -o ref2.x main.o
expect_success
t_check "a FIFO's reader gets the dependency file" cmp -s got.d ref.d
t_check "the FIFO is still a FIFO after reports" [ "$(kind fifo)" = fifo ]

# A FIFO whose reader goes away: an error, not a kill by SIGPIPE.
timeout 20 sh -c "exec 3<fifo; head -c 10 <&3 >/dev/null" &
t_mld -o fifo main.o big.o
wait
expect_failure
expect_error "cannot write output file fifo" "Broken pipe"

# --- /dev/fd/1, and a link like /dev/stdout (standard output a pipe,
# then a file): the descriptor's file gets the output, the link stays.
ln -s /proc/self/fd/1 stdout
for p in /dev/fd/1 stdout; do
    "$MLD" -o $p main.o 2>stderr.txt | cat >piped.x
    t_check "-o $p into a pipe" cmp -s piped.x ref.x
    "$MLD" -o $p main.o >redirected.x 2>stderr.txt
    t_check "-o $p into a file" cmp -s redirected.x ref.x
done
t_check "the link like /dev/stdout is still a link" [ -L stdout ]
no_temp . && t_pass "no temporary file left" || t_fail "temporary files left"

# --- Regular files and symbolic links, each against GNU ld: what is
# replaced, what is kept, and the modes.
for ld in ld.bfd "$MLD"; do
    n=mld                      # (whatever $MLD's file is called)
    [ "$ld" = ld.bfd ] && n=ld.bfd
    mkdir -p "$n" && cd "$n" || t_hard_error "mkdir $n"
    (
        umask 022
        echo old >target; ln -s target link      # a link to a file: replaced
        : >empty; chmod 600 empty; ln empty empty.hard
        : >etarget; ln -s etarget elink           # a link to an empty file
        echo old >full; chmod 640 full; ln full full.hard
        "$ld" -o link ../main.o && "$ld" -o empty ../main.o &&
            "$ld" -o elink ../main.o && "$ld" -o full ../main.o &&
            "$ld" -o new ../main.o && "$ld" -r -o new.o ../main.o &&
            { umask 027; "$ld" -o new027 ../main.o &&
              "$ld" -r -o new027.o ../main.o; }
    ) >ld.log 2>&1 || { cat ld.log; t_hard_error "$n: a link failed"; }
    {
        echo "link: $(kind link); target: $(cat target)"
        echo "empty: $(stat -c '%a %h' empty) (same file as its hard link:" \
            "$( [ empty -ef empty.hard ] && echo yes || echo no))"
        echo "elink: $(kind elink); etarget: $([ -s etarget ] && echo written || echo empty)"
        echo "full: $(stat -c '%a %h' full) (same file as its hard link:" \
            "$( [ full -ef full.hard ] && echo yes || echo no))"
        echo "new: $(stat -c %a new); -r: $(stat -c %a new.o)"
        echo "umask 027: $(stat -c %a new027); -r: $(stat -c %a new027.o)"
    } >../modes.$n
    cd ..
done
sed 's/^/  GNU ld: /' modes.ld.bfd
if cmp -s modes.ld.bfd modes.mld; then
    t_pass "files, links and modes as GNU ld leaves them"
else
    t_fail "files, links and modes differ from GNU ld's:"
    diff modes.ld.bfd modes.mld | sed 's/^/    /'
fi

# --- Failed writes of reports are errors (GNU ld says nothing).
t_mld -o out.x -M main.o
expect_success
t_run sh -c "'$MLD' -o out.x -M main.o >/dev/full"
expect_failure
expect_error "cannot write map file to standard output" "No space left"
# As root, a device of our own like /dev/full: a linker that replaces
# what it writes must not take the machine's /dev/full with it.
full=/dev/full
if [ "$(id -u)" = 0 ]; then
    mknod -m 666 full c 1 7 || t_hard_error "mknod failed"
    full=full
fi
t_mld -o out.x -Map=$full main.o
expect_failure
expect_error "cannot write map file $full" "No space left"
t_mld -o out.x --dependency-file=$full main.o
expect_failure
expect_error "cannot write dependency file $full" "No space left"
t_mld -o $full main.o
expect_failure
expect_error "cannot write output file $full: No space left on device"
t_check "$full is still the device" [ "$(stat -c '%F %t:%T' $full)" = "character special file 1:7" ]

# --- Signals during the link and its write: the temporary file goes,
# the old output stays or the new one is whole.
mkdir sig
"$MLD" -o sig.ref main.o big.o || t_hard_error "big link failed"
echo old >sig/out
old=$(cksum <sig/out)
bad=0
for s in INT TERM HUP QUIT; do
    for d in 0.01 0.03 0.05 0.08 0.12; do
        # (A shell starts background jobs with SIGINT and SIGQUIT ignored.)
        env --default-signal=$s "$MLD" -o sig/out main.o big.o 2>/dev/null &
        pid=$!
        sleep "$d"
        kill -s "$s" "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
        st=$?
        # Stopped by it, mld dies of it, as GNU ld does (130 for SIGINT).
        if [ "$(cksum <sig/out)" = "$old" ] && [ $st != $((128 + $(kill -l $s))) ]; then
            echo "  SIG$s after ${d}s: exit status $st"
            bad=$((bad + 1))
        fi
        if ! no_temp sig; then
            echo "  SIG$s after ${d}s left $(ls -A sig)"
            bad=$((bad + 1))
            rm -f sig/.mld-*
        fi
        if [ "$(cksum <sig/out)" != "$old" ] && ! cmp -s sig/out sig.ref; then
            echo "  SIG$s after ${d}s left a damaged output"
            bad=$((bad + 1))
        fi
        echo old >sig/out
    done
done
[ $bad = 0 ] && t_pass "signals leave no temporary file and no torn output" ||
    t_fail "$bad signalled links left something behind"

# A signal the caller ignores (nohup) does not stop the link.  The signal
# goes once the process ignores it (env has set that up; on a busy
# machine a fixed wait could send it before, and kill env).
env --ignore-signal=HUP "$MLD" -o sig/out main.o big.o &
pid=$!
for i in $(seq 400); do
    ign=$(awk '/^SigIgn:/ {print $2}' /proc/$pid/status 2>/dev/null)
    [ -n "$ign" ] && [ $((0x$ign & 1)) = 1 ] && break
    sleep 0.005
done
kill -s HUP "$pid" 2>/dev/null
wait "$pid"
t_check "a link run with SIGHUP ignored outlives a SIGHUP" cmp -s sig/out sig.ref

# --- Two links writing one output at once: a reader sees one whole
# executable or the other, never a mix.
printf 'char big[24 << 20] = {2};\n' >big2.c
t_compile big2.c
"$MLD" -o race.a main.o big.o && "$MLD" -o race.b main.o big2.o ||
    t_hard_error "race references failed"
suma=$(cksum <race.a) sumb=$(cksum <race.b)
"$MLD" -o race.out main.o big.o || t_hard_error "race link failed"
(for i in 1 2 3 4 5 6; do "$MLD" -o race.out main.o big.o; done) &
p1=$!
(for i in 1 2 3 4 5 6; do "$MLD" -o race.out main.o big2.o; done) &
p2=$!
torn=0 reads=0
while kill -0 $p1 2>/dev/null || kill -0 $p2 2>/dev/null; do
    s=$(cksum <race.out)
    reads=$((reads + 1))
    [ "$s" = "$suma" ] || [ "$s" = "$sumb" ] || torn=$((torn + 1))
done
wait
[ $torn = 0 ] && t_pass "$reads reads during two racing links: each whole" ||
    t_fail "$torn of $reads reads saw a torn output"
no_temp . && t_pass "no temporary file left by the race" ||
    t_fail "temporary files left by the race"

t_done
