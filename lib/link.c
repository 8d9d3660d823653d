// link.c: the pass sequence.  mld_link() is the table of contents of the
// linker: each pass is one call, and each only reads what earlier passes
// produced.

#include "mld.h"

#include <stdlib.h>
#include <time.h>

double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void timer(struct ctx *ctx, const char *name) {
  double t = now_seconds();
  if (ctx->ntimers < sizeof(ctx->timers) / sizeof(*ctx->timers)) {
    ctx->timers[ctx->ntimers].name = name;
    ctx->timers[ctx->ntimers].seconds = t - ctx->t_last;
    ctx->ntimers++;
  }
  ctx->t_last = t;
}

// A field of /proc/self/status in KiB (VmHWM, RssAnon, RssFile), 0 if
// it cannot be read.
static u64 proc_status_kib(const char *field) {
  FILE *f = fopen("/proc/self/status", "r");
  if (!f)
    return 0;
  char line[256];
  u64 v = 0;
  size_t n = strlen(field);
  while (fgets(line, sizeof(line), f))
    if (!strncmp(line, field, n) && line[n] == ':') {
      v = strtoull(line + n + 1, NULL, 10);
      break;
    }
  fclose(f);
  return v;
}

static void print_stats(struct ctx *ctx) {
  double total = 0;
  for (u32 i = 0; i < ctx->ntimers; i++) {
    fprintf(stderr, "mld: %-22s %8.3f ms\n", ctx->timers[i].name,
            ctx->timers[i].seconds * 1e3);
    total += ctx->timers[i].seconds;
  }
  fprintf(stderr, "mld: %-22s %8.3f ms\n", "total", total * 1e3);
  fprintf(stderr, "mld: files %u, symbols %llu, relocations %llu, "
          "GOT entries %llu, IPLT entries %llu, arena %llu KiB\n",
          ctx->objs.len, (unsigned long long)ctx->symbols.seen,
          (unsigned long long)ctx->stat_relocs,
          (unsigned long long)ctx->stat_got,
          (unsigned long long)ctx->stat_iplt,
          (unsigned long long)(ctx->arena.used_bytes >> 10));
  // What mld allocated (anonymous: heap, arena, the output's buffer if
  // it is not a mapping of the file) apart from the inputs' and the
  // output's pages (file-backed), so that a change in either shows.
  fprintf(stderr, "mld: memory: peak RSS %llu KiB; now anonymous %llu KiB "
          "(arena %llu KiB), file-backed %llu KiB\n",
          (unsigned long long)proc_status_kib("VmHWM"),
          (unsigned long long)proc_status_kib("RssAnon"),
          (unsigned long long)(ctx->arena.used_bytes >> 10),
          (unsigned long long)proc_status_kib("RssFile"));
  fprintf(stderr, "mld: branch relocations %llu, candidates %llu, stubs %llu "
          "(%u layout passes), erratum 843419 sites %llu, erratum 835769 "
          "sites %llu\n",
          (unsigned long long)ctx->stat_branches,
          (unsigned long long)ctx->stat_candidates,
          (unsigned long long)ctx->stat_stubs, ctx->stub_passes,
          (unsigned long long)ctx->stat_errata,
          (unsigned long long)ctx->stat_macs);
}

