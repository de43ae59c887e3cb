// See agreement.hpp.
#include "agreement.hpp"

#include <qpdf/QPDFObjectHandle.hh>

namespace filterocr {
namespace {

/// `number generation`, as an object is named in messages.
std::string objectName(QPDFObjGen const &object) {
    return std::to_string(object.getObj()) + " " + std::to_string(object.getGen());
}

}  // namespace

bool qpdfRepaired(QPDF &pdf) {
    bool repaired = false;
    for (auto const &warning : pdf.getWarnings()) {
        repaired = repaired || std::string(warning.what()).find("reconstruct") != std::string::npos;
    }
    return repaired;
}

void checkAgreement(QPDF &pdf, std::vector<QPDFObjGen> const &pages, filterocr_graft_view const &view, int index) {
    bool repaired = qpdfRepaired(pdf);
    QPDFObjGen mupdfRoot(view.root_number, view.root_generation), root = pdf.getRoot().getObjGen();
    if (root != mupdfRoot) {
        throw Disagreement(Disagreement::readDifferently, index,
                           "its catalog is object " + objectName(mupdfRoot) + " to MuPDF and " + objectName(root) +
                               " to qpdf" + (repaired ? ", which repaired the damaged file from an earlier revision" : ""));
    }
    if (pages.size() != static_cast<size_t>(view.page_count)) {
        throw Disagreement(Disagreement::readDifferently, index,
                           "its page tree holds " + std::to_string(view.page_count) + " pages to MuPDF and " +
                               std::to_string(pages.size()) + " to qpdf");
    }
    // The pages the run read: their text was read from MuPDF's. Those it left out stay as
    // qpdf finds them, as they are.
    for (int i = 0; i < view.checked_count; ++i) {
        int number = view.checked_pages[i];
        QPDFObjGen mupdf(view.pages[2 * i], view.pages[2 * i + 1]);
        bool found = number >= 1 && static_cast<size_t>(number) <= pages.size();
        if (!found || pages[number - 1] != mupdf) {
            throw Disagreement(Disagreement::readDifferently, index,
                               "its page " + std::to_string(number) + " is object " + objectName(mupdf) + " to MuPDF and " +
                                   (found ? objectName(pages[number - 1]) : "none") + " to qpdf");
        }
    }
    if (repaired || view.repaired) {
        throw Disagreement(Disagreement::repaired, index,
                           repaired && view.repaired ? "MuPDF and qpdf" : repaired ? "qpdf" : "MuPDF");
    }
}

}  // namespace filterocr
