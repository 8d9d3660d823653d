/* Helper for wrap.c: defines compute.  Its own call to compute is a
   reference to a symbol defined in this object, not an undefined one,
   so --wrap does not redirect it. */
int compute(int x) { return x * x; }
int call_compute_from_other(int x) { return compute(x) + 1; }
