#!/bin/bash
# make bench: links synthetic workloads with mld and its peers (GNU ld,
# gold, lld, mold: those installed) side by side, checks that each output
# runs correctly, and prints wall time and peak memory per linker, the
# ratios of mld to the fastest and to the leanest peer, and to a floor.
#
#   bench/run.sh [workload...]        default: medium
#
# Workloads, measured one after another:
#   small medium large  ../shared/bench/gen.py's presets: C programs of
#                       50x40, 1000x25 and 4000x32 units x functions
#                       (1.7, 23 and 112 MB of x86-64 objects)
#   xl                  gen.py with XL_TUS x XL_FUNCS (38400 x 32): about
#                       1 GiB of objects, scaled from large's 112 MB for
#                       4000 x 32 (AArch64 objects are 1.4 times larger);
#                       generated here under BENCH_DIR, never committed
#   NAME-gc             gen.py's workload built with SECTIONS=1
#                       (-ffunction-sections -fdata-sections), linked
#                       with --gc-sections
#   NAME-g              gen.py's workload built with CFLAGS='-O0 -g', so
#                       the link carries debug sections (large-gc-g: both)
#   syms1m syms4m       bench/gensyms.py symbols: 400 and 1600 objects of
#                       2500 global functions, 1 M and 4 M global symbols
#   chain               bench/gensyms.py chain: an archive of 20000
#                       members, each found by one more scan of its index
#   llvm                bench/llvmdemo.c linked with Debian's static LLVM 14
#                       libraries (llvm-14-dev): a real C++ program of
#                       about 40 MiB, x86-64 only
#   gtest gtest-g       googletest's own gmock tests (the googletest
#                       package's sources in /usr/src/googletest):
#                       gtest-all.cc, gmock-all.cc and gmock_all_test.cc
#                       (every gmock test in one unit) built with -O1, and
#                       with -O1 -g: a real C++ program whose link is
#                       mostly debug information (230 MB of objects, one
#                       of 214 MB; building it takes about 5 minutes);
#                       the output runs its 1193 tests
#   "large gc"          the old form of large-gc, still accepted
#
# Environment:
#   RUNS=5          timed rounds.  Each linker first links once (warm-up,
#                   which also runs the output against expected.txt); then
#                   every round runs each linker once, in turn, so a
#                   change in the machine's state hits all alike.  Times
#                   and peak RSS printed are medians over the rounds.
#   ARCH=x86_64     or aarch64: objects built with aarch64-linux-gnu-gcc
#                   and -as, linked for AArch64 (gcc's line carries
#                   -m aarch64linux; GNU ld and gold are the
#                   aarch64-linux-gnu- ones), the output run with
#                   qemu-aarch64.
#   LOAD=0          1: while timing, one busy loop per online CPU at
#                   normal priority, as in a parallel build.
#   BENCH_DIR=/tmp/mld-bench  where workloads are generated and linked.
#   BENCH_JSON=     a file: one JSON line per workload is appended to it.
#   MLD=ld/mld      the mld to measure; GEN=../shared/bench/gen.py.
#   STATS=0         1: after the rounds, mld's time per pass (--stats),
#                   the median of three more --no-fork links.
#   ROWS=           a comma-separated list of rows (below) to run, e.g.
#                   ROWS=mld,mld-nofork,lld19,mold242,mold242-nofork to
#                   leave out GNU ld and gold on xl or syms4m; the floor
#                   always runs, and the fastest and leanest peers are
#                   chosen among the rows run.
#   XL_TUS=38400 XL_FUNCS=32, SYMS_OBJECTS=400|1600 SYMS_FUNCS=2500,
#   CHAIN_MEMBERS=20000: workload sizes, for trying the script small.
#
# Rows: mld (its default: it forks), mld-nofork and mld-t1 (--threads=1,
# forking); the peers bfd (GNU ld), gold, lld
# and lld-t1 (--threads=1), mold (its default: it forks) and mold-nofork,
# Debian 12's; lld19 and lld19-t1, mold242 and mold242-nofork, the
# current releases (bench/peers.sh finds, installs or builds them: lld-19
# from Debian, mold 2.42 from MOLD_SRC, a clone of its repository);
# and floor.  Every linker runs on the command line gcc would give ld
# (from gcc -###, minus the LTO plugin), without the compiler driver.
# A peer not installed is skipped, with a note.
#
# Wall time is taken around /usr/bin/time, whose own fork and exec (about
# a millisecond) count in every row alike; peak RSS is its %M.  mold by
# default forks, and so does mld: the parent exits once the output is
# written and leaves the child to release memory, so the parent's %M is
# not the link's peak; the mold and mld rows print "n/a (fork)", and
# mold-nofork and mld-nofork stand for their memory.
# The script waits for that child before the next link (it holds a pipe
# that the script drains), so it does not overlap the next linker.
#
# floor: reading every input of the link once from the page cache (cat of
# each object, archive and crt file on the link line, libc.a included) and
# writing a file of mld's output's size next to it, in one thread: the I/O
# alone (not a strict bound: a linker reads only the archive members it
# needs).
#
# Each workload prints one row per linker (median wall time, peak RSS, and
# mld ÷ the row for both: below 1, mld is faster or leaner), then
#   summary: NAME mld T fastest-peer ROW T ratio R | rss mld M leanest ROW
#            M ratio R | floor T ratio R
# with mld ÷ the fastest peer, ÷ the leanest peer and ÷ floor.
set -eu
export LC_ALL=C
top=$(cd "$(dirname "$0")/.." && pwd)
gen=${GEN:-$top/../shared/bench/gen.py}
gensyms=$top/bench/gensyms.py
bench_dir=${BENCH_DIR:-/tmp/mld-bench}
runs=${RUNS:-5}
arch=${ARCH:-x86_64}
load=${LOAD:-0}
json=${BENCH_JSON:-}
mld=${MLD:-$top/ld/mld}
gen=$(realpath -m "$gen") mld=$(realpath -m "$mld")  # links run elsewhere

