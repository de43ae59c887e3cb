// Lossless optimisation of a PDF before it is written: what `--optimize 1` does, as OCRmyPDF's
// level 1 does it (and a little more), without changing a pixel of any image nor a character of
// any text.
#ifndef FILTEROCR_OPTIMIZE_HPP
#define FILTEROCR_OPTIMIZE_HPP

#define POINTERHOLDER_TRANSITION 4
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFWriter.hh>

namespace filterocr {

/// Makes `pdf`'s streams smaller where a lossless re-encoding is smaller, and drops the
/// resources its pages name but never use. Each stream is changed only when the result is
/// smaller; its decoded bytes (an image's pixels, a page's contents) stay the same:
/// - a Flate stream is inflated and deflated again (libdeflate, level 9), its predictor kept;
/// - a JPEG (DCT) stream gets a Flate layer over its bytes, the JPEG itself untouched;
/// - a stream with no filter is deflated.
/// Metadata (XMP) streams stay unfiltered, as PDF/A asks, without their padding; streams under
/// other filters (JBIG2, CCITT, JPEG 2000, chains) are kept byte for byte.
void optimizeStreams(QPDF &pdf);

/// Tells `writer` to pack objects into object streams: the objects' dictionaries, compressed
/// together, are most of a small PDF's size.
void packObjects(QPDFWriter &writer);

}  // namespace filterocr

#endif
