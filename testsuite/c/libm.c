/* libm: transcendental functions, rounding, classification (-lm). */
//# ldflags: -lm
#include <stdio.h>
#include <math.h>

int main(void)
{
    volatile double xs[] = { 0.0, 0.5, 1.0, 2.0, 3.14159265358979, 10.0, -2.5 };
    unsigned i;
    for (i = 0; i < sizeof xs / sizeof xs[0]; i++) {
        double x = xs[i];
        printf("x=%.6f sin=%.6f cos=%.6f exp=%.6f atan=%.6f cbrt=%.6f lgamma=%.6f\n", x, sin(x),
               cos(x), exp(x), atan(x), cbrt(x), x > 0 ? lgamma(x) : 0.0);
    }
    volatile double p = 2.0, q = 0.5;
    printf("pow=%.6f sqrt=%.6f log=%.6f log10=%.6f hypot=%.6f fmod=%.6f\n", pow(p, 10), sqrt(p),
           log(p), log10(1000.0 * q), hypot(3.0, 4.0), fmod(10.0, 3.0));
    printf("floor=%.1f ceil=%.1f round=%.1f trunc=%.1f rint=%.1f lround=%ld\n", floor(-2.5),
           ceil(-2.5), round(-2.5), trunc(-2.5), rint(2.5), lround(2.5));
    volatile float f = 0.3f;
    printf("sinf=%.6f expf=%.6f powf=%.6f\n", sinf(f), expf(f), powf(f, 2.5f));
    volatile long double l = 2.0L;
    printf("sqrtl=%.15Lf expl=%.12Lf\n", sqrtl(l), expl(l));
    printf("isnan=%d isinf=%d signbit=%d fpclassify(0)==FP_ZERO %d\n", isnan(NAN), isinf(-INFINITY) != 0,
           signbit(-0.0) != 0, fpclassify(0.0) == FP_ZERO);
    printf("erf=%.6f tgamma=%.6f asinh=%.6f\n", erf(0.5), tgamma(5.0), asinh(1.0));
    return 0;
}