[ -x "$mld" ] || { echo "bench: build mld first (make), or set MLD"; exit 1; }
mkdir -p "$bench_dir"
bench_dir=$(cd "$bench_dir" && pwd)

# Workloads from the arguments; the old "PRESET gc" form is PRESET-gc.
workloads=()
for a in "$@"; do
  if [ "$a" = gc ] && [ ${#workloads[@]} -gt 0 ]; then
    workloads[-1]+=-gc
  else
    workloads+=("$a")
  fi
done
[ ${#workloads[@]} -gt 0 ] || workloads=(medium)

# The tools and the peers of each architecture.
case $arch in
  x86_64)
    cc=gcc as=as run=()
    bfd=ld.bfd gold=ld.gold ;;
  aarch64)
    cc=aarch64-linux-gnu-gcc as=aarch64-linux-gnu-as run=(qemu-aarch64)
    bfd=aarch64-linux-gnu-ld.bfd gold=aarch64-linux-gnu-ld.gold
    command -v "$bfd" >/dev/null || bfd=aarch64-linux-gnu-ld ;;
  *) echo "bench: ARCH is x86_64 or aarch64, not $arch"; exit 1 ;;
esac
for t in "$cc" "$as" "${run[@]}"; do
  command -v "$t" >/dev/null || { echo "bench: $t not installed"; exit 1; }
done

rows=(mld mld-nofork mld-t1 bfd gold lld lld-t1 lld19 lld19-t1 mold mold-nofork
      mold242 mold242-nofork floor)
declare -A cmd=(
  [mld]="$mld" [mld-nofork]="$mld --no-fork" [mld-t1]="$mld --threads=1"
  [bfd]="$bfd" [gold]="$gold"
  [lld]="ld.lld" [lld-t1]="ld.lld --threads=1"
  [mold]="mold" [mold-nofork]="mold --no-fork"
)
# The current releases (bench/peers.sh): a row without one is skipped.
. "$top/bench/peers.sh"
lld19=$(peer_lld_19) mold242=$(peer_mold_242)
[ -z "$lld19" ] || cmd+=([lld19]="$lld19" [lld19-t1]="$lld19 --threads=1")
[ -z "$mold242" ] ||
  cmd+=([mold242]="$mold242" [mold242-nofork]="$mold242 --no-fork")
is_peer() { case $1 in mld|mld-nofork|mld-t1|floor) return 1 ;; esac; }

# ROWS=a,b,...: only those rows, in the usual order (the floor always).
if [ -n "${ROWS:-}" ]; then
  IFS=, read -ra want <<<"$ROWS"
  for w in "${want[@]}"; do
    case " ${rows[*]} " in
      *" $w "*) ;;
      *) echo "bench: ROWS: no row $w (rows: ${rows[*]})"; exit 1 ;;
    esac
  done
  keep=()
  for row in "${rows[@]}"; do
    case ",$ROWS,floor," in *",$row,"*) keep+=("$row") ;; esac
  done
  rows=("${keep[@]}")