static void setup_target(struct ctx *ctx) {
  if (!ctx->arch)
    ctx->arch = &arch_x86_64;
  struct config *c = &ctx->cfg;
  // The other target's long options, as its GNU ld would not know them
  // (parse_sections warns of its -z keywords).
  bool x86 = ctx->arch == &arch_x86_64;
  struct vec *other = x86 ? &c->aarch64_options : &c->x86_options;
  if (other->len)
    fatal(ctx, "unrecognized option '%s' (%s's; the target is %s)",
          (const char *)other->v[0], x86 ? "AArch64" : "x86-64",
          ctx->arch->emulation);
  // A -T script's OUTPUT_FORMAT read before the target was known.
  if (ctx->t_output_format && strcmp(ctx->t_output_format,
                                     ctx->arch->output_format))
    fatal(ctx, "OUTPUT_FORMAT(%s): the target is %s (mld writes %s and "
          "raw images only)", ctx->t_output_format, ctx->arch->emulation,
          ctx->arch->output_format);
  ctx->page_size = c->max_page_size ? c->max_page_size
                                    : ctx->arch->max_page_size;
  ctx->common_page_size = c->common_page_size ? c->common_page_size
                                              : ctx->arch->common_page_size;
  // A common page size above the maximum is an error when both are
  // given; otherwise it raises the maximum the layout uses, and on
  // AArch64 PT_LOAD's p_align too (GNU ld 2.40).
  ctx->load_align = ctx->page_size;
  if (ctx->common_page_size > ctx->page_size) {
    if (c->max_page_size)
      error(ctx, "common page size (0x%llx) > maximum page size (0x%llx)",
            (unsigned long long)ctx->common_page_size,
            (unsigned long long)ctx->page_size);
    ctx->page_size = ctx->common_page_size;
    if (!ctx->arch->p_align_default_page)
      ctx->load_align = ctx->page_size;
  }
  // GNU ld's AArch64 emulation writes ELF only (objcopy -O binary
  // makes the image); a raw image has no notes GNU ld writes only into
  // ELF output.
  if (c->oformat_binary && ctx->arch->no_raw_image)
    fatal(ctx, "cannot change output format whilst linking %s binaries",
          ctx->arch->name);
  if (c->split_files && !c->relocatable)
    fatal(ctx, "--split-by-file: supported with -r only (GNU ld splits a "
          "final link's sections too)");
  if (c->oformat_binary && c->out_implib)
    fatal(ctx, "--out-implib: a raw image (--oformat binary) has no "
          "symbols to list");
  if (c->oformat_binary) {
    c->build_id = BUILD_ID_NONE;
    c->package_metadata = NULL;
  }
  // -N and -n are not demand-paged, and their scripts align no section
  // to a page.
  ctx->paged = !c->omagic && !c->nmagic;
  // GNU ld's default script uses SEGMENT_START ("text-segment"): its
  // warning (a -T script's, where the script does; expr.c).
  if (!script_layout(ctx))
    warn_text_segment(ctx);
  if (!ctx->paged)
    c->z_noseparate_code = true;
  // A static PIE without an interpreter: its undefined weak symbols are
  // 0, and calls to them go through GNU ld's PLT entries there.
  ctx->weak_plt = ctx->arch->plt_undef_weak && c->pie && !c->interp;
  // GNU ld's AArch64 script puts code and read-only data in one segment.
  if (ctx->arch->noseparate_code && !c->z_separate_code)
    c->z_noseparate_code = true;
}

// -r: the inputs read and resolved as for an executable, then written
// as one relocatable object (relocatable.c).
static int link_relocatable(struct ctx *ctx) {
  check_relocatable_options(ctx); // what -r cannot honour is an error
  read_inputs(ctx);           // map files once, open archives
  checkpoint(ctx);
  check_relocatable_script(ctx); // a -T script's SECTIONS: an error
  write_dependency_file(ctx); // --dependency-file: every input read
  timer(ctx, "read_inputs");
  intern_symbols(ctx);        // the objects' global names, on all threads
  start_parsing_ahead(ctx);   // each file's sections parsed as it joins
  resolve_symbols(ctx);       // archive members extracted as usual
  check_relocatable_bytecode(ctx); // with the plugin: bytecode alone
  finish_resolution(ctx);     // COMMON order; --require-defined
  write_why_extract(ctx);     // --why-extract: which reference pulled each
  hide_excluded_libs(ctx);    // --exclude-libs: their definitions hidden
  finish_parsing_ahead(ctx);  // what start_parsing_ahead has left
  define_script_symbols(ctx); // -T: the symbols its assignments define
  checkpoint(ctx);
  setup_target(ctx);
  timer(ctx, "resolve_symbols");
  // Beyond this point no file joins the link.
  parse_sections(ctx);        // COMDAT losers dropped; notes read
  parse_eh_frame(ctx);        // CIE/FDE records and their relocations
  warn_exec_memory(ctx);      // an input wants an executable stack
  create_relocatable_sections(ctx); // the -r script's output sections,
  check_discarded_refs(ctx);  // one per kept group member, SHT_GROUPs
  checkpoint(ctx);            // (-T SECTIONS: /DISCARD/'s referred to)
  if (ctx->cfg.gc_sections) {
    gc_sections(ctx);         // --gc-sections: from -e and -u symbols,
    create_relocatable_sections(ctx); // and the plan of what is left
  }
  if (ctx->synth[CK_EH_FRAME]) // FDEs of kept code, every CIE, no padding
    size_eh_frame(ctx, ctx->synth[CK_EH_FRAME]);
  timer(ctx, "create_sections");
  plan_relocatable(ctx);      // .rela.X, symbols numbered, relocations
  checkpoint(ctx);            // counted
  place_relocatable(ctx);     // file offsets: the file size is known
  timer(ctx, "plan");
  write_relocatable(ctx);     // temp file, contents, .symtab, rename
  timer(ctx, "write_output");
  if (ctx->cfg.stats)
    print_stats(ctx);
  remove_signal_guards(ctx);
  return 0;
}

