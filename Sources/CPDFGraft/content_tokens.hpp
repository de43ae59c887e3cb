// Page contents read operator by operator: how they leave the graphics state stack, the text
// they show in render mode 3 (invisible: an earlier OCR layer), and copies of them without it.
#ifndef FILTEROCR_CONTENT_TOKENS_HPP
#define FILTEROCR_CONTENT_TOKENS_HPP

#include "optimize.hpp"

#include <qpdf/QPDFObjectHandle.hh>

#include <cstddef>
#include <stdexcept>
#include <string>

namespace filterocr {

/// What a document decoded past its budget (DecodeBudget, or the most of one page's contents
/// whose invisible text can be removed): the searchable PDF is refused in one line.
struct OverBudget : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// How a content stream leaves the graphics state stack: q minus Q at its end, and the lowest
/// that went (below zero when a Q has no q).
struct ContentBalance {
    int depth = 0;
    int lowest = 0;
};

/// What a survey of a page's contents found: how they leave the graphics state stack, how many
/// text-showing operators they have in render mode 3, and their size decoded.
struct Survey {
    ContentBalance balance;
    int invisibleText = 0;
    size_t bytes = 0;
};

/// Surveys contents (a page's, a stream or an array of them, or a form's) as they are decoded,
/// in the same memory whatever their size, taking each decoded byte from `budget`; throws
/// OverBudget, naming them as `what`, past it.
Survey survey(QPDFObjectHandle contents, DecodeBudget &budget, std::string const &what);

/// Throws OverBudget unless contents so large, decoded, can have their invisible text removed.
void checkFilterable(Survey const &found, std::string const &what);

/// Gives `stream` the data of `contents`, with their invisible text dropped or not, compressed.
/// The data is produced while writing, from the source file.
void provideContents(QPDFObjectHandle stream, QPDFObjectHandle contents, bool dropInvisibleText);

/// Replaces `stream`'s data with itself without its invisible text, compressed. It is done
/// now, in memory (a form is small), because a provider reading the stream's own data while
/// the stream is written would read what it provides.
void dropInvisibleTextNow(QPDFObjectHandle stream);

}  // namespace filterocr

#endif