fi

# LOAD=1: busy loops, killed on exit.
load_pids=()
start_load() {
  for _ in $(seq "$(getconf _NPROCESSORS_ONLN)"); do
    sh -c 'while :; do :; done' </dev/null >/dev/null 2>&1 &
    load_pids+=($!)
  done
}
stop_load() {
  if [ ${#load_pids[@]} -gt 0 ]; then
    kill "${load_pids[@]}" 2>/dev/null || true
    wait "${load_pids[@]}" 2>/dev/null || true
  fi
  load_pids=()
}
trap stop_load EXIT
trap 'exit 130' INT TERM

# prepare NAME: generates and builds workload NAME for $arch.  Sets wdir
# (the directory holding the objects, where links run), objs (their names
# in link order), extra (options for gcc's link line) and expected.
prepare() {
  local name=$1 kind=${1%%-*} suffix=${1#"${1%%-*}"}
  local gdir sections='' debug='' n m s mflags=()
  while [ -n "$suffix" ]; do
    s=${suffix#-}; s=${s%%-*}; suffix=${suffix#-"$s"}
    case $s in
      gc) sections=1 ;;
      g) debug=1 ;;
      *) echo "bench: $name: unknown suffix -$s"; return 1 ;;
    esac
  done
  extra=() run_args=() out_tail=0
  case $kind in
    small|medium|large|xl)
      if [ ! -f "$gen" ]; then
        echo "bench: no generator at $gen (set GEN)"; return 1
      fi
      if [ "$kind" = xl ]; then
        n=${XL_TUS:-38400} m=${XL_FUNCS:-32}
        gdir=$bench_dir/xl-${n}x$m
        python3 "$gen" --out "$gdir" --tus "$n" --funcs "$m" >/dev/null
      else
        gdir=$bench_dir/$kind
        python3 "$gen" --out "$gdir" --preset "$kind" >/dev/null
      fi
      wdir=obj-$arch${sections:+-gc}${debug:+-g}
      if [ -n "$sections" ]; then
        mflags+=(SECTIONS=1); extra+=('-Wl,--gc-sections')
      fi
      [ -z "$debug" ] || mflags+=("CFLAGS=-O0 -g")
      make -s -C "$gdir" -j2 CC="$cc" OBJDIR="$wdir" "${mflags[@]}" >/dev/null
      wdir=$gdir/$wdir
      extra+=(-lm) ;;
    syms1m|syms4m|chain)
      if [ -n "$sections$debug" ]; then
        echo "bench: $name: $kind takes no suffix"; return 1
      fi
      if [ "$kind" = chain ]; then
        n=${CHAIN_MEMBERS:-20000}
        gdir=$bench_dir/chain-$arch-$n
        python3 "$gensyms" chain --out "$gdir" --arch "$arch" --members "$n"
      else
        n=${SYMS_OBJECTS:-$([ "$kind" = syms1m ] && echo 400 || echo 1600)}
        m=${SYMS_FUNCS:-2500}
        gdir=$bench_dir/syms-$arch-${n}x$m
        python3 "$gensyms" symbols --out "$gdir" --arch "$arch" \
          --objects "$n" --funcs "$m"
      fi
      make -s -C "$gdir" -j2 AS="$as" CC="$cc" >/dev/null
      wdir=$gdir ;;
    llvm)
      # A real C++ link: bench/llvmdemo.c against Debian's static LLVM 14
      # libraries (llvm-14-dev), for x86-64 (the libraries are the host's).
      if [ -n "$sections$debug" ] || [ "$arch" != x86_64 ]; then
        echo "bench: $name: llvm is x86-64 only and takes no suffix"; return 1
      fi
      command -v llvm-config-14 >/dev/null ||
        { echo "bench: llvm needs llvm-config-14 (llvm-14-dev)"; return 1; }
      gdir=$bench_dir/llvm-$arch
      mkdir -p "$gdir"
      # shellcheck disable=SC2046  # llvm-config prints words
      [ "$gdir/llvmdemo.o" -nt "$top/bench/llvmdemo.c" ] ||
        "$cc" -O1 $(llvm-config-14 --cflags) -c "$top/bench/llvmdemo.c" \
          -o "$gdir/llvmdemo.o"
      # shellcheck disable=SC2207
      extra=("-L$(llvm-config-14 --libdir)"
             $(llvm-config-14 --libs --link-static x86 aarch64)
             -lstdc++ -lm -lz -ltinfo -lpthread)
      echo llvmdemo.o >"$gdir/objects.txt"
      # What it prints, from the default linker's program.
      [ -s "$gdir/expected.txt" ] ||
        { (cd "$gdir" && "$cc" -static -o ref.out llvmdemo.o "${extra[@]}" \
             2>/dev/null && ./ref.out >expected.txt) ||
          { echo "bench: llvm: the reference link failed"; return 1; }; }
      wdir=$gdir ;;
    gtest)
      # A real C++ program, with -g a debug-information link.
      local src=/usr/src/googletest cxx=${cc%gcc}g++ u
      [ -z "$sections" ] || { echo "bench: $name: no -gc for gtest"; return 1; }
      [ -d "$src/googlemock/test" ] ||
        { echo "bench: $name needs the googletest package"; return 1; }
      command -v "$cxx" >/dev/null || { echo "bench: $cxx not installed"; return 1; }
      gdir=$bench_dir/gtest-$arch${debug:+-g}
      mkdir -p "$gdir"
      for u in googletest/src/gtest-all googlemock/src/gmock-all \
               googlemock/test/gmock_all_test; do
        [ -s "$gdir/${u##*/}.o" ] ||
          "$cxx" -O1 ${debug:+-g} -I"$src/googletest/include" \
            -I"$src/googletest" -I"$src/googlemock/include" \
            -I"$src/googlemock" -c "$src/$u.cc" -o "$gdir/${u##*/}.o" &
      done
      wait
      printf '%s\n' gtest-all.o gmock-all.o gmock_all_test.o \
        >"$gdir/objects.txt"
      extra=(-lstdc++ -lm -lpthread)
      # The tests' summary (the rest prints heap addresses).
      run_args=(--gtest_brief=1 --gtest_print_time=0) out_tail=2
      printf '%s\n' "[==========] 1193 tests from 281 test suites ran." \
        "[  PASSED  ] 1193 tests." >"$gdir/expected.txt"
      wdir=$gdir ;;
    *) echo "bench: unknown workload $name"; return 1 ;;
  esac
  objs=$(cat "$gdir/objects.txt")
  expected=$gdir/expected.txt
}

