// A page's geometry as every reader agrees on it: its /Rotate, its /UserUnit, the part of it
// that is shown, and the crop and turn that show it as its text was recognised.
#ifndef FILTEROCR_GEOMETRY_HPP
#define FILTEROCR_GEOMETRY_HPP

#include "qpdf_support.hpp"

#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageObjectHelper.hh>

namespace filterocr {

/// Gives `page` the geometry MuPDF was made to read it with (filterocr_agree_on_geometry): a
/// /Rotate readers would differ on becomes the quarter turn it means, a /UserUnit that is not
/// positive goes. MuPDF drew /UserUnit -1 and /Rotate 900000000000 turned and poppler upright;
/// now both show the page as it was recognised. Returns whether the page changed.
bool agreeOnGeometry(QPDFObjectHandle page);

/// The part of a page that is shown, and that the text layer's page was rendered from: the
/// crop box within the media box.
QPDFObjectHandle::Rectangle shownBox(QPDFPageObjectHelper &page);

/// /Rotate as 0, 90, 180 or 270: qpdf places forms right only for those, and -90 or 450 mean the
/// same to a viewer.
void normalizeRotation(QPDFPageObjectHelper &page);

/// Shows the page as its text layer's page was rendered from it: cropped to the part kept (a
/// crop box within the shown box, the fractions taken on the page as displayed, that is after
/// its own /Rotate) and turned by the quarter turns added to /Rotate. The content is untouched.
void showAsRecognised(QPDFPageObjectHelper &page, filterocr_graft_page const &entry);

}  // namespace filterocr

#endif
