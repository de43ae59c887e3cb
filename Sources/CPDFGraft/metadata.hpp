// What a producer updates in a PDF's metadata: the document information and the XMP packet,
// read and written by libxml2.
#ifndef FILTEROCR_METADATA_HPP
#define FILTEROCR_METADATA_HPP

#include "optimize.hpp"

#include <string>

namespace filterocr {

/// Records `producer` (when not empty) and today as the modification date, and nothing else:
/// /Producer and /ModDate in the document information, pdf:Producer, xmp:ModifyDate and
/// xmp:MetadataDate in the catalog's XMP packet where it gives them. When `pagesChanged` (text
/// laid over a page, or pages from elsewhere), the packet's PDF/A identification goes too: the
/// output may not keep the conformance the input claimed. A packet that cannot be read (larger
/// than 4 MB decoded, not well-formed XML, or not decodable) is left as it is; one of those
/// that declares the PDF/A identification schema while pages changed is refused in one line
/// naming `path`. What the packet decodes to is taken from `budget`.
void recordProducer(QPDF &pdf, std::string const &producer, bool pagesChanged, DecodeBudget &budget,
                    std::string const &path);

}  // namespace filterocr

#endif