# The linker command line gcc would run (gcc -### prints it without
# running it), minus the LTO plugin options, with "-o OUT" for the output.
link_args() {
  # shellcheck disable=SC2086  # $objs: one name a word
  "$cc" -static -### -o OUT $objs "${extra[@]}" 2>&1 |
    grep collect2 | sed 's/^ *//; s/"//g' | tr ' ' '\n' | sed 1d |
    grep -v -e '^-plugin' -e 'liblto_plugin' |
    sed 's/^-maarch64linux$/-m\naarch64linux/' | tr '\n' ' '
}

# Every file the link reads, for the floor: objects, crt files, and the
# archives -l finds in the -L directories; a linker script (x86-64's
# libm.a) stands for the files it names.
link_inputs() {
  local dirs=() a d f
  for a in $args; do
    case $a in -L*) dirs+=("${a#-L}") ;; esac
  done
  for a in $args; do
    case $a in
      -l*) for d in "${dirs[@]}"; do
             f=$d/lib${a#-l}.a
             if [ -f "$f" ]; then echo "$f"; break; fi
           done ;;
      -*) ;;
      *) if [ -f "$a" ]; then echo "$a"; fi ;;
    esac
  done | while read -r f; do
    case $(head -c 7 "$f" | tr -d '\0') in
      '!<arch>'|$'\x7f'ELF*) echo "$f" ;;
      *) grep -o '/[^ )]*' "$f" | while read -r s; do
           if [ -f "$s" ]; then echo "$s"; fi
         done ;;
    esac
  done | awk '!seen[$0]++'
}

# run_row ROW: one timed run of ROW, writing a.out in wdir; sets secs and
# kib (empty when the run failed).  The command inherits fd 9, the write
# end of the pipe that cat drains: the pipeline ends only when every
# process holding it has exited, mold's forked child included.
run_row() {
  local c
  if [ "$1" = floor ]; then
    c="sh $wdir/floor.sh"
  else
    c="${cmd[$1]} ${args/-o OUT/-o $wdir/a.out}"
  fi
  rm -f "$wdir/time.out"
  {
    t0=$EPOCHREALTIME
    # shellcheck disable=SC2086  # $c: a command line of plain words
    if /usr/bin/time -o "$wdir/time.out" -f %M $c >"$wdir/link.log" 2>&1
    then echo "$t0 $EPOCHREALTIME" >"$wdir/wall.out"
    else echo fail >"$wdir/wall.out"
    fi
  } 9>&1 | cat >/dev/null
  secs=$(awk '$1 != "fail" { printf "%.4f", $2 - $1 }' "$wdir/wall.out")
  kib=$(tail -1 "$wdir/time.out")
}

