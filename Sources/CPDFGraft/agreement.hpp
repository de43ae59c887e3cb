// Whether qpdf reads a PDF kept whole as MuPDF, the renderer whose pages the text was read from,
// read it.
#ifndef FILTEROCR_AGREEMENT_HPP
#define FILTEROCR_AGREEMENT_HPP

#include "qpdf_support.hpp"

#include <qpdf/QPDFObjGen.hh>

#include <stdexcept>
#include <string>
#include <vector>

namespace filterocr {

/// A PDF kept whole that cannot be written from qpdf's reading: qpdf reads it otherwise than the
/// renderer (MuPDF) did, whose pages the text was read from, or one of the two had to repair it,
/// which is a guess at the document meant. `view` is the index of the renderer's view.
struct Disagreement : std::runtime_error {
    enum Kind { readDifferently = -2, repaired = -3 };

    Disagreement(Kind kind, int view, std::string const &what) : std::runtime_error(what), kind(kind), view(view) {}
    Kind kind;
    int view;
};

/// Whether qpdf has rebuilt `pdf`'s cross-reference table since this was last asked (qpdf
/// says so among its warnings, which asking clears). It does so when the file is damaged: on
/// opening it, or later, when an object is not where the table says.
bool qpdfRepaired(QPDF &pdf);

/// Throws a Disagreement unless qpdf's reading of `pdf`, its catalog, its number of `pages` and
/// each page the run read, is the renderer's `view` (the view at `index`), and neither library
/// repaired the file. The text of each page was read from MuPDF's rendering of it: laid on a
/// page qpdf finds otherwise (another revision of a damaged file, another reading of an odd
/// page tree) it would lie over the wrong page, or over the page as it was before the file's
/// last update changed it. A repair guesses: qpdf's takes a damaged file's first trailer and
/// MuPDF's its last, and they may read an object the last update put in an object stream one
/// from the update and one from before it, under the same number; so a repaired file is
/// refused even when its catalog and pages agree.
void checkAgreement(QPDF &pdf, std::vector<QPDFObjGen> const &pages, filterocr_graft_view const &view, int index);

}  // namespace filterocr

#endif
