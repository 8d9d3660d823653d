/* Archive member pulled into weak_archive by a strong reference. */
const char *ar_used(void) { return "from archive"; }
