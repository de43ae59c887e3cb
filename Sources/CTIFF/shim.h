#ifndef FILTEROCR_CTIFF_SHIM_H
#define FILTEROCR_CTIFF_SHIM_H

#include <stdint.h>
#include <tiffio.h>

// TIFFGetField is variadic, which Swift cannot call: one typed getter per kind of field.
static inline int filterocr_tiff_u32(TIFF *tiff, uint32_t tag, uint32_t *value) {
    return TIFFGetField(tiff, tag, value);
}

static inline int filterocr_tiff_u16(TIFF *tiff, uint32_t tag, uint16_t *value) {
    return TIFFGetField(tiff, tag, value);
}

// The same, with the TIFF's default when the tag is absent (SampleFormat, BitsPerSample).
static inline int filterocr_tiff_u16_defaulted(TIFF *tiff, uint32_t tag, uint16_t *value) {
    return TIFFGetFieldDefaulted(tiff, tag, value);
}

static inline int filterocr_tiff_float(TIFF *tiff, uint32_t tag, float *value) {
    return TIFFGetField(tiff, tag, value);
}

#endif
