/* -mcmodel=tiny initial-exec against the same undefined weak variable:
   GNU ld loads from the instruction itself, yet makes its GOT entry. */
extern __thread int tls_weak_absent __attribute__((weak));

long tls_weak_tiny_ie_offset(void)
{
    return (char *)&tls_weak_absent - (char *)__builtin_thread_pointer();
}
