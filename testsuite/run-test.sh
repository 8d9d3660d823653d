#!/bin/bash
# run-test.sh - end-to-end test driver for mld (Automake C_LOG_COMPILER).
#
# Usage: run-test.sh path/to/testsuite/c/NAME.c
#
# The test program (plus any helper sources/archives named by its
# directives) is compiled once per variant, then linked twice: by GNU ld
# (the compiler driver's default linker) and by mld (same driver command
# plus -B<dir>, where <dir>/ld is a symlink to $MLD).  Both executables
# are run and their exit status, stdout and stderr compared; their
# structure (section names, program headers, defined global symbols) is
# compared too.  See testsuite/README.md for the directive list.
#
# Environment:
#   MLD           absolute path of the mld binary (default: <script dir>/../ld/mld)
#   MLD_VARIANTS  variants to run (default: "glibc musl aarch64 glibc-pie
#                 aarch64-pie", the last two static-pies)
#   MLD_KEEP_TMP  if non-empty, keep the temporary directory and print its name
#   PYTHON        the Python interpreter (default: python3)
#   top_srcdir    used to find the test file if the given path does not exist
#
# Exit status: 0 pass, 1 fail, 77 skip (Automake conventions): a skip when
# a variant's tools are missing or no variant applies.

if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
set -u

# Keep the locale fixed so that sorting and tool messages are stable.
export LC_ALL=C

script_dir=$(cd "$(dirname "$0")" && pwd)

