/* Archive member that must NOT be pulled into weak_archive. */
const char *ar_override(void) { return "strong definition from archive"; }
