/* printf of float, double and long double in many formats, and strtod. */
#include <stdio.h>
#include <stdlib.h>
#include <float.h>
#include <math.h>

static const double dvals[] = {
    0.0, -0.0, 1.0, -1.5, 0.1, 1.0 / 3.0, 123456789.125, 1e-300, 1e300,
    DBL_MAX, DBL_MIN, DBL_EPSILON, 2.5e-310 /* subnormal */, 6.02214076e23,
};

int main(void)
{
    unsigned i;
    for (i = 0; i < sizeof dvals / sizeof dvals[0]; i++) {
        double d = dvals[i];
        printf("%u: %f | %.17g | %e | %a | %10.3f | %-12.4e|\n", i, d, d, d, d, d, d);
    }
    long double ld = 1.0L / 3.0L;
    printf("ld: %Lf %.21Lg %Le %La\n", ld, ld, ld, ld);
    ld = LDBL_MAX;
    printf("ldmax: %Lg %La\n", ld, ld);
    ld = 12345.6789L;
    printf("ld2: %.10Lf %Lg\n", ld, ld);
    printf("inf/nan: %f %f %F %e\n", INFINITY, -INFINITY, INFINITY, NAN);
    float f = 3.14159265f;
    printf("float: %f %.9g %a\n", f, f, f);
    printf("widths: [%8.2f] [%-8.2f] [%+08.2f] [% .3e]\n", 3.14159, 3.14159, 3.14159, 314.159);
    const char *strs[] = { "3.5", "-0.125e3", "0x1.8p1", "1e-5", "infinity", "123abc" };
    for (i = 0; i < sizeof strs / sizeof strs[0]; i++) {
        char *end;
        double d = strtod(strs[i], &end);
        printf("strtod(%s) = %.10g rest='%s'\n", strs[i], d, end);
    }
    char buf[64];
    snprintf(buf, sizeof buf, "%.3f/%g", 2.0 / 3.0, 1e20);
    printf("snprintf: %s\n", buf);
    return 0;
}