median() {
  tr ' ' '\n' | grep . | sort -g |
    awk '{ a[NR] = $1 }
         END { h = int(NR / 2)
               print NR % 2 ? a[h + 1] : (a[h] + a[h + 1]) / 2 }'
}
lt() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'; }
sig() { awk -v a="$1" 'BEGIN { printf "%.3g", a }'; }
div() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }

# bench NAME: prepares, checks and times workload NAME, prints its table
# and summary line and, with BENCH_JSON, its JSON line.
bench() {
  local name=$1 r row live=() out ran mb fb size='' label=$1
  prepare "$name"
  [ "$arch" = x86_64 ] || label="$name ($arch)"
  cd "$wdir"
  args=$(link_args)
  # shellcheck disable=SC2086
  mb=$(du -cb $objs | tail -1 | cut -f1)

  # Warm-up: every linker once, its output run and compared.
  for row in "${rows[@]}"; do
    [ "$row" != floor ] || continue
    if [ -z "${cmd[$row]:-}" ]; then
      continue                  # noted by bench/peers.sh
    elif ! command -v "${cmd[$row]%% *}" >/dev/null; then
      echo "skipped: $row (${cmd[$row]%% *} not installed)"
      continue
    fi
    run_row "$row"
    if [ -z "$secs" ]; then
      echo "$row: link failed:"; head -5 "$wdir/link.log"; continue
    fi
    ran=1
    out=$("${run[@]}" "$wdir/a.out" "${run_args[@]}") || ran=0
    [ "$out_tail" = 0 ] || out=$(tail -n "$out_tail" <<<"$out")
    if [ "$ran" = 0 ] || ! diff -q - "$expected" <<<"$out" >/dev/null; then
      echo "$row: output program does not match expected.txt"; continue
    fi
    [ -n "$size" ] || size=$(stat -c %s "$wdir/a.out")
    live+=("$row")
  done
  if [ ${#live[@]} -eq 0 ]; then
    echo "bench: $name: no linker succeeded"; return 1
  fi

  # The floor: a script reading every input and writing mld's output size.
  link_inputs >"$wdir/inputs.txt"
  # (xargs may run du more than once: add up every "total" line.)
  fb=$(xargs du -cbL <"$wdir/inputs.txt" | awk '$2 == "total" { t += $1 } END { print t + 0 }')
  { echo "xargs cat <$wdir/inputs.txt >/dev/null"
    echo "head -c $size /dev/zero >$wdir/floor.out"
  } >"$wdir/floor.sh"
  live+=(floor)
  run_row floor

  echo "workload: $label: $(wc -w <<<"$objs") input files," \
    "$(mib $((mb / 1024))) MiB ($(mib $((fb / 1024))) MiB with libraries);" \
    "RUNS=$runs, $([ "$load" = 1 ] && echo "LOAD=1 (one busy loop per CPU)" ||
                  echo "no load")"
  declare -A ts=() ks=() T=() K=()
  [ "$load" != 1 ] || start_load
  for r in $(seq "$runs"); do
    for row in "${live[@]}"; do
      run_row "$row"
      [ -n "$secs" ] || { echo "$row: round $r failed"; continue; }
      ts[$row]+=" $secs"; ks[$row]+=" $kib"
    done
  done
  stop_load
  rm -f "$wdir/floor.out"

  for row in "${live[@]}"; do
    [ -n "${ts[$row]:-}" ] || continue
    T[$row]=$(median <<<"${ts[$row]}")
    K[$row]=$(median <<<"${ks[$row]}")
  done
  # (mld's memory: mld-nofork's.)
  [ -z "${K[mld-nofork]:-}" ] || K[mld]=${K[mld-nofork]}
  unset 'K[mold]' 'K[mold242]' 'K[mld-t1]' 'K[floor]'

  # The fastest and leanest peers, the first in row order on a tie.
  local fast='' lean=''
  for row in "${rows[@]}"; do
    is_peer "$row" || continue
    if [ -n "${T[$row]:-}" ] &&
       { [ -z "$fast" ] || lt "${T[$row]}" "${T[$fast]}"; }; then
      fast=$row
    fi
    if [ -n "${K[$row]:-}" ] &&
       { [ -z "$lean" ] || lt "${K[$row]}" "${K[$lean]}"; }; then
      lean=$row
    fi
  done

  printf '%-15s %9s %8s %11s %8s\n' row wall_s mld/row peak_MiB mld/row
  for row in "${rows[@]}"; do
    [ -n "${T[$row]:-}" ] || continue
    local rt='' rk='' m=''
    [ -z "${T[mld]:-}" ] || rt=$(div "${T[mld]}" "${T[$row]}")
    if [ "$row" = mold ] || [ "$row" = mold242 ] || [ "$row" = mld ] ||
       [ "$row" = mld-t1 ]; then m="n/a (fork)"
    elif [ -n "${K[$row]:-}" ]; then
      m=$(mib "${K[$row]}")
      [ -z "${K[mld]:-}" ] || rk=$(div "${K[mld]}" "${K[$row]}")
    fi
    printf '%-15s %9.4f %8s %11s %8s\n' "$row" "${T[$row]}" "$rt" "$m" "$rk"
  done

  summary "$label" "$fast" "$lean"
  [ "${STATS:-0}" = 0 ] || stats
}

# STATS=1: mld's own account of the link, pass by pass: the median of
# three more --no-fork --stats links (idle or under the same load).
stats() {
  local r c pass
  c="$mld --no-fork --stats ${args/-o OUT/-o $wdir/a.out}"
  [ "$load" != 1 ] || start_load
  for r in 1 2 3; do
    # shellcheck disable=SC2086  # $c: a command line of plain words
    $c 2>&1 >/dev/null | grep -E '^mld: [a-z_0-9]+ +[0-9.]+ ms$' || true
  done >"$wdir/stats.out"
  stop_load
  for pass in $(awk '!seen[$2]++ { print $2 }' "$wdir/stats.out"); do
    printf 'stats: %-20s %9s ms\n' "$pass" \
      "$(awk -v p="$pass" '$2 == p { print $3 }' "$wdir/stats.out" | median)"
  done
}

# summary LABEL FAST LEAN: the one-line summary and the JSON line, from
# bench's T and K (medians by row), name and mb.
summary() {
  local label=$1 fast=$2 lean=$3 row sep='' j
  local ft=null fs=null fk=null tr=null kr=null fr mt mk commit
  if [ -z "${T[mld]:-}" ]; then
    echo "summary: $label mld failed"; return
  fi
  mt=$(sig "${T[mld]}") mk=$(mib "${K[mld]}")
  fr=$(div "${T[mld]}" "${T[floor]}")
  if [ -n "$fast" ]; then
    ft=$(sig "${T[$fast]}") fs=${T[$fast]} tr=$(div "${T[mld]}" "${T[$fast]}")
  fi
  if [ -n "$lean" ]; then
    fk=$(mib "${K[$lean]}") kr=$(div "${K[mld]}" "${K[$lean]}")
  fi
  echo "summary: $label mld ${mt}s" \
    "fastest-peer ${fast:-none} ${ft}s ratio $tr" \
    "| rss mld ${mk}MiB leanest ${lean:-none} ${fk}MiB ratio $kr" \
    "| floor $(sig "${T[floor]}")s ratio $fr"

  [ -n "$json" ] || return 0
  j="{\"workload\":\"$name\",\"arch\":\"$arch\",\"runs\":$runs,\"load\":$load"
  commit=$(git -C "$top" rev-parse --short HEAD 2>/dev/null || true)
  j+=",\"commit\":\"$commit\""
  j+=",\"input_mib\":$(mib $((mb / 1024))),\"rows\":{"
  for row in "${rows[@]}"; do
    [ -n "${T[$row]:-}" ] || continue
    j+="$sep\"$row\":{\"wall_s\":${T[$row]},\"rss_mib\":"
    j+="$([ -n "${K[$row]:-}" ] && mib "${K[$row]}" || echo null)}"
    sep=,
  done
  j+="},\"mld_s\":${T[mld]},\"mld_mib\":$mk"
  j+=",\"fastest_peer\":\"$fast\",\"fastest_peer_s\":$fs,\"time_ratio\":$tr"
  j+=",\"leanest_peer\":\"$lean\",\"leanest_peer_mib\":$fk,\"rss_ratio\":$kr"
  j+=",\"floor_s\":${T[floor]},\"floor_ratio\":$fr}"
  echo "$j" >>"$json"
}

for w in "${workloads[@]}"; do
  bench "$w"
done
