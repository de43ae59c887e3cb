#ifndef FILTEROCR_CTESSERACT_SHIM_H
#define FILTEROCR_CTESSERACT_SHIM_H

#include <leptonica/allheaders.h>
#include <tesseract/capi.h>

#endif
