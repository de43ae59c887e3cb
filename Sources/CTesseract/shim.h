#ifndef FILTEROCR_CTESSERACT_SHIM_H
#define FILTEROCR_CTESSERACT_SHIM_H

#include <leptonica/allheaders.h>
#include <tesseract/capi.h>

// mallopt(), to keep image-sized buffers between filters (see MemoryTuning.swift).
#include <malloc.h>

#include <errno.h>
#include <stdio.h>

// Tesseract's renderers write documents for standard output to `stdout` and ignore failed
// writes; the stream remembers them. 0 when everything went out; otherwise the errno of the
// flush that failed now, or -1 when an earlier write failed.
static inline int filterocr_standard_output_error(void) {
    if (fflush(stdout) != 0) return errno != 0 ? errno : -1;
    return ferror(stdout) ? -1 : 0;
}

#endif