if [ $# -ne 1 ]; then
    echo "usage: $0 path/to/testsuite/c/NAME.c" >&2
    exit 99
fi

# ---------------------------------------------------------------- locate test
test_arg=$1
if [ -f "$test_arg" ]; then
    test_file=$test_arg
elif [ -n "${top_srcdir:-}" ] && [ -f "$top_srcdir/$test_arg" ]; then
    test_file=$top_srcdir/$test_arg
elif [ -f "$script_dir/../$test_arg" ]; then
    test_file=$script_dir/../$test_arg
else
    echo "FAIL: test file '$test_arg' not found" >&2
    exit 1
fi
src_dir=$(cd "$(dirname "$test_file")" && pwd)   # testsuite/c
test_file=$src_dir/$(basename "$test_file")
test_name=$(basename "$test_file" .c)

MLD=${MLD:-$script_dir/../ld/mld}
case $MLD in
    /*) ;;
    *) MLD=$(cd "$(dirname "$MLD")" 2>/dev/null && pwd)/$(basename "$MLD") ;;
esac
MLD_VARIANTS=${MLD_VARIANTS:-glibc musl aarch64 glibc-pie aarch64-pie}
PYTHON=${PYTHON:-python3}

# ---------------------------------------------------------------- variants
# variant_setup NAME: sets
#   V_CC      compiler driver command (array); the reference link uses it
#             as is, the mld link adds -B<dir>/
#   V_RUN     command prefix to run a target executable (array, may be empty)
#   V_ARCH    target architecture (first part of -dumpmachine)
#   V_LIBC    glibc or musl
#   V_GDB     gdb command for the gdb directive (empty: cannot debug here)
#   V_PIE     1 for a static-pie variant, empty otherwise
#   V_CFLAGS  compile flags of the variant (array; before the cflags directive)
#   V_LINK    the link mode flag: -static, or -static-pie for V_PIE
# Returns 1 with V_SKIP set if the variant is not available here.
variant_setup() {
    V_RUN=()
    V_GDB=gdb
    V_SKIP=
    V_PIE=
    V_CFLAGS=()
    V_LINK=-static
    case $1 in
        glibc-pie|aarch64-pie)
            # A static-pie: objects built -fPIE (Debian's gcc defaults to it;
            # say it anyway), linked with -static-pie (gcc passes ld
            # -static -pie --no-dynamic-linker -z text).  musl has no
            # static-pie variant: Debian's musl-gcc turns -static-pie into
            # a dynamic PIE linked against libc.so.
            V_PIE=1; V_CFLAGS=(-fPIE); V_LINK=-static-pie ;;
    esac
    case $1 in
        glibc|glibc-pie)
            V_CC=(gcc); V_LIBC=glibc ;;
        musl)
            V_CC=(musl-gcc); V_LIBC=musl ;;
        aarch64|aarch64-pie)
            V_CC=(aarch64-linux-gnu-gcc); V_LIBC=glibc
            case $(uname -m) in
                aarch64) ;;
                *) V_RUN=(qemu-aarch64); V_GDB= ;;
            esac ;;
        *)
            V_SKIP="unknown variant '$1'"; return 1 ;;
    esac
    if ! command -v "${V_CC[0]}" >/dev/null 2>&1; then
        V_SKIP="${V_CC[0]} not installed"; return 1
    fi
    if [ ${#V_RUN[@]} -gt 0 ] && ! command -v "${V_RUN[0]}" >/dev/null 2>&1; then
        V_SKIP="${V_RUN[0]} not installed"; return 1
    fi
    V_ARCH=$("${V_CC[@]}" -dumpmachine 2>/dev/null)
    V_ARCH=${V_ARCH%%-*}
    # A compiler that makes PIE code by default (Debian's) needs no -fPIE:
    # then the static-pie variant compiles what the static one does and
    # takes its objects (see compile_sources).
    if [ -n "$V_PIE" ] &&
            "${V_CC[@]}" -dM -E - </dev/null 2>/dev/null | grep -q '^#define __PIE__ 2$'; then
        V_CFLAGS=()
    fi
    return 0
}

# ---------------------------------------------------------------- directives
D_CFLAGS=()
D_LDFLAGS=()
D_SOURCES=()
D_ARCHIVES=()          # "libfoo.a" names in directive order
declare -A D_ARCH_MEMBERS=()
declare -A D_ARCH_THIN=()
declare -A D_FILE_CFLAGS=()
D_LINK=()
D_HAVE_LINK=
D_VARIANTS=
D_LIBC=
D_ARCHS=
D_ARGS=()
D_STDIN=
D_ENV=()
D_GDB=
D_RUN_COMPARE=yes
D_LAYOUT_EXCEPT=
D_NOPIE=               # reason the test cannot be a static-pie, all targets
declare -A D_NOPIE_ARCH=()   # the same for one target architecture
directive_error=

trim() {
    local s=$1
    s=${s#"${s%%[![:space:]]*}"}
    s=${s%"${s##*[![:space:]]}"}
    printf '%s' "$s"
}

parse_directives() {
    local line key val name rest words
    while IFS= read -r line || [ -n "$line" ]; do
        case $line in
            '//#'*) ;;
            *) continue ;;
        esac
        line=${line#//#}
        case $line in
            *:*) ;;
            *) directive_error="malformed directive '//#$line'"; return 1 ;;
        esac
        key=$(trim "${line%%:*}")
        val=$(trim "${line#*:}")
        read -ra words <<<"$val"
        case $key in
            cflags)   D_CFLAGS+=("${words[@]}") ;;
            ldflags)  D_LDFLAGS+=("${words[@]}") ;;
            sources)  D_SOURCES+=("${words[@]}") ;;
            archive|thin-archive)
                name=$(trim "${val%%:*}")
                rest=$(trim "${val#*:}")
                if [ "$name" = "$val" ] || [ -z "$rest" ]; then
                    directive_error="archive directive needs 'libNAME.a: src.c ...'"; return 1
                fi
                if [ -z "${D_ARCH_MEMBERS[$name]+x}" ]; then
                    D_ARCHIVES+=("$name")
                    D_ARCH_MEMBERS[$name]=$rest
                else
                    D_ARCH_MEMBERS[$name]+=" $rest"
                fi
                [ "$key" = thin-archive ] && D_ARCH_THIN[$name]=1 ;;
            file-cflags)
                name=$(trim "${val%%:*}")
                rest=$(trim "${val#*:}")
                D_FILE_CFLAGS[$name]+=" $rest" ;;
            link)     D_LINK+=("${words[@]}"); D_HAVE_LINK=1 ;;
            variants) D_VARIANTS+=" $val" ;;
            libc)     D_LIBC+=" $val" ;;
            arch)     D_ARCHS+=" $val" ;;
            args)     D_ARGS+=("${words[@]}") ;;
            stdin)    D_STDIN=$val ;;
            env)      D_ENV+=("${words[@]}") ;;
            gdb)      D_GDB=$val ;;
            layout-differs)
                # VARIANT: REASON -- a known difference from GNU ld's layout
                D_LAYOUT_EXCEPT+=" $(trim "${val%%:*}")" ;;
            nopie)
                # [ARCH:] REASON -- the test cannot be a static-pie (on ARCH):
                # the pie variants (of ARCH) skip it
                name=
                case $val in
                    x86_64:*|aarch64:*)
                        name=${val%%:*}; val=$(trim "${val#*:}") ;;
                esac
                if [ -z "$val" ]; then
                    directive_error="nopie needs a reason"; return 1
                fi
                if [ -n "$name" ]; then
                    D_NOPIE_ARCH[$name]+="${D_NOPIE_ARCH[$name]:+; }$val"
                else
                    D_NOPIE+="${D_NOPIE:+; }$val"
                fi ;;
            run-compare)
                case $val in
                    yes|no) D_RUN_COMPARE=$val ;;
                    *) directive_error="run-compare must be yes or no"; return 1 ;;
                esac ;;
            *) directive_error="unknown directive '$key'"; return 1 ;;
        esac
    done < "$test_file"
    return 0
}

# in_list WORD "LIST": true if WORD is one of the words of LIST
in_list() {
    local w
    for w in $2; do [ "$w" = "$1" ] && return 0; done
    return 1
}

# Name of the object file compiled from helper source PATH (relative to src_dir).
obj_name() {
    local o=${1%.c}
    o=${o//\//_}
    printf '%s.o' "$o"
}

# ---------------------------------------------------------------- structure
# What is compared of the two executables' structure (README.md, "What is
# compared") is written by elfshape.py, one file per view, in one run.

# ---------------------------------------------------------------- helpers
tmp=$(mktemp -d "${TMPDIR:-/tmp}/mld-test.$test_name.XXXXXX") || exit 99
cleanup() {
    if [ -n "${MLD_KEEP_TMP:-}" ]; then
        echo "(kept temporary directory $tmp)"
    else
        rm -rf "$tmp"
    fi
}
trap cleanup EXIT
mkdir -p "$tmp/bin"
ln -s "$MLD" "$tmp/bin/ld"

fail_reason=

# show_file FILE [N]: print up to N (default 40) lines of FILE, indented
show_file() {
    local n=${2:-40}
    sed -n "1,${n}p" "$1" | sed 's/^/    | /'
    local total
    total=$(wc -l < "$1")
    [ "$total" -gt "$n" ] && echo "    | ... ($((total - n)) more lines)"
    return 0
}

# compare_files WHAT REF MLD: prints a diff and fails if different
compare_files() {
    if ! cmp -s "$2" "$3"; then
        echo "  --- $1: GNU ld (-) vs mld (+) ---"
        diff -u --label "GNU ld" --label "mld" "$2" "$3" | sed -n '1,60p' | sed 's/^/    /'
        return 1
    fi
    return 0
}

run_prog() {  # run_prog DIR TAG
    local dir=$1 tag=$2 in=/dev/null
    [ -n "$D_STDIN" ] && in=$src_dir/$D_STDIN
    (
        cd "$dir" &&
        timeout 20 env -i PATH=/usr/bin:/bin HOME=/nonexistent LC_ALL=C \
            ${D_ENV[@]+"${D_ENV[@]}"} \
            ${V_RUN[@]+"${V_RUN[@]}"} ./prog ${D_ARGS[@]+"${D_ARGS[@]}"} \
            <"$in" >"$vdir/stdout.$tag" 2>"$vdir/stderr.$tag"
    ) 2>/dev/null   # no "Terminated"/"Segmentation fault" job messages
    echo "$?" >"$vdir/status.$tag"
}

gdb_filter() {
    sed -E -e "s#$tmp/[^/ ]*/(ref|mld)/prog#PROG#g" \
           -e "s#$tmp#TMP#g" \
           -e "s#$src_dir/#SRC/#g" \
           -e 's/0x[0-9a-fA-F]+/0xADDR/g' \
           -e 's/(process|Thread|LWP) [0-9]+/\1 N/g' \
           -e '/^warning: /d' \
           -e '/^Download(ing)? /d'
}