// A TLS sequence that cannot be rewritten stops the link where GNU ld
// stops, before anything else is reported.
static void stop_on_tls_transition(struct ctx *ctx) {
  if (ctx->tls_transition_failed & TLS_FAILED_SCAN)
    fatal(ctx, "failed to set dynamic section sizes: bad value");
  if (ctx->tls_transition_failed)
    fatal(ctx, "final link failed: bad value");
}

// The addresses of everything allocated, then of every symbol.
static void lay_out(struct ctx *ctx) {
  assign_addresses(ctx);      // every allocated section has an address
  if (order_linked_sections(ctx)) // SHF_LINK_ORDER inputs as their
    assign_addresses(ctx);    // linked-to sections go, then again
  compute_symbol_values(ctx); // the symbols of input files
  fix_linker_symbols(ctx);    // _end, __start_SEC, --defsym, ...
  insert_symbols(ctx);        // INSERT: the inserted statements' symbols
}

// Sizes that depend on addresses, settled together as lld settles
// thunks and relocation sections: Cortex-A53 erratum veneers (found once,
// from the first layout, as GNU ld finds them), range-extension stubs for
// branches out of reach, and -pie -z pack-relative-relocs' DT_RELR.  Each
// round lays out again; sizes only grow, so the rounds end, and the cap
// turns a layout that would not settle into an error.
enum { MAX_LAYOUT_ROUNDS = 64 };

static void settle_sizes(struct ctx *ctx) {
  if (fix_errata(ctx))
    lay_out(ctx);
  timer(ctx, "fix_errata");
  for (u32 round = 0;; round++) {
    bool grew = add_stubs(ctx);   // a round of its own each call
    if (!grew)
      grew = size_relr(ctx);
    if (!grew)
      return;
    if (round == MAX_LAYOUT_ROUNDS) {
      error(ctx, "the layout does not settle after %d rounds",
            MAX_LAYOUT_ROUNDS);
      return;
    }
    lay_out(ctx);
  }
}

