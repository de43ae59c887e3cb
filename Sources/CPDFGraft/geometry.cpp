// See geometry.hpp.
#include "geometry.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <utility>

namespace filterocr {
namespace {

/// The quarter turn a /Rotate of `value` means to every reader, as pdf_structure.c's
/// filterocr_agree_on_geometry makes MuPDF read it: a whole multiple of 90 within 32 bits,
/// modulo 360; anything else none.
long long agreedRotation(QPDFObjectHandle value) {
    if (!value.isNumber()) return 0;
    double angle = value.getNumericValue();
    if (!std::isfinite(angle) || angle != std::floor(angle) || angle < INT_MIN || angle > INT_MAX) return 0;
    long long whole = static_cast<long long>(angle);
    if (whole % 90 != 0) return 0;
    whole %= 360;
    return whole < 0 ? whole + 360 : whole;
}

}  // namespace

bool agreeOnGeometry(QPDFObjectHandle page) {
    bool changed = false;
    auto rotate = QPDFPageObjectHelper(page).getAttribute("/Rotate", false);
    if (!rotate.isNull()) {
        bool plain = rotate.isInteger() && rotate.getIntValue() >= INT_MIN && rotate.getIntValue() <= INT_MAX &&
                     rotate.getIntValue() % 90 == 0;
        if (!plain) {
            page.replaceKey("/Rotate", QPDFObjectHandle::newInteger(agreedRotation(rotate)));
            changed = true;
        }
    }
    if (page.hasKey("/UserUnit")) {
        auto unit = page.getKey("/UserUnit");
        double scale = unit.isNumber() ? unit.getNumericValue() : 0;
        if (!(std::isfinite(scale) && scale > 0)) {
            page.removeKey("/UserUnit");
            changed = true;
        }
    }
    return changed;
}

QPDFObjectHandle::Rectangle shownBox(QPDFPageObjectHelper &page) {
    auto media = page.getMediaBox().getArrayAsRectangle();
    auto crop = page.getCropBox().getArrayAsRectangle();
    QPDFObjectHandle::Rectangle shown(std::max(media.llx, crop.llx), std::max(media.lly, crop.lly),
                                      std::min(media.urx, crop.urx), std::min(media.ury, crop.ury));
    bool empty = shown.llx >= shown.urx || shown.lly >= shown.ury;
    return empty ? media : shown;
}

void normalizeRotation(QPDFPageObjectHelper &page) {
    auto rotate = page.getAttribute("/Rotate", false);
    if (!rotate.isInteger()) return;
    long long angle = rotate.getIntValue() % 360;
    if (angle < 0) angle += 360;
    if (angle != rotate.getIntValue()) page.getObjectHandle().replaceKey("/Rotate", QPDFObjectHandle::newInteger(angle));
}

void showAsRecognised(QPDFPageObjectHelper &page, filterocr_graft_page const &entry) {
    bool cropped = entry.shown_left > 0 || entry.shown_top > 0 || entry.shown_right < 1 || entry.shown_bottom < 1;
    bool turned = entry.quarter_turns % 4 != 0;
    if (!cropped && !turned) return;
    normalizeRotation(page);
    auto rotate = page.getAttribute("/Rotate", false);
    long long angle = rotate.isInteger() ? rotate.getIntValue() : 0;
    if (cropped) {
        auto box = shownBox(page);
        double width = box.urx - box.llx, height = box.ury - box.lly;
        // A point (u, v) of the page as displayed (from its top left), in user space.
        auto point = [&](double u, double v) -> std::pair<double, double> {
            switch (angle) {
            case 90: return {box.llx + v * width, box.lly + u * height};
            case 180: return {box.urx - u * width, box.lly + v * height};
            case 270: return {box.urx - v * width, box.ury - u * height};
            default: return {box.llx + u * width, box.ury - v * height};
            }
        };
        auto a = point(entry.shown_left, entry.shown_top), b = point(entry.shown_right, entry.shown_bottom);
        QPDFObjectHandle::Rectangle kept(std::min(a.first, b.first), std::min(a.second, b.second),
                                         std::max(a.first, b.first), std::max(a.second, b.second));
        page.getObjectHandle().replaceKey("/CropBox", QPDFObjectHandle::newFromRectangle(kept));
    }
    if (turned) {
        long long turns = ((entry.quarter_turns % 4) + 4) % 4;
        page.getObjectHandle().replaceKey("/Rotate", QPDFObjectHandle::newInteger((angle + 90 * turns) % 360));
    }
}

}  // namespace filterocr
