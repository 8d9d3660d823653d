/* Variadic functions: va_list passing, mixing ints/doubles/pointers,
   va_copy, many arguments (register save area and stack). */
#include <stdio.h>
#include <stdarg.h>
#include <string.h>

static double sum_mixed(const char *fmt, ...)
{
    va_list ap;
    double s = 0;
    va_start(ap, fmt);
    for (; *fmt; fmt++) {
        switch (*fmt) {
        case 'i': s += va_arg(ap, int); break;
        case 'l': s += (double)va_arg(ap, long long); break;
        case 'd': s += va_arg(ap, double); break;
        case 's': s += (double)strlen(va_arg(ap, const char *)); break;
        }
    }
    va_end(ap);
    return s;
}

static int vformat(char *buf, size_t n, const char *fmt, va_list ap)
{
    va_list copy;
    va_copy(copy, ap);
    int len = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    vsnprintf(buf, n, fmt, ap);
    return len;
}

static int format(char *buf, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vformat(buf, n, fmt, ap);
    va_end(ap);
    return r;
}

int main(void)
{
    char buf[256];
    printf("sum=%.3f\n", sum_mixed("iidlsdiiiddddddddddid", 1, 2, 0.5, 10LL, "hello", 1.25, 3, 4, 5,
                                   1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 6, 0.125));
    int len = format(buf, sizeof buf, "%s|%d|%5.2f|%c|%lu|%x", "str", -42, 3.14159, 'q', 123456789UL, 255);
    printf("formatted (%d): %s\n", len, buf);
    return 0;
}
