#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# -static-pie from rustc: Rust programs built with
#     rustc -O -C target-feature=+crt-static -C linker=gcc
# are static-pies (rustc passes gcc -static-pie).  Each program is built
# twice, with GNU ld (gcc's own) and with mld (-C link-arg=-B$T/bin/);
# both must be ET_DYN static-pies (a PT_DYNAMIC, no PT_INTERP), and must
# exit alike and print the same.  The programs use std's collections,
# unwinding (a panic caught by catch_unwind runs the unwinder through
# the static-pie's .eh_frame_hdr, with destructors on the way), threads
# with thread_local! state, and file I/O in a temporary directory.
# They are Rust 1.63 (Debian 12's rustc): no newer std API.
# AArch64 is tried when rustc has an aarch64-unknown-linux-gnu std
# (the programs run under qemu-aarch64), else it is skipped with a note.

RUSTC=
if command -v rustc >/dev/null 2>&1; then
  RUSTC=$(command -v rustc)
elif [ -x "$HOME/.cargo/bin/rustc" ]; then
  RUSTC=$HOME/.cargo/bin/rustc
fi
[ -n "$RUSTC" ] || t_skip "rustc not installed (Debian: apt-get install rustc)"
command -v gcc >/dev/null 2>&1 || t_skip "gcc not installed"
echo "rustc: $RUSTC ($("$RUSTC" --version 2>/dev/null))"

t_write collections.rs <<'EOF'
use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};

fn main() {
    let text = "the quick brown fox jumps over the lazy dog the fox barks";
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for w in text.split_whitespace() {
        *counts.entry(w).or_insert(0) += 1;
    }
    // A HashMap's order is random: print it sorted.
    let mut pairs: Vec<(&str, usize)> = counts.iter().map(|(k, v)| (*k, *v)).collect();
    pairs.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    for (w, n) in &pairs {
        println!("hash {} {}", w, n);
    }
    let mut tree = BTreeMap::new();
    for (i, w) in text.split_whitespace().enumerate() {
        tree.entry(w.len()).or_insert_with(Vec::new).push(i);
    }
    for (len, idx) in &tree {
        println!("tree {} {:?}", len, idx);
    }
    if let Some((k, v)) = tree.range(4..).next() {
        println!("first len >= 4: {} {:?}", k, v);
    }
    let mut v: Vec<i64> = (0..200).map(|i| (i * 7919 + 13) % 1009 - 500).collect();
    v.sort_unstable();
    v.dedup();
    println!("vec {} min {} max {} sum {}", v.len(), v[0], v[v.len() - 1],
             v.iter().sum::<i64>());
    println!("search 42: {:?}", v.binary_search(&42).is_ok());
    let mut names: Vec<String> = pairs.iter().map(|p| p.0.to_uppercase()).collect();
    names.sort_by_key(|s| (s.len(), s.clone()));
    println!("names {}", names.join(","));
    let set: HashSet<char> = text.chars().filter(|c| c.is_alphabetic()).collect();
    let mut letters: Vec<char> = set.into_iter().collect();
    letters.sort();
    println!("letters {}", letters.iter().collect::<String>());
    let mut dq: VecDeque<u32> = VecDeque::new();
    for i in 0..10 {
        if i % 2 == 0 { dq.push_back(i) } else { dq.push_front(i) }
    }
    println!("deque {:?}", dq);
    let boxed: Vec<Box<dyn Fn(i32) -> i32>> =
        vec![Box::new(|x| x + 1), Box::new(|x| x * x), Box::new(move |x| x - 3)];
    println!("closures {:?}", boxed.iter().map(|f| f(7)).collect::<Vec<_>>());
}
EOF

t_write panic.rs <<'EOF'
use std::panic;

