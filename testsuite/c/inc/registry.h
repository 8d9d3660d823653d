/* Entries collected in the custom section "mld_registry" from several
   objects, iterated with __start_/__stop_ symbols. */
#ifndef REGISTRY_H
#define REGISTRY_H
struct reg_entry {
    const char *name;
    int (*fn)(int);
    int order;
};
#define REGISTER(id, nm, f, ord)                                          \
    __attribute__((used, section("mld_registry"), aligned(sizeof(void *)))) \
    static const struct reg_entry reg_##id = { nm, f, ord }
extern const struct reg_entry __start_mld_registry[];
extern const struct reg_entry __stop_mld_registry[];
#endif
