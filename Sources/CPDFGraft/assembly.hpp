// The searchable PDF of a run: each page placed in order, a PDF's own pages kept as they are
// with the text layer laid over them as a form XObject, the rest of each source kept in its
// place, and the whole written once.
#ifndef FILTEROCR_ASSEMBLY_HPP
#define FILTEROCR_ASSEMBLY_HPP

#include "qpdf_support.hpp"

namespace filterocr {

/// Writes the PDF of `pages` (`count` of them, at least one) to `output`, after checking each
/// PDF kept whole that `views` describes against qpdf's reading of it; `producer` is recorded
/// as the document's producer unless empty, and `optimize` makes its streams smaller where that
/// is lossless. Throws a Disagreement, an OverBudget or another exception, in one line.
void assemble(filterocr_graft_page const *pages, int count, filterocr_graft_view const *views, int viewCount,
              char const *producer, bool optimize, CallbackPipeline &output);

}  // namespace filterocr

#endif
