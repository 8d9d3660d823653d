/* Initial-exec references to the undefined weak TLS variables that
   aarch64_tls_weak_desc.c reaches through descriptors and
   aarch64_tls_weak_gd_ie.c through general-dynamic code. */
extern __thread int tls_desc_absent __attribute__((weak));
extern __thread int tls_desc_absent_hidden
    __attribute__((weak, visibility("hidden")));

long tls_desc_ie_offsets(void)
{
    char *tp = __builtin_thread_pointer();
    return ((char *)&tls_desc_absent - tp) * 3 +
           ((char *)&tls_desc_absent_hidden - tp);
}