run_gdb() {  # run_gdb DIR TAG
    local dir=$1 tag=$2
    (
        cd "$dir" &&
        timeout 60 env -i PATH=/usr/bin:/bin HOME=/nonexistent LC_ALL=C TERM=dumb \
            ${D_ENV[@]+"${D_ENV[@]}"} \
            "$V_GDB" -nx -batch -iex 'set debuginfod enabled off' \
                -x "$src_dir/$D_GDB" ./prog </dev/null 2>&1
    ) | gdb_filter >"$vdir/gdb.$tag"
}

# compile_sources: compiles every source of the test once into the
# variant's directory (the current one); both links use the same objects.
# A variant with the compiler and flags of one that ran before (the
# static-pie variant of a compiler that defaults to PIE) copies its
# objects instead.  Sets result_kind and fail_reason on failure.
compile_sources() {
    local s a m obj key=${V_CC[*]}' '${V_CFLAGS[*]:-}
    local cache=$tmp/objects.${key//[^A-Za-z0-9_.-]/_}
    if [ -d "$cache" ]; then
        cp "$cache"/*.o . || { result_kind=fail; fail_reason="cannot copy $cache"; return 1; }
        return 0
    fi
    local -a all_src=("$test_name.c")
    all_src+=(${D_SOURCES[@]+"${D_SOURCES[@]}"})
    for a in ${D_ARCHIVES[@]+"${D_ARCHIVES[@]}"}; do
        for m in ${D_ARCH_MEMBERS[$a]}; do all_src+=("$m"); done
    done
    declare -A done_src=()
    for s in "${all_src[@]}"; do
        [ -n "${done_src[$s]+x}" ] && continue
        done_src[$s]=1
        if [ ! -f "$src_dir/$s" ]; then
            result_kind=fail; fail_reason="source $s not found in $src_dir"; return 1
        fi
        if [ "$s" = "$test_name.c" ]; then obj=$test_name.o; else obj=$(obj_name "$s"); fi
        local -a fcf=()
        read -ra fcf <<<"${D_FILE_CFLAGS[$s]:-}"
        if ! "${V_CC[@]}" -c -I"$src_dir" ${V_CFLAGS[@]+"${V_CFLAGS[@]}"} \
                ${D_CFLAGS[@]+"${D_CFLAGS[@]}"} \
                ${fcf[@]+"${fcf[@]}"} -o "$obj" "$src_dir/$s" >compile.log 2>&1; then
            result_kind=fail; fail_reason="compiling $s failed (test bug?)"
            show_file compile.log
            return 1
        fi
    done

    mkdir "$cache" && cp ./*.o "$cache"/
}

# ---------------------------------------------------------------- one variant
# run_variant NAME: prints nothing on success; sets result_kind to
# pass / fail / skip and fail_reason.
run_variant() {
    local v=$1 s o a m obj
    vdir=$tmp/$v
    mkdir -p "$vdir/ref" "$vdir/mld"
    fail_reason=

    if [ -n "$D_VARIANTS" ] && ! in_list "$v" "$D_VARIANTS"; then
        result_kind=skip; fail_reason="test restricted to variants:$D_VARIANTS"; return
    fi
    if ! variant_setup "$v"; then
        result_kind=toolskip; fail_reason=$V_SKIP; return
    fi
    if [ -n "$D_LIBC" ] && ! in_list "$V_LIBC" "$D_LIBC"; then
        result_kind=skip; fail_reason="test needs libc:$D_LIBC"; return
    fi
    if [ -n "$D_ARCHS" ] && ! in_list "$V_ARCH" "$D_ARCHS"; then
        result_kind=skip; fail_reason="test needs arch:$D_ARCHS"; return
    fi
    if [ -n "$V_PIE" ] && [ -n "$D_NOPIE" ]; then
        result_kind=skip; fail_reason="not a static-pie test (nopie): $D_NOPIE"; return
    fi
    if [ -n "$V_PIE" ] && [ -n "${D_NOPIE_ARCH[$V_ARCH]:-}" ]; then
        result_kind=skip
        fail_reason="not a static-pie test on $V_ARCH (nopie): ${D_NOPIE_ARCH[$V_ARCH]}"; return
    fi

    cd "$vdir" || { result_kind=fail; fail_reason="cannot cd to $vdir"; return; }

    # Make sure the driver really picks mld up from the -B directory.
    local ldprog
    ldprog=$("${V_CC[@]}" -B"$tmp/bin/" -print-prog-name=ld 2>/dev/null)
    if [ "$ldprog" != "$tmp/bin/ld" ]; then
        result_kind=fail; fail_reason="${V_CC[*]} -B$tmp/bin/ would run '$ldprog', not mld"; return
    fi

    compile_sources || return

    for a in ${D_ARCHIVES[@]+"${D_ARCHIVES[@]}"}; do
        local -a members=()
        for m in ${D_ARCH_MEMBERS[$a]}; do members+=("$(obj_name "$m")"); done
        local arflags=rcs
        [ -n "${D_ARCH_THIN[$a]:-}" ] && arflags=rcsT
        rm -f "$a"
        if ! ar "$arflags" "$a" "${members[@]}" >ar.log 2>&1; then
            result_kind=fail; fail_reason="creating $a failed"; show_file ar.log; return
        fi
    done

    # Link line.
    local -a items=()
    if [ -n "$D_HAVE_LINK" ]; then
        for s in "${D_LINK[@]}"; do
            case $s in
                "$test_name.c") items+=("$test_name.o") ;;
                *.c) items+=("$(obj_name "$s")") ;;
                *) items+=("$s") ;;
            esac
        done
    else
        items+=("$test_name.o")
        for s in ${D_SOURCES[@]+"${D_SOURCES[@]}"}; do items+=("$(obj_name "$s")"); done
        items+=(${D_ARCHIVES[@]+"${D_ARCHIVES[@]}"})
    fi
    items+=(${D_LDFLAGS[@]+"${D_LDFLAGS[@]}"})

    if ! "${V_CC[@]}" "$V_LINK" -o ref/prog "${items[@]}" >link.ref.log 2>&1; then
        result_kind=fail; fail_reason="reference link with GNU ld failed (test bug?)"
        echo "  command: ${V_CC[*]} $V_LINK -o ref/prog ${items[*]}"
        show_file link.ref.log
        return
    fi
    if ! "${V_CC[@]}" "$V_LINK" -B"$tmp/bin/" -o mld/prog "${items[@]}" >link.mld.log 2>&1; then
        result_kind=fail; fail_reason="link with mld failed"
        echo "  command: ${V_CC[*]} $V_LINK -B$tmp/bin/ -o mld/prog ${items[*]}"
        show_file link.mld.log
        return
    fi
    if [ ! -x mld/prog ]; then
        result_kind=fail; fail_reason="mld reported success but produced no executable"
        return
    fi

    local bad= shape_args=()
    [ -n "$V_PIE" ] && shape_args+=(--pie)
    in_list "$v" "$D_LAYOUT_EXCEPT" && shape_args+=(--no-layout)
    if ! "$PYTHON" "$script_dir/elfshape.py" ${shape_args[@]+"${shape_args[@]}"} \
            ref/prog mld/prog >shape.log 2>&1; then
        result_kind=fail; fail_reason="elfshape.py failed"; show_file shape.log; return
    fi
    if [ -n "$V_PIE" ]; then
        # A static-pie variant: the reference must be one (else the test
        # cannot be one: mark it nopie), and so must mld's output.
        if [ -s pie.ref ]; then
            result_kind=fail
            fail_reason="GNU ld's $V_LINK output is not a static-pie (test bug? nopie?): $(paste -sd, pie.ref)"
            return
        fi
        if [ -s pie.mld ]; then
            echo "  --- mld's output is not a static-pie ---"
            sed 's/^/    /' pie.mld
            bad="$bad, static-pie shape"
        fi
    fi
    # Structure.  The .plt.got rule (elfshape.py drops it, shape.log says
    # so): x86-64 GNU ld leaves a dead 8-byte .plt.got in static-pies (a
    # stub for a GOTPCRELX it later relaxed; its target is bogus).  mld
    # may leave it out.  Then it is not in the section names or the layout
    # compared, and symbols, sh_link and sh_info are compared by section
    # name, not index; every other section must still be where GNU ld puts
    # it.
    compare_files "section names" sections.ref sections.mld || bad="$bad, section names"
    compare_files "program headers" phdrs.ref phdrs.mld || bad="$bad, program headers"
    if [ -s loads.mld ]; then
        echo "  --- mld's PT_LOADs: p_offset not congruent to p_vaddr ---"
        cat loads.mld
        bad="$bad, PT_LOAD offsets"
    fi
    compare_files "ELF header" header.ref header.mld || bad="$bad, ELF header"
    compare_files "defined symbols (type, binding, visibility, section)" \
        symbols.ref symbols.mld || bad="$bad, symbols"
    if [ -n "$V_PIE" ]; then
        compare_files "dynamic section tags" dyntags.ref dyntags.mld ||
            bad="$bad, dynamic tags"
        compare_files "dynamic relocation types and counts (R_*_NONE aside)" \
            dynrelocs.ref dynrelocs.mld || bad="$bad, dynamic relocations"
    fi

    if [ -n "$V_PIE" ] && [ -f layout.ref ]; then
        # A static-pie's addresses are not yet GNU ld's on x86-64: its
        # .eh_frame has FDEs for .plt and for the dead .plt.got that mld
        # does not write; on AArch64 its RELATIVE for absolute symbols'
        # GOT entries (a GNU ld bug) change .rela.dyn's bytes.  So the
        # shape of each header is compared, not addresses or sizes.
        compare_files "layout (section and program headers, no addresses)" \
            layout.ref layout.mld || bad="$bad, layout"
    elif [ -f layout.ref ]; then
        compare_files "layout (section and program headers)" layout.ref layout.mld ||
            bad="$bad, layout"
        if [ -s bytes.diff ]; then
            echo "  --- allocated sections whose bytes differ from GNU ld's ---"
            sed 's/^/    /' bytes.diff
            bad="$bad, section contents"
        fi
    fi
    # Behaviour.
    if [ "$D_RUN_COMPARE" = yes ]; then
        run_prog "$vdir/ref" ref
        run_prog "$vdir/mld" mld
        local st_ref st_mld
        st_ref=$(cat status.ref); st_mld=$(cat status.mld)
        if [ "$st_ref" != "$st_mld" ]; then
            echo "  --- exit status: GNU ld $st_ref, mld $st_mld ---"
            bad="$bad, exit status ($st_ref vs $st_mld)"
        fi
        compare_files stdout stdout.ref stdout.mld || bad="$bad, stdout"
        compare_files stderr stderr.ref stderr.mld || bad="$bad, stderr"
        if [ "$st_ref" = 124 ]; then
            echo "  note: the GNU ld build timed out"
        fi
    fi

    local gdb_missing=
    if [ -n "$D_GDB" ]; then
        if [ -z "$V_GDB" ]; then
            echo "  note: gdb does not debug $v executables here (qemu-user), gdb check not tried"
        elif ! command -v "$V_GDB" >/dev/null 2>&1; then
            gdb_missing="$V_GDB not installed: the gdb check did not run"
        else
            run_gdb "$vdir/ref" ref
            run_gdb "$vdir/mld" mld
            compare_files "gdb output" gdb.ref gdb.mld || bad="$bad, gdb output"
        fi
    fi

    if [ -n "$bad" ]; then
        result_kind=fail; fail_reason="differences in ${bad#, }"
    elif [ -n "$gdb_missing" ]; then
        result_kind=toolskip; fail_reason=$gdb_missing
    else
        result_kind=pass
    fi
}

# ---------------------------------------------------------------- main
echo "test: $test_name  (mld: $MLD)"
if ! parse_directives; then
    echo "FAIL: $test_name: $directive_error"
    exit 1
fi
if [ ! -x "$MLD" ]; then
    echo "FAIL: mld binary '$MLD' not found or not executable"
    exit 1
fi

n_pass=0 n_fail=0 n_skip=0 n_toolskip=0
for v in $MLD_VARIANTS; do
    out=$(run_variant "$v"; echo "$result_kind|$fail_reason" >"$tmp/result.$v")
    IFS='|' read -r kind reason <"$tmp/result.$v" || kind=fail
    case $kind in
        pass) echo "PASS $v"; n_pass=$((n_pass + 1)) ;;
        skip) echo "SKIP $v: $reason"; n_skip=$((n_skip + 1)) ;;
        toolskip) echo "SKIP $v: $reason"; n_toolskip=$((n_toolskip + 1)) ;;
        *)    echo "FAIL $v: ${reason:-driver error}"; n_fail=$((n_fail + 1)) ;;
    esac
    [ -n "$out" ] && printf '%s\n' "$out"
done

# A variant whose tools are missing makes the test a skip, never a pass;
# with MLD_TEST_NO_SKIP=1 (CI, every tool installed) any skip fails.
if [ $n_fail -gt 0 ]; then
    exit 1
elif [ $n_toolskip -gt 0 ] || [ $n_pass -eq 0 ]; then
    [ "${MLD_TEST_NO_SKIP:-}" = 1 ] && { echo "FAIL: skipped, but MLD_TEST_NO_SKIP=1"; exit 1; }
    exit 77
fi
exit 0