struct Noisy(&'static str);
impl Drop for Noisy {
    fn drop(&mut self) {
        println!("drop {}", self.0);
    }
}

#[inline(never)]
fn deep(n: u32) -> u32 {
    let _g = Noisy(if n == 0 { "innermost" } else { "frame" });
    if n == 0 {
        panic!("boom at depth {}", n);
    }
    deep(n - 1) + 1
}

fn main() {
    // Print the payload only: the default hook's message format and
    // location change between Rust versions.
    panic::set_hook(Box::new(|info| {
        let msg = if let Some(s) = info.payload().downcast_ref::<&str>() {
            s.to_string()
        } else if let Some(s) = info.payload().downcast_ref::<String>() {
            s.clone()
        } else {
            "?".to_string()
        };
        println!("hook: {}", msg);
    }));
    let r = panic::catch_unwind(|| deep(3));
    match r {
        Ok(v) => println!("no panic {}", v),
        Err(e) => println!("caught: {}", e.downcast_ref::<String>().map(|s| s.as_str()).unwrap_or("?")),
    }
    let r2 = panic::catch_unwind(|| {
        let _a = Noisy("static str");
        panic!("plain");
    });
    println!("second: {:?}", r2.is_err());
    let v: Vec<i32> = vec![1, 2, 3];
    let idx = v.len() + std::env::args().count() + 2;
    let r3 = panic::catch_unwind(|| v[idx]);
    println!("index out of bounds caught: {}", r3.is_err());
    let r4 = panic::catch_unwind(|| {
        let n: Option<u8> = None;
        n.expect("nothing there")
    });
    println!("expect caught: {}", r4.is_err());
    let ok = panic::catch_unwind(|| 40 + 2);
    println!("ok: {:?}", ok.ok());
    let _ = panic::take_hook();
    std::process::exit(3);
}
EOF

t_write threads.rs <<'EOF'
use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;

thread_local! {
    static COUNTER: Cell<u64> = Cell::new(100);
    static LOG: RefCell<Vec<u32>> = RefCell::new(Vec::new());
}

static DROPS: AtomicUsize = AtomicUsize::new(0);

struct Tracker(u32);
impl Drop for Tracker {
    fn drop(&mut self) {
        DROPS.fetch_add(self.0 as usize, Ordering::SeqCst);
    }
}

thread_local! {
    static TRACK: Tracker = Tracker(1);
}

fn main() {
    let shared = Arc::new(Mutex::new(Vec::new()));
    let (tx, rx) = mpsc::channel();
    let mut handles = Vec::new();
    for t in 0..4u32 {
        let shared = Arc::clone(&shared);
        let tx = tx.clone();
        handles.push(thread::spawn(move || {
            TRACK.with(|_| ());
            for i in 0..1000 {
                COUNTER.with(|c| c.set(c.get() + (t as u64) + 1));
                if i % 250 == 0 {
                    LOG.with(|l| l.borrow_mut().push(i));
                }
            }
            let mine = COUNTER.with(|c| c.get());
            let logged = LOG.with(|l| l.borrow().len());
            shared.lock().unwrap().push((t, mine));
            tx.send(t * 10).unwrap();
            (mine, logged)
        }));
    }
    drop(tx);
    let mut results: Vec<(u64, usize)> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    results.sort();
    for (n, l) in &results {
        println!("thread result {} logged {}", n, l);
    }
    let mut got: Vec<u32> = rx.iter().collect();
    got.sort();
    println!("messages {:?}", got);
    let mut v = shared.lock().unwrap().clone();
    v.sort();
    println!("shared {:?}", v);
    println!("main counter {}", COUNTER.with(|c| c.get()));
    println!("thread-local destructors run: {}", DROPS.load(Ordering::SeqCst));
    let scoped_sum: u64 = {
        let data = vec![1u64, 2, 3, 4, 5, 6, 7, 8];
        let h: Vec<thread::JoinHandle<u64>> = data
            .chunks(2)
            .map(|c| {
                let c = c.to_vec();
                thread::Builder::new()
                    .name(format!("worker-{}", c[0]))
                    .spawn(move || {
                        let name = thread::current().name().unwrap().to_string();
                        c.iter().sum::<u64>() * (name.len() as u64)
                    })
                    .unwrap()
            })
            .collect();
        h.into_iter().map(|h| h.join().unwrap()).sum()
    };
    println!("named workers {}", scoped_sum);
}
EOF

t_write fileio.rs <<'EOF'
use std::fs::{self, File, OpenOptions};
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom, Write};

fn main() -> std::io::Result<()> {
    let dir = std::env::temp_dir().join(format!("mld-rust-{}", std::process::id()));
    fs::create_dir_all(&dir)?;
    let path = dir.join("data.txt");
    {
        let mut f = File::create(&path)?;
        for i in 0..50 {
            writeln!(f, "line {} {}", i, i * i)?;
        }
    }
    {
        let mut f = OpenOptions::new().append(true).open(&path)?;
        f.write_all(b"appended\n")?;
    }
    let meta = fs::metadata(&path)?;
    println!("size {}", meta.len());
    let f = BufReader::new(File::open(&path)?);
    let lines: Vec<String> = f.lines().collect::<Result<_, _>>()?;
    println!("lines {} last {:?}", lines.len(), lines.last());
    let total: u64 = lines
        .iter()
        .filter_map(|l| l.split(' ').nth(2).and_then(|x| x.parse::<u64>().ok()))
        .sum();
    println!("sum of squares {}", total);
    let mut f = File::open(&path)?;
    f.seek(SeekFrom::Start(5))?;
    let mut buf = [0u8; 6];
    f.read_exact(&mut buf)?;
    println!("at 5: {:?}", String::from_utf8_lossy(&buf));
    let copy = dir.join("copy.txt");
    fs::copy(&path, &copy)?;
    fs::rename(&copy, dir.join("renamed.txt"))?;
    let mut names: Vec<String> = fs::read_dir(&dir)?
        .map(|e| e.map(|e| e.file_name().to_string_lossy().into_owned()))
        .collect::<Result<_, _>>()?;
    names.sort();
    println!("dir {:?}", names);
    println!("same contents {}", fs::read(&path)? == fs::read(dir.join("renamed.txt"))?);
    fs::remove_file(&path)?;
    fs::remove_file(dir.join("renamed.txt"))?;
    println!("exists after remove: {}", path.exists());
    match File::open(&path) {
        Ok(_) => println!("still opens"),
        Err(e) => println!("open after remove: {:?}", e.kind()),
    }
    fs::remove_dir(&dir)?;
    println!("dir exists: {}", dir.exists());
    Ok(())
}
EOF

