/* Member of libplugins.a for whole_archive.c: nothing refers to it. */
void register_plugin(const char *name);
int plugin_one_value = 1;
__attribute__((constructor)) static void reg(void) { register_plugin("one"); }
