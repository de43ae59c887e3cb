#ifndef FILTEROCR_CVECTORMATH_H
#define FILTEROCR_CVECTORMATH_H

// Element-wise operations on eight floats (SIMD8<Float> in Swift). Swift's own square root
// and clamping on SIMD types compile to a branch and a call per lane on Linux (the square
// root keeps errno, min and max order NaNs); these are single vector instructions, inlined
// into the Swift loops that call them.

typedef float filterocr_float8 __attribute__((ext_vector_type(8)));

static inline __attribute__((always_inline)) filterocr_float8 filterocr_sqrt8(filterocr_float8 x) {
    return __builtin_elementwise_sqrt(x);
}

/// `x` limited to `low...high`.
static inline __attribute__((always_inline)) filterocr_float8 filterocr_clamp8(filterocr_float8 x, float low, float high) {
    return __builtin_elementwise_min(__builtin_elementwise_max(x, (filterocr_float8)low), (filterocr_float8)high);
}

#endif