int mld_link(struct ctx *ctx) {
  ctx->t_last = now_seconds();
  install_signal_guards(ctx);
  if (ctx->cfg.arch)
    ctx->arch = ctx->cfg.arch;
  remove_old_implib(ctx);     // --out-implib: none left by a failed link
  if (ctx->cfg.relocatable)
    return link_relocatable(ctx);

  read_inputs(ctx);           // map files once, open archives
  checkpoint(ctx);
  write_dependency_file(ctx); // --dependency-file: every input read
  timer(ctx, "read_inputs");
  intern_symbols(ctx);        // the objects' global names, on all threads
  timer(ctx, "intern_symbols");
  start_parsing_ahead(ctx);   // each file's sections parsed as it joins,
                              // on the other threads (parse_sections)
  resolve_symbols(ctx);       // left to right, members extracted, groups
  link_bytecode(ctx);         // -plugin: LTO bytecode compiled, its
                              // objects in, archives scanned again
  finish_resolution(ctx);     // COMMON order; --require-defined
  write_why_extract(ctx);     // --why-extract: which reference pulled each
  hide_excluded_libs(ctx);    // --exclude-libs: their definitions hidden
  finish_parsing_ahead(ctx);  // what start_parsing_ahead has left
  warn_linked_objects(ctx);   // .gnu.warning sections of the files linked
  checkpoint(ctx);
  setup_target(ctx);          // page sizes from the target and -z
  timer(ctx, "resolve_symbols");
  // Beyond this point no file joins the link.
  parse_sections(ctx);        // live files only; COMDAT losers dropped
  parse_eh_frame(ctx);        // CIE/FDE records; their relocations kept
  timer(ctx, "parse_sections");
  create_chunks(ctx);         // output and synthetic sections, in order
  define_linker_symbols(ctx); // _end, __start_SEC, ... exist from here on
  define_script_symbols(ctx); // -T: the symbols its assignments define
  gc_sections(ctx);           // --gc-sections: dead sections leave chunks
  choose_exports(ctx);        // -pie -E, dynamic lists: .dynsym's symbols
  timer(ctx, "create_chunks");
  merge_sections(ctx);        // SHF_MERGE pieces kept once
  fold_identical_code(ctx);   // --icf: identical functions kept once
  keep_input_sections(ctx);   // -q: sections with inputs stay, if empty
  checkpoint(ctx);
  timer(ctx, "merge_sections");
  scan_relocations(ctx);      // undefined symbols, GOT/IPLT needs
  stop_on_tls_transition(ctx); // GNU ld's TLS sequences only
  scan_dynamic_relocs(ctx);   // -pie: a RELATIVE per absolute address
  report_undefined_symbols(ctx); // each with where it is referenced
  check_cross_refs(ctx);      // NOCROSSREFS: none between those named
  check_discarded_refs(ctx);  // none to what /DISCARD/ took
  checkpoint(ctx);
  allocate_slots(ctx);        // GOT and IPLT entries, in GNU ld's order
  plt_unwind_info(ctx);       // x86-64 -pie: .eh_frame's FDEs of the PLT
  lay_out_exports(ctx);       // -pie: .dynsym's order, .dynstr, hash sizes
  timer(ctx, "scan_relocations");
  size_synthetic(ctx, SIZE_BEFORE_LAYOUT); // .got, .plt, notes, .eh_frame:
  timer(ctx, "size_synthetic");            // live FDEs, one copy of each CIE
  lay_out(ctx);
  timer(ctx, "layout");
  settle_sizes(ctx);          // errata veneers, stubs, DT_RELR: the
                              // layout again until no size grows
  // Beyond this point no address changes.
  check_section_addresses(ctx); // no two sections overlap; by how much
  warn_unloaded_sections(ctx);  // PHDRS: allocated sections in no PT_LOAD
  checkpoint(ctx);              // memory regions overflowed
  timer(ctx, "create_stubs");
  set_entry(ctx);             // linker symbols have their values
  warn_exec_memory(ctx);      // executable stack, RWX segments
  checkpoint(ctx);
  plan_stubs(ctx);            // stubs in GNU ld's order, short or long
  plan_errata(ctx);           // each erratum site: ADR, or its veneer
  checkpoint(ctx);
  timer(ctx, "plan");
  compress_debug_sections(ctx); // .debug_* made and compressed, if asked
  checkpoint(ctx);
  timer(ctx, "compress_debug");
  size_synthetic(ctx, SIZE_AFTER_LAYOUT); // .symtab, .strtab, .shstrtab
  place_nonalloc(ctx);        // file size now known
  script_nonalloc_segments(ctx); // PHDRS: a note's segment, if unallocated
  report_relative_relocs(ctx); // -z report-relative-reloc: GNU ld's lines
  write_map(ctx);             // -Map: where everything went (and --cref)
  write_cref(ctx);            // --cref without -Map: on standard output
  print_memory_usage(ctx);    // --print-memory-usage
  checkpoint(ctx);
  timer(ctx, "symtab");
  write_output(ctx);          // temp file, copy + relocate, build-id, rename
  timer(ctx, "write_output");
  if (ctx->cfg.stats)
    print_stats(ctx);
  remove_signal_guards(ctx);  // the caller may free ctx now
  return 0;
}