PROGS="collections panic threads fileio"

# rust_variant TRIPLE RUN_PREFIX: build, check and compare every program
# for one target
rust_variant() {
  local triple=$1 run=$2 cc=$3 p b flags
  flags=(-O -C target-feature=+crt-static -C "linker=$cc")
  [ "$triple" = host ] || flags+=(--target "$triple")
  local ldprog
  ldprog=$("$cc" -B"$T/bin/" -print-prog-name=ld 2>/dev/null)
  if [ "$ldprog" != "$T/bin/ld" ]; then
    t_fail "$cc -B$T/bin/ would run '$ldprog', not mld"
    return
  fi
  for p in $PROGS; do
    mkdir -p "$triple/$p"
    b=$triple/$p
    if ! "$RUSTC" "${flags[@]}" -o "$b/ref" "$p.rs" >"$b/ref.log" 2>&1; then
      sed 's/^/  rustc: /' "$b/ref.log" | head -20
      t_hard_error "$triple: rustc with GNU ld failed on $p.rs"
    fi
    if ! "$RUSTC" "${flags[@]}" -C "link-arg=-B$T/bin/" -o "$b/mld" "$p.rs" \
        >"$b/mld.log" 2>&1; then
      sed 's/^/  rustc: /' "$b/mld.log" | head -20
      t_fail "$triple $p: the link with mld failed"
      continue
    fi
    # The reference must be a static-pie, else this rustc does not make
    # them for the target (not a failure of mld's).
    local what
    what=$(pie_problems "$b/ref")
    if [ -n "$what" ]; then
      t_skip_part "$triple: rustc's +crt-static output is not a static-pie" \
                  "even with GNU ld ($what)"
      return
    fi
    what=$(pie_problems "$b/mld")
    if [ -n "$what" ]; then
      t_fail "$triple $p: mld's output is not a static-pie ($what)"
    else
      t_pass "$triple $p: both ET_DYN, PT_DYNAMIC, no PT_INTERP"
    fi
    if readelf -p .comment "$b/mld" 2>/dev/null | grep -q 'Linker: LLD'; then
      t_fail "$triple $p: linked by lld, not by mld (rustc ignored -C linker=$cc)"
    fi
    local r1 r2
    (cd "$b" && timeout 60 $run ./ref >ref.out 2>ref.err); r1=$?
    (cd "$b" && timeout 60 $run ./mld >mld.out 2>mld.err); r2=$?
    if [ "$r1" = "$r2" ] && cmp -s "$b/ref.out" "$b/mld.out" &&
        cmp -s "$b/ref.err" "$b/mld.err"; then
      t_pass "$triple $p: runs as GNU ld's (exit $r1, $(wc -l <"$b/ref.out") lines)"
    else
      t_fail "$triple $p: GNU ld's exits $r1, mld's $r2, or the output differs"
      diff -u --label "GNU ld" --label mld "$b/ref.out" "$b/mld.out" | head -30 | sed 's/^/  /'
      diff -u --label "GNU ld" --label mld "$b/ref.err" "$b/mld.err" | head -10 | sed 's/^/  /'
    fi
  done
}

# pie_problems EXE: empty if EXE is ET_DYN with a PT_DYNAMIC and no
# PT_INTERP, else what is wrong
pie_problems() {
  local h l out=
  h=$(readelf -hW "$1" 2>&1)
  l=$(readelf -lW "$1" 2>&1)
  grep -q '^ *Type: *DYN ' <<<"$h" || out="not ET_DYN;"
  grep -q '^ *INTERP ' <<<"$l" && out="$out has PT_INTERP;"
  grep -q '^ *DYNAMIC ' <<<"$l" || out="$out no PT_DYNAMIC;"
  printf '%s' "$out"
}

case $(uname -m) in
  x86_64) rust_variant host "" gcc ;;
  *) echo "note: host is $(uname -m), not x86-64: host Rust programs not tried" ;;
esac

# AArch64: only with the target's std installed and the cross tools.
a64=aarch64-unknown-linux-gnu
if [ "$(uname -m)" = aarch64 ]; then
  echo "note: AArch64 host: the host run above covers it"
elif ! "$RUSTC" --print target-list 2>/dev/null | grep -qx "$a64"; then
  echo "note: $RUSTC cannot target $a64: AArch64 Rust not tried"
elif [ ! -d "$("$RUSTC" --print sysroot)/lib/rustlib/$a64/lib" ]; then
  echo "note: no $a64 std in $("$RUSTC" --print sysroot)/lib/rustlib" \
       "(Debian 12 packages none; rustup target add $a64): AArch64 Rust" \
       "not tried"
elif t_have AArch64 aarch64-linux-gnu-gcc qemu-aarch64; then
  rust_variant "$a64" qemu-aarch64 aarch64-linux-gnu-gcc
fi

[ "$T_CHECKS" -gt 0 ] || t_skip "no Rust target could be tried"
t_done
