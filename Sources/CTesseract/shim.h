#ifndef FILTEROCR_CTESSERACT_SHIM_H
#define FILTEROCR_CTESSERACT_SHIM_H

#include <leptonica/allheaders.h>
#include <tesseract/capi.h>

// mallopt(), to keep image-sized buffers between filters (see MemoryTuning.swift).
#include <malloc.h>

#endif
