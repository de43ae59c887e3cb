// Searchable PDFs that keep a PDF's own pages. Each page is copied into the output as it is
// (qpdf copies objects between files and reads their stream data from the source files only
// while writing), and the text layer Tesseract wrote for it is laid over it as a form XObject.
// qpdf reports errors by C++ exceptions, which Swift cannot catch: the entry point catches
// them all and returns a status and a one-line message.
#include "filterocr_graft.h"
#include "optimize.hpp"

// qpdf 11's headers warn unless told which of its old PointerHolder interfaces to keep: none.
#define POINTERHOLDER_TRANSITION 4
#include <qpdf/Pl_Buffer.hh>
#include <qpdf/Pl_Flate.hh>
#include <qpdf/Pl_QPDFTokenizer.hh>
#include <qpdf/Pipeline.hh>
#include <qpdf/QPDFLogger.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>
#include <qpdf/QPDFWriter.hh>

#include <algorithm>
#include <cctype>
#include <climits>
#include <cmath>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <memory>
#include <locale>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

/// The caller's sink refused the output's bytes.
struct WriteFailed : std::runtime_error {
    WriteFailed() : std::runtime_error("a write failed") {}
};

/// A PDF kept whole that cannot be written from qpdf's reading: qpdf reads it otherwise than the
/// renderer (MuPDF) did, whose pages the text was read from, or one of the two had to repair it,
/// which is a guess at the document meant. `view` is the index of the renderer's view.
struct Disagreement : std::runtime_error {
    enum Kind { readDifferently = -2, repaired = -3 };

    Disagreement(Kind kind, int view, std::string const &what) : std::runtime_error(what), kind(kind), view(view) {}
    Kind kind;
    int view;
};

/// What a document decoded past its budget (filterocr::DecodeBudget, or the most of one page's
/// contents whose invisible text can be removed): the searchable PDF is refused in one line.
struct OverBudget : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// qpdf, quiet: it would print its warnings (a damaged file repaired, a stream it could not
/// decode) on standard error through its logger, which every QPDF shares unless given another.
/// The warnings are still kept among `pdf`'s, which qpdfRepaired reads, and whatever ends the
/// run comes as an exception, said in one line.
void quiet(QPDF &pdf) {
    static std::once_flag once;
    std::call_once(once, [] {
        auto logger = QPDFLogger::defaultLogger();
        logger->setInfo(logger->discard());
        logger->setWarn(logger->discard());
        logger->setError(logger->discard());
    });
    pdf.setSuppressWarnings(true);
}

/// `path` as a message shows it: on one line, its control characters as \xNN.
std::string displayed(std::string const &path) {
    std::string shown;
    for (unsigned char c : path) {
        if (c < 0x20 || c == 0x7f) {
            char escape[8];
            std::snprintf(escape, sizeof escape, "\\x%02X", c);
            shown += escape;
        } else {
            shown += static_cast<char>(c);
        }
    }
    return shown;
}

/// The most of a content stream (decoded) whose invisible text is removed: qpdf's tokenizer
/// holds a stream whole while it filters it, at about ten bytes per byte (256 MiB of white
/// space took 2.6 GB). OCR layers are tens of kilobytes a page.
constexpr size_t maxFilteredContentBytes = 16u << 20;

/// The most of an XMP packet that is decoded to be updated. Real packets are kilobytes (a
/// thumbnail makes one a few hundred); a 1 MB packet that inflates to 1 GiB took 27 s and
/// 3.7 GB to decode and write back whole. Beyond this it is left as it is, still compressed as
/// it was.
constexpr size_t maxMetadataBytes = 4 << 20;

/// Hands the output to the caller's callback. QPDFWriter writes a few bytes at a time (a
/// token, a line), so they are gathered into chunks rather than passed on one call each.
class CallbackPipeline final : public Pipeline {
  public:
    CallbackPipeline(filterocr_graft_write sink, void *context)
        : Pipeline("assembled PDF", nullptr), sink_(sink), context_(context) {
        buffer_.reserve(chunk);
    }

    void write(unsigned char const *data, size_t length) override {
        if (buffer_.size() + length > chunk) flush();
        if (length >= chunk) {
            deliver(data, length);
        } else {
            buffer_.insert(buffer_.end(), data, data + length);
        }
    }

    // QPDFWriter finishes its pipelines more than once, some of the times from destructors,
    // where a failing sink's exception would end the process: the last chunk goes out through
    // flush() once the writer is done instead.
    void finish() override {}

    /// Hands over what is gathered; throws WriteFailed when the sink refuses it.
    void flush() {
        if (buffer_.empty()) return;
        deliver(buffer_.data(), buffer_.size());
        buffer_.clear();
    }

  private:
    static constexpr size_t chunk = 64 * 1024;

    // After one failure the sink is not called again: the writer stops at the exception.
    void deliver(unsigned char const *data, size_t length) {
        if (failed_ || sink_(context_, data, length) != 0) {
            failed_ = true;
            throw WriteFailed();
        }
    }

    filterocr_graft_write sink_;
    void *context_;
    std::vector<unsigned char> buffer_;
    bool failed_ = false;
};

/// How a content stream leaves the graphics state stack: q minus Q at its end, and the lowest
/// that went (below zero when a Q has no q).
struct ContentBalance {
    int depth = 0;
    int lowest = 0;
};

/// Reads a content stream operator by operator and, when asked, drops the text shown in render
/// mode 3 (invisible: an earlier OCR layer). The mode belongs to the graphics state, so q and Q
/// save and restore it, and Tr may set it inside or outside BT ... ET. Dropping a text-showing
/// operator drops its operands with it; ' and " also move to the next line (and " sets the
/// spacing), which later text may rely on, so that part stays. The text position a dropped Tj
/// or TJ would have advanced is not kept: OCR layers place each line or word themselves.
class InvisibleTextFilter final : public QPDFObjectHandle::TokenFilter {
  public:
    explicit InvisibleTextFilter(bool drop) : drop_(drop) {}

    void handleToken(QPDFTokenizer::Token const &token) override {
        if (token.getType() != QPDFTokenizer::tt_word) {
            operands_.push_back(token);
            return;
        }
        std::string const &op = token.getValue();
        if (mode_ == invisible && showsText(op)) {
            ++invisibleText_;
            if (drop_) {
                keepLineMove(op);
                operands_.clear();
                return;
            }
        }
        track(op);
        flushOperands();
        writeToken(token);
    }

    void handleEOF() override { flushOperands(); }

    /// Text-showing operators met in render mode 3.
    int invisibleText() const { return invisibleText_; }
    ContentBalance balance() const { return balance_; }

  private:
    static constexpr long invisible = 3;

    static bool showsText(std::string const &op) { return op == "Tj" || op == "TJ" || op == "'" || op == "\""; }

    void track(std::string const &op) {
        if (op == "q") {
            savedModes_.push_back(mode_);
            ++balance_.depth;
        } else if (op == "Q") {
            if (!savedModes_.empty()) {
                mode_ = savedModes_.back();
                savedModes_.pop_back();
            }
            --balance_.depth;
            balance_.lowest = std::min(balance_.lowest, balance_.depth);
        } else if (op == "Tr") {
            auto operands = numbers();
            if (!operands.empty()) mode_ = std::strtol(operands.back().getValue().c_str(), nullptr, 10);
        }
    }

    void keepLineMove(std::string const &op) {
        // Each piece starts with a space: the separator before the dropped operands went with
        // them.
        if (op == "\"") {
            auto spacing = numbers();
            if (spacing.size() >= 2) {
                write(" ");
                writeToken(spacing[0]);
                write(" Tw ");
                writeToken(spacing[1]);
                write(" Tc");
            }
        }
        if (op == "'" || op == "\"") write(" T*");
    }

    /// The operands that are numbers, in order.
    std::vector<QPDFTokenizer::Token> numbers() const {
        std::vector<QPDFTokenizer::Token> found;
        for (auto const &token : operands_) {
            auto type = token.getType();
            if (type == QPDFTokenizer::tt_integer || type == QPDFTokenizer::tt_real) found.push_back(token);
        }
        return found;
    }

    void flushOperands() {
        for (auto const &token : operands_) writeToken(token);
        operands_.clear();
    }

    bool drop_;
    long mode_ = 0;
    std::vector<long> savedModes_;
    std::vector<QPDFTokenizer::Token> operands_;
    int invisibleText_ = 0;
    ContentBalance balance_;
};

using filterocr::pipeContents;

/// What a survey of a page's contents found: how they leave the graphics state stack, how many
/// text-showing operators they have in render mode 3, and their size decoded.
struct Survey {
    ContentBalance balance;
    int invisibleText = 0;
    size_t bytes = 0;
};

/// Reads a content stream as it is decoded, a byte at a time, and keeps of it only what the
/// survey asks (InvisibleTextFilter's q, Q and Tr, and text shown in mode 3), so that contents of
/// any size cost the same memory: qpdf's tokenizer pipeline holds the whole stream, at about ten
/// bytes a byte. Each decoded byte is taken from the document's budget. Strings, names, arrays,
/// dictionaries and comments are operands skipped over; an inline image's data runs from the
/// byte after `ID` to a white-space-delimited `EI`.
class ContentSurvey final : public Pipeline {
  public:
    ContentSurvey(filterocr::DecodeBudget &budget, std::string what)
        : Pipeline("content survey", nullptr), budget_(budget), what_(std::move(what)) {}

    void write(unsigned char const *data, size_t length) override {
        if (!budget_.take(length)) {
            overBudget_ = true;
            throw OverBudget(overBudgetMessage());
        }
        found_.bytes += length;
        for (size_t i = 0; i < length; ++i) next(data[i]);
    }

    void finish() override { endWord(); }

    Survey const &found() const { return found_; }

    /// Whether the budget stopped the survey: qpdf turns the exception that stops it into a
    /// stream that "cannot be decoded".
    bool overBudget() const { return overBudget_; }

    std::string overBudgetMessage() const {
        return what_ + " decode to more than the " + std::to_string(filterocr::DecodeBudget::total >> 20) +
               " MB a searchable PDF may decode from one document";
    }

  private:
    enum class State { between, word, comment, literal, escape, angle, hex, inlineImage };

    static bool isSpace(unsigned char c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == 0;
    }
    static bool isDelimiter(unsigned char c) {
        return c == '(' || c == ')' || c == '<' || c == '>' || c == '[' || c == ']' || c == '{' || c == '}' ||
               c == '/' || c == '%';
    }

    void next(unsigned char c) {
        switch (state_) {
        case State::comment:
            if (c == '\r' || c == '\n') state_ = State::between;
            return;
        case State::literal:
            if (c == '\\') {
                state_ = State::escape;
            } else if (c == '(') {
                ++depth_;
            } else if (c == ')' && --depth_ == 0) {
                state_ = State::between;
            }
            return;
        case State::escape:
            state_ = State::literal;
            return;
        case State::angle:
            // `<<` starts a dictionary; `<` and anything else a hex string.
            state_ = c == '<' ? State::between : c == '>' ? State::between : State::hex;
            return;
        case State::hex:
            if (c == '>') state_ = State::between;
            return;
        case State::inlineImage:
            imageByte(c);
            return;
        case State::word:
            if (!isSpace(c) && !isDelimiter(c)) {
                if (word_.size() < maxWord) word_.push_back(static_cast<char>(c));
                else longWord_ = true;
                return;
            }
            endWord();
            if (state_ == State::inlineImage) return imageByte(c);
            break;
        case State::between: break;
        }
        // Between tokens: `c` starts one, or is white space.
        if (isSpace(c)) return;
        if (c == '%') {
            state_ = State::comment;
        } else if (c == '(') {
            state_ = State::literal;
            depth_ = 1;
        } else if (c == '<') {
            state_ = State::angle;
        } else if (c == '/') {
            // A name: read as a word, which is an operand.
            state_ = State::word;
            word_.assign("/");
            longWord_ = false;
        } else if (!isDelimiter(c)) {
            state_ = State::word;
            word_.assign(1, static_cast<char>(c));
            longWord_ = false;
        }
    }

    void endWord() {
        if (state_ != State::word) return;
        state_ = State::between;
        if (word_[0] == '/' || longWord_) return;
        if (word_.find_first_not_of("0123456789+-.") == std::string::npos) {
            number_ = std::strtol(word_.c_str(), nullptr, 10);
            hasNumber_ = true;
            return;
        }
        if (word_ != "true" && word_ != "false" && word_ != "null") op(word_);
    }

    /// An operator, as InvisibleTextFilter::handleToken and track read it.
    void op(std::string const &name) {
        if (mode_ == invisible && (name == "Tj" || name == "TJ" || name == "'" || name == "\"")) ++found_.invisibleText;
        if (name == "q") {
            savedModes_.push_back(mode_);
            ++found_.balance.depth;
        } else if (name == "Q") {
            if (!savedModes_.empty()) {
                mode_ = savedModes_.back();
                savedModes_.pop_back();
            }
            --found_.balance.depth;
            found_.balance.lowest = std::min(found_.balance.lowest, found_.balance.depth);
        } else if (name == "Tr" && hasNumber_) {
            mode_ = number_;
        } else if (name == "ID") {
            state_ = State::inlineImage;
            imageStarted_ = false;
            match_ = 0;
        }
        hasNumber_ = false;
    }

    /// A byte of an inline image: the first (the white space after ID) starts its data, which
    /// ends at white space, `EI`, then white space or a delimiter.
    void imageByte(unsigned char c) {
        if (!imageStarted_) {
            imageStarted_ = true;
            match_ = 1;
            return;
        }
        switch (match_) {
        case 1: match_ = c == 'E' ? 2 : isSpace(c) ? 1 : 0; return;
        case 2: match_ = c == 'I' ? 3 : isSpace(c) ? 1 : 0; return;
        case 3:
            if (isSpace(c) || isDelimiter(c)) {
                state_ = State::between;
                hasNumber_ = false;
                if (!isSpace(c)) next(c);
                return;
            }
            match_ = 0;
            return;
        default: match_ = isSpace(c) ? 1 : 0;
        }
    }

    static constexpr long invisible = 3;
    static constexpr size_t maxWord = 64;

    filterocr::DecodeBudget &budget_;
    std::string what_;
    Survey found_;
    State state_ = State::between;
    std::string word_;
    bool longWord_ = false;
    int depth_ = 0;
    long number_ = 0;
    bool hasNumber_ = false;
    long mode_ = 0;
    std::vector<long> savedModes_;
    bool imageStarted_ = false;
    int match_ = 0;
    bool overBudget_ = false;
};

/// Surveys contents (a page's, a stream or an array of them, or a form's) as they are decoded.
Survey survey(QPDFObjectHandle contents, filterocr::DecodeBudget &budget, std::string const &what) {
    ContentSurvey surveyor(budget, what);
    try {
        pipeContents(contents, &surveyor);
    } catch (std::exception const &) {
        if (surveyor.overBudget()) throw OverBudget(surveyor.overBudgetMessage());
        throw;
    }
    return surveyor.found();
}

/// Throws unless contents so large, decoded, can have their invisible text removed.
void checkFilterable(Survey const &found, std::string const &what) {
    if (found.bytes > maxFilteredContentBytes) {
        throw OverBudget(what + " decode to " + std::to_string(found.bytes >> 20) + " MB and hold invisible text, which is "
                         "removed from at most " + std::to_string(maxFilteredContentBytes >> 20) + " MB");
    }
}

/// The data of a new content stream: other contents, with their invisible text dropped or not,
/// compressed. The writer leaves every stream as its PDF wrote it, so new streams come
/// compressed. The data is produced while writing, from the source file.
class ContentProvider final : public QPDFObjectHandle::StreamDataProvider {
  public:
    ContentProvider(QPDFObjectHandle contents, bool dropInvisibleText)
        : contents_(contents), drop_(dropInvisibleText) {}

    void provideStreamData(QPDFObjGen const &, Pipeline *pipeline) override {
        Pl_Flate deflate("compressed contents", pipeline, Pl_Flate::a_deflate);
        pipe(&deflate);
    }

  private:
    /// The contents to `to`, their invisible text dropped if asked; `to` is finished.
    void pipe(Pipeline *to) {
        if (!drop_) {
            pipeContents(contents_, to);
            return;
        }
        InvisibleTextFilter filter(true);
        Pl_QPDFTokenizer tokens("invisible text dropped", &filter, to);
        pipeContents(contents_, &tokens);
    }

    QPDFObjectHandle contents_;
    bool drop_;
};

/// Gives `stream` the data of `contents`, filtered as asked, compressed.
void provideContents(QPDFObjectHandle stream, QPDFObjectHandle contents, bool dropInvisibleText) {
    stream.replaceStreamData(std::make_shared<ContentProvider>(contents, dropInvisibleText),
                             QPDFObjectHandle::newName("/FlateDecode"), QPDFObjectHandle::newNull());
}

/// Replaces `stream`'s data with itself without its invisible text, compressed. It is done
/// now, in memory (a form is small), because a provider reading the stream's own data while
/// the stream is written would read what it provides.
void dropInvisibleTextNow(QPDFObjectHandle stream) {
    Pl_Buffer buffer("filtered form");
    Pl_Flate deflate("compressed form", &buffer, Pl_Flate::a_deflate);
    InvisibleTextFilter filter(true);
    Pl_QPDFTokenizer tokens("invisible text dropped", &filter, &deflate);
    pipeContents(stream, &tokens);
    stream.replaceStreamData(buffer.getBufferSharedPointer(), QPDFObjectHandle::newName("/FlateDecode"),
                             QPDFObjectHandle::newNull());
}

/// `number generation`, as an object is named in messages.
std::string objectName(QPDFObjGen const &object) {
    return std::to_string(object.getObj()) + " " + std::to_string(object.getGen());
}

/// Whether qpdf has rebuilt `pdf`'s cross-reference table since this was last asked (qpdf
/// says so among its warnings, which asking clears). It does so when the file is damaged: on
/// opening it, or later, when an object is not where the table says.
bool qpdfRepaired(QPDF &pdf) {
    bool repaired = false;
    for (auto const &warning : pdf.getWarnings()) {
        repaired = repaired || std::string(warning.what()).find("reconstruct") != std::string::npos;
    }
    return repaired;
}

/// Throws a Disagreement unless qpdf's reading of `pdf`, its catalog, its number of `pages` and
/// each page the run read, is the renderer's `view` (the view at `index`), and neither library
/// repaired the file. The
/// text of each page was read from MuPDF's rendering of it: laid on a page qpdf finds
/// otherwise (another revision of a damaged file, another reading of an odd page tree) it
/// would lie over the wrong page, or over the page as it was before the file's last update
/// changed it. A repair guesses: qpdf's takes a damaged file's first trailer and MuPDF's its
/// last, and they may read an object the last update put in an object stream one from the
/// update and one from before it, under the same number; so a repaired file is refused even
/// when its catalog and pages agree.
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

/// Gives `page` the geometry MuPDF was made to read it with (filterocr_agree_on_geometry): a
/// /Rotate readers would differ on becomes the quarter turn it means, a /UserUnit that is not
/// positive goes. MuPDF drew /UserUnit -1 and /Rotate 900000000000 turned and poppler upright;
/// now both show the page as it was recognised. Returns whether the page changed.
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

/// Takes a stream's decoded data up to `limit` bytes, and stops the decoding past it (the
/// decoder inflates a little at a time, so a bomb stops after `limit`, not after a gigabyte).
class BoundedBuffer final : public Pipeline {
  public:
    explicit BoundedBuffer(size_t limit) : Pipeline("bounded buffer", nullptr), limit_(limit) {}

    void write(unsigned char const *data, size_t length) override {
        if (length > limit_ - data_.size()) {
            data_.append(reinterpret_cast<char const *>(data), limit_ - data_.size());
            tooLarge_ = true;
            throw std::length_error("decoded data larger than the limit");
        }
        data_.append(reinterpret_cast<char const *>(data), length);
    }

    void finish() override {}

    /// What was decoded: the whole data, or its first `limit` bytes when it was larger.
    std::string const &data() const { return data_; }
    bool tooLarge() const { return tooLarge_; }

  private:
    size_t limit_;
    std::string data_;
    bool tooLarge_ = false;
};

/// A PDF opened once, its pages listed once.
struct OpenedPDF {
    std::unique_ptr<QPDF> pdf;
    std::vector<QPDFPageObjectHelper> pages;
    std::string path;

    explicit OpenedPDF(std::string const &path) : pdf(std::make_unique<QPDF>()), path(path) {
        // A PDF that cannot be read throws; its warnings (a damaged file repaired) are kept.
        quiet(*pdf);
        pdf->processFile(path.c_str());
        objectStreams = filterocr::checkObjectCount(*pdf, displayed(path));
        // qpdf reads every object a file lists the first time an object is added to it (or it
        // is written): those nothing refers to become nulls first, unread.
        filterocr::forgetUnreachable(*pdf, filterocr::reachableObjects(*pdf));
        // A page copied into another PDF leaves its parents behind, and with them what it
        // inherits from them (its media box, its /Rotate, its resources), which MuPDF drew it
        // with: each page takes its own copy first.
        pdf->pushInheritedAttributesToPage();
        pages = QPDFPageDocumentHelper(*pdf).getAllPages();
    }

    QPDFPageObjectHelper page(int number) const {
        if (number < 1 || static_cast<size_t>(number) > pages.size()) {
            throw std::runtime_error(path + ": there is no page " + std::to_string(number) + " (it has " +
                                     std::to_string(pages.size()) + ")");
        }
        return pages[static_cast<size_t>(number - 1)];
    }

    bool usesObjectStreams() const { return objectStreams; }

    bool objectStreams = false;
};

/// The part of a page that is shown, and that the text layer's page was rendered from: the
/// crop box within the media box.
QPDFObjectHandle::Rectangle shownBox(QPDFPageObjectHelper &page) {
    auto media = page.getMediaBox().getArrayAsRectangle();
    auto crop = page.getCropBox().getArrayAsRectangle();
    QPDFObjectHandle::Rectangle shown(std::max(media.llx, crop.llx), std::max(media.lly, crop.lly),
                                      std::min(media.urx, crop.urx), std::min(media.ury, crop.ury));
    bool empty = shown.llx >= shown.urx || shown.lly >= shown.ury;
    return empty ? media : shown;
}

void normalizeRotation(QPDFPageObjectHelper &page);

/// Shows the page as its text layer's page was rendered from it: cropped to the part kept (a
/// crop box within the shown box, the fractions taken on the page as displayed, that is after
/// its own /Rotate) and turned by the quarter turns added to /Rotate. The content is untouched.
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

/// /Rotate as 0, 90, 180 or 270: qpdf places forms right only for those, and -90 or 450 mean the
/// same to a viewer.
void normalizeRotation(QPDFPageObjectHelper &page) {
    auto rotate = page.getAttribute("/Rotate", false);
    if (!rotate.isInteger()) return;
    long long angle = rotate.getIntValue() % 360;
    if (angle < 0) angle += 360;
    if (angle != rotate.getIntValue()) page.getObjectHandle().replaceKey("/Rotate", QPDFObjectHandle::newInteger(angle));
}

/// The page's resources as a dictionary of its own, with an XObject dictionary of its own: they
/// may be shared with other pages, which must not see the text layer.
QPDFObjectHandle ownResources(QPDFPageObjectHelper &page) {
    auto shared = page.getAttribute("/Resources", false);
    auto resources = shared.isDictionary() ? shared.shallowCopy() : QPDFObjectHandle::newDictionary();
    auto xobjects = resources.getKey("/XObject");
    resources.replaceKey("/XObject", xobjects.isDictionary() ? xobjects.shallowCopy() : QPDFObjectHandle::newDictionary());
    page.getObjectHandle().replaceKey("/Resources", resources);
    return resources;
}

std::vector<QPDFObjectHandle> contentStreams(QPDFPageObjectHelper &page) {
    auto contents = page.getObjectHandle().getKey("/Contents");
    if (contents.isArray()) return contents.getArrayAsVector();
    if (contents.isStream()) return {contents};
    return {};
}

std::string repeated(std::string const &text, int count) {
    std::string result;
    for (int i = 0; i < count; ++i) result += text;
    return result;
}

/// Today, as a PDF date (D:YYYYMMDDHHmmSSZ) and as an XMP one (YYYY-MM-DDTHH:mm:SSZ).
struct Now {
    std::string pdf;
    std::string xmp;

    Now() {
        std::time_t now = std::time(nullptr);
        std::tm utc{};
        gmtime_r(&now, &utc);
        char pdfText[32], xmpText[32];
        std::strftime(pdfText, sizeof pdfText, "D:%Y%m%d%H%M%SZ", &utc);
        std::strftime(xmpText, sizeof xmpText, "%Y-%m-%dT%H:%M:%SZ", &utc);
        pdf = pdfText;
        xmp = xmpText;
    }
};

/// `text` with XML's five special characters escaped.
std::string xmlEscaped(std::string const &text) {
    std::string escaped;
    for (char c : text) {
        switch (c) {
        case '&': escaped += "&amp;"; break;
        case '<': escaped += "&lt;"; break;
        case '>': escaped += "&gt;"; break;
        case '"': escaped += "&quot;"; break;
        case '\'': escaped += "&apos;"; break;
        default: escaped += c;
        }
    }
    return escaped;
}

/// Sets the XMP property `name` (a qualified name such as pdf:Producer) to `value` wherever the
/// packet gives it, as an element (<pdf:Producer>...</pdf:Producer>) or as an attribute of an
/// rdf:Description (pdf:Producer="..."). A property the packet does not have is not added: the
/// packet stays as its writer made it but for the values a producer updates.
bool setXMPProperty(std::string &packet, std::string const &name, std::string const &value) {
    bool changed = false;
    std::string open = "<" + name + ">", close = "</" + name + ">";
    for (size_t at = packet.find(open); at != std::string::npos; at = packet.find(open, at)) {
        size_t begin = at + open.size(), end = packet.find(close, begin);
        if (end == std::string::npos) break;
        packet.replace(begin, end - begin, xmlEscaped(value));
        at = begin;
        changed = true;
    }
    for (char quote : {'"', '\''}) {
        std::string attribute = name + "=" + quote;
        for (size_t at = packet.find(attribute); at != std::string::npos; at = packet.find(attribute, at)) {
            // A name preceded by a letter is another property's tail (xmp:ModifyDate in
            // xmpX:ModifyDate would be); whitespace precedes a real attribute.
            if (at > 0 && !std::isspace(static_cast<unsigned char>(packet[at - 1]))) {
                at += attribute.size();
                continue;
            }
            size_t begin = at + attribute.size(), end = packet.find(quote, begin);
            if (end == std::string::npos) break;
            packet.replace(begin, end - begin, xmlEscaped(value));
            at = begin;
            changed = true;
        }
    }
    return changed;
}

/// The prefixes the packet binds to the PDF/A identification schema (pdfaid, and any other name
/// it declares for http://www.aiim.org/pdfa/ns/id/).
std::vector<std::string> pdfaPrefixes(std::string const &packet) {
    std::vector<std::string> prefixes{"pdfaid"};
    std::string const space = "http://www.aiim.org/pdfa/ns/id/";
    for (size_t at = packet.find(space); at != std::string::npos; at = packet.find(space, at + 1)) {
        // xmlns:PREFIX="http://www.aiim.org/pdfa/ns/id/"
        if (at < 2 || (packet[at - 1] != '"' && packet[at - 1] != '\'') || packet[at - 2] != '=') continue;
        size_t colon = packet.rfind("xmlns:", at - 2);
        if (colon == std::string::npos) continue;
        std::string prefix = packet.substr(colon + 6, at - 2 - (colon + 6));
        if (!prefix.empty() && prefix.find_first_of(" \t\r\n<>\"'") == std::string::npos) prefixes.push_back(prefix);
    }
    return prefixes;
}

/// Whether the packet claims conformance to PDF/A.
bool claimsPDFA(std::string const &packet) {
    for (auto const &prefix : pdfaPrefixes(packet)) {
        if (packet.find(prefix + ":part") != std::string::npos) return true;
    }
    return false;
}

/// Removes the packet's PDF/A identification (pdfaid:part, pdfaid:conformance and the rest of
/// that schema's properties), given as elements or as attributes of an rdf:Description; the
/// namespace's declaration stays, harmless. Returns whether anything went.
bool removePDFAClaim(std::string &packet) {
    bool changed = false;
    for (auto const &prefix : pdfaPrefixes(packet)) {
        std::string open = "<" + prefix + ":";
        for (size_t at = packet.find(open); at != std::string::npos; at = packet.find(open, at)) {
            size_t nameEnd = packet.find_first_of(" \t\r\n/>", at + open.size());
            if (nameEnd == std::string::npos) break;
            std::string name = packet.substr(at + 1, nameEnd - at - 1);
            size_t tagEnd = packet.find('>', nameEnd);
            if (tagEnd == std::string::npos) break;
            size_t end = tagEnd + 1;
            if (packet[tagEnd - 1] != '/') {
                size_t close = packet.find("</" + name + ">", tagEnd);
                if (close == std::string::npos) {
                    at = tagEnd;
                    continue;
                }
                end = close + name.size() + 3;
            }
            packet.erase(at, end - at);
            changed = true;
        }
        std::string attribute = prefix + ":";
        for (size_t at = packet.find(attribute); at != std::string::npos; at = packet.find(attribute, at)) {
            // An attribute follows whitespace; `<pdfaid:` elements are gone already.
            if (at == 0 || !std::isspace(static_cast<unsigned char>(packet[at - 1]))) {
                at += attribute.size();
                continue;
            }
            size_t equals = packet.find('=', at);
            size_t nameEnd = packet.find_first_of(" \t\r\n=/>", at);
            if (equals == std::string::npos || nameEnd != equals || equals + 1 >= packet.size() ||
                (packet[equals + 1] != '"' && packet[equals + 1] != '\'')) {
                at += attribute.size();
                continue;
            }
            size_t close = packet.find(packet[equals + 1], equals + 2);
            if (close == std::string::npos) break;
            size_t begin = at;
            while (begin > 0 && std::isspace(static_cast<unsigned char>(packet[begin - 1]))) --begin;
            packet.erase(begin, close + 1 - begin);
            at = begin;
            changed = true;
        }
    }
    return changed;
}

/// Where pages are placed in the output: in order, each source's pages left out by the run
/// (not selected, or not read) kept in their places among those it added.
class Assembler {
  public:
    /// `base`, the first PDF whose pages are kept, is the output itself: its pages are changed
    /// where they are, and everything it has at document level (information, XMP, outlines,
    /// page labels, destinations, forms, the structure tree, attachments, viewer settings)
    /// stays as it was.
    ///
    /// Each PDF kept whole that `views` describes is checked against it when it is opened.
    Assembler(char const *base, filterocr_graft_view const *views, int viewCount) : base_(base ? base : "") {
        for (int i = 0; i < viewCount; ++i) {
            if (views[i].source) views_.emplace(views[i].source, std::make_pair(i, &views[i]));
        }
        if (base_.empty()) {
            quiet(output_);
            output_.emptyPDF();
            return;
        }
        quiet(output_);
        output_.processFile(base_.c_str());
        usesObjectStreams_ = filterocr::checkObjectCount(output_, displayed(base_));
        // qpdf reads every object a file lists the first time an object is added to it (the
        // text layer's streams) or it is written, which would inflate an object stream nothing
        // refers to: those objects become nulls first, unread. Reading the others here lets
        // check() see a repair that one of them needed.
        filterocr::forgetUnreachable(output_, filterocr::reachableObjects(output_));
        // Pages take what they inherit from the tree's inner nodes, so that the tree can be
        // laid flat in the order of the run.
        output_.pushInheritedAttributesToPage();
        basePages_ = output_.getAllPages();
        std::vector<QPDFObjGen> found;
        for (auto const &page : basePages_) found.push_back(page.getObjGen());
        check(output_, base_, found);
        version_.updateIfGreater(output_.getVersionAsPDFVersion());
        auto root = output_.getRoot();
        tagged_ = root.hasKey("/StructTreeRoot");
    }

    void add(filterocr_graft_page const &entry) {
        if (!entry.source) throw std::runtime_error("no PDF for page " + std::to_string(entry.page));
        std::string path = entry.source;
        // A page that stands alone ends a kept source's pages: the rest of them come before it.
        // One that stands in for a kept page takes that page's place among them.
        if (!entry.kept_whole && entry.stands_for) {
            keepPagesBefore(entry.stands_for, entry.stands_for_page);
        } else if (!entry.kept_whole) {
            keepRemainingPages();
        }
        auto source = entry.kept_whole && path == base_ ? basePage(entry.page) : open(path).page(entry.page).getObjectHandle();
        if (entry.kept_whole) keepPagesBefore(path, entry.page);
        if (!entry.kept_whole || path != base_ || entry.text_page > 0) pagesChanged_ = true;
        // The page as placed is read from here on: for a page placed twice, it is the page as
        // it was before its first placement laid text over it.
        QPDFPageObjectHelper page(place(source.getOwningQPDF() == &output_ ? source : output_.copyForeignObject(source)));
        if (!entry.remove_invisible_text && entry.text_page <= 0) return;

        auto contents = page.getObjectHandle().getKey("/Contents");
        std::string what = displayed(path) + ": page " + std::to_string(entry.page) + "'s contents";
        Survey content;
        if (!contents.isNull()) content = survey(contents, budget_, what);
        if (entry.remove_invisible_text) {
            if (content.invisibleText > 0) {
                checkFilterable(content, what);
                pagesChanged_ = true;
                auto filtered = output_.newStream();
                provideContents(filtered, contents, true);
                page.getObjectHandle().replaceKey("/Contents", filtered);
            }
            removeInvisibleTextFromForms(page, displayed(path) + ": a form on page " + std::to_string(entry.page));
        }
        if (entry.text_page > 0) {
            showAsRecognised(page, entry);
            layText(page, textLayer(entry), content.balance);
        }
    }

    /// Lays the page tree flat in the order placed, with the pages each source still has after
    /// the last one the run added, and updates what a producer updates.
    void finish(char const *producer) {
        keepRemainingPages();
        auto tree = output_.getRoot().getKey("/Pages");
        if (!tree.isDictionary()) {
            tree = output_.makeIndirectObject(QPDFObjectHandle::newDictionary());
            tree.replaceKey("/Type", QPDFObjectHandle::newName("/Pages"));
            output_.getRoot().replaceKey("/Pages", tree);
        }
        for (auto &page : order_) page.replaceKey("/Parent", tree);
        tree.replaceKey("/Kids", QPDFObjectHandle::newArray(order_));
        tree.replaceKey("/Count", QPDFObjectHandle::newInteger(static_cast<long long>(order_.size())));
        output_.updateAllPagesCache();
        recordProducer(producer ? producer : "");
    }

    void write(CallbackPipeline &output, bool optimize) {
        // qpdf's writer decodes every metadata stream (/Type /Metadata) to write it
        // uncompressed, whatever it is told of the others: a 1 MB one that inflates to 1 GiB
        // came out as 1 GiB. They are written as their PDFs wrote them, as every other stream is;
        // the packet updated above has no filter of its own and goes out as it is.
        // Only the objects the writer writes are looked at: listing them all would resolve, and
        // inflate, object streams nothing refers to.
        for (auto &object : filterocr::reachableObjects(output_)) {
            if (object.isStream() && object.getDict().getKey("/Type").isNameAndEquals("/Metadata")) {
                object.setFilterOnWrite(false);
            }
        }
        if (optimize) filterocr::optimizeStreams(output_, budget_);
        // Every object written is read now (the walks read each): a repair it took happened
        // before anything is written. Those nothing referred to on opening are nulls, never
        // read; those the run left behind (a page's contents its filtered copy is made from
        // while writing) were read and stay.
        checkNoLateRepair();
        QPDFWriter writer(output_);
        writer.setOutputPipeline(&output);
        // Every stream is written as its PDF wrote it: images byte for byte, never decoded or
        // recompressed. Object streams are still compressed.
        writer.setCompressStreams(false);
        writer.setDecodeLevel(qpdf_dl_none);
        // The output keeps the sources' choice: object streams if one of them had some.
        writer.setObjectStreamMode(usesObjectStreams_ ? qpdf_o_generate : qpdf_o_disable);
        if (optimize) filterocr::packObjects(writer);
        // The pages may use what their PDF's version allows (transparency, JPEG 2000).
        writer.setMinimumPDFVersion(version_);
        // An encrypted PDF stays encrypted as it was, with an identifier of its own making.
        if (!output_.isEncrypted()) writer.setDeterministicID(true);
        writer.write();
        output.flush();
    }

  private:
    OpenedPDF &open(std::string const &path) {
        auto found = opened_.find(path);
        if (found != opened_.end()) return found->second;
        auto &pdf = opened_.try_emplace(path, path).first->second;
        std::vector<QPDFObjGen> pages;
        for (auto const &page : pdf.pages) pages.push_back(page.getObjectHandle().getObjGen());
        check(*pdf.pdf, path, pages);
        version_.updateIfGreater(pdf.pdf->getVersionAsPDFVersion());
        usesObjectStreams_ = usesObjectStreams_ || pdf.usesObjectStreams();
        return pdf;
    }

    QPDFObjectHandle basePage(int number) const {
        if (number < 1 || static_cast<size_t>(number) > basePages_.size()) {
            throw std::runtime_error(base_ + ": there is no page " + std::to_string(number) + " (it has " +
                                     std::to_string(basePages_.size()) + ")");
        }
        return basePages_[static_cast<size_t>(number - 1)];
    }

    /// Adds `page`, an object of the output, after the pages placed so far, and returns it; a
    /// page placed before (the same PDF given twice) goes in again as a copy of its own, made
    /// from the page as it was before its first placement changed it (its text layer laid).
    QPDFObjectHandle place(QPDFObjectHandle page) {
        auto before = pristine_.find(page.getObjGen());
        if (before != pristine_.end()) {
            page = output_.makeIndirectObject(before->second.shallowCopy());
        } else {
            pristine_.emplace(page.getObjGen(), page.shallowCopy());
        }
        // Every page, kept as it is or not, is shown as it was recognised or surveyed.
        pagesChanged_ = agreeOnGeometry(page) || pagesChanged_;
        order_.push_back(page);
        return page;
    }

    /// Throws a Disagreement unless `pdf`, opened from `path`, is read as the renderer's view
    /// of it says (when there is one).
    void check(QPDF &pdf, std::string const &path, std::vector<QPDFObjGen> const &pages) {
        auto view = views_.find(path);
        if (view != views_.end()) checkAgreement(pdf, pages, *view->second.second, view->second.first);
    }

    /// Throws a Disagreement when qpdf repaired a PDF kept whole after it was checked, on
    /// meeting an object that is not where its table says.
    void checkNoLateRepair() {
        auto repairedLate = [this](QPDF &pdf, std::string const &path) {
            auto view = views_.find(path);
            if (view != views_.end() && qpdfRepaired(pdf)) {
                throw Disagreement(Disagreement::repaired, view->second.first, "qpdf");
            }
        };
        if (!base_.empty()) repairedLate(output_, base_);
        for (auto &opened : opened_) repairedLate(*opened.second.pdf, opened.first);
    }

    /// Before page `number` of `path`: the pages of that source the run skipped since the last
    /// one it added, as they are. A source starts (again) when the one before was another, or
    /// its page numbers went back (the same PDF given twice).
    void keepPagesBefore(std::string const &path, int number) {
        if (path != current_.path || number <= current_.last) {
            keepRemainingPages();
            current_ = Run{path, 0};
        }
        for (int skipped = current_.last + 1; skipped < number; ++skipped) keepAsIs(path, skipped);
        current_.last = number;
    }

    /// The pages of the current source after the last one the run added, as they are.
    void keepRemainingPages() {
        if (current_.path.empty()) return;
        int count = current_.path == base_ ? static_cast<int>(basePages_.size())
                                           : static_cast<int>(open(current_.path).pages.size());
        for (int skipped = current_.last + 1; skipped <= count; ++skipped) keepAsIs(current_.path, skipped);
        current_ = Run{};
    }

    void keepAsIs(std::string const &path, int number) {
        if (path != base_) pagesChanged_ = true;
        place(path == base_ ? basePage(number) : output_.copyForeignObject(open(path).page(number).getObjectHandle()));
    }

    /// The entry's text layer page as a form XObject in the output.
    QPDFObjectHandle textLayer(filterocr_graft_page const &entry) {
        int number = entry.text_page;
        if (!entry.text_layers) throw std::runtime_error("no text layers for text layer page " + std::to_string(number));
        auto page = open(entry.text_layers).page(number);
        auto form = page.getFormXObjectForPage();
        // Its data would come decoded from the page's contents; compress it.
        provideContents(form, page.getObjectHandle().getKey("/Contents"), false);
        return output_.copyForeignObject(form);
    }

    /// Draws `form` over the page's shown area, upright as the page is shown: the page's own
    /// contents go inside q ... Q first, so that whatever they leave in the graphics state (a
    /// transformation, a clip) does not move the text layer. `balance` says how many more q or
    /// Q the contents hold, so that the wrapping closes exactly what they opened. In a tagged
    /// PDF the layer is an artifact, outside the structure tree, so that the tags stay true.
    void layText(QPDFPageObjectHelper &page, QPDFObjectHandle form, ContentBalance balance) {
        normalizeRotation(page);
        auto resources = ownResources(page);
        int suffix = 1;
        auto name = resources.getUniqueResourceName("/OCRText", suffix);
        resources.getKey("/XObject").replaceKey(name, form);
        auto draw = page.placeFormXObject(form, name, shownBox(page), true, true, true);
        if (tagged_) draw = "/Artifact BMC\n" + draw + "\nEMC\n";

        int opened = 1 - balance.lowest;
        int closing = opened + balance.depth;
        std::vector<QPDFObjectHandle> contents{output_.newStream(repeated("q\n", opened))};
        for (auto const &stream : contentStreams(page)) contents.push_back(stream);
        contents.push_back(output_.newStream("\n" + repeated("Q\n", closing) + draw));
        page.getObjectHandle().replaceKey("/Contents", QPDFObjectHandle::newArray(contents));
    }

    /// OCRmyPDF, and qpdf's overlay, put text layers in form XObjects: the page's forms, and the
    /// forms those draw, lose their invisible text too. A form starts in render mode 0 (the
    /// mode it inherits from the page is not followed). A form is one object in the output
    /// wherever it is drawn, so every page that draws it sees it filtered.
    void removeInvisibleTextFromForms(QPDFPageObjectHelper &page, std::string const &what) {
        page.forEachFormXObject(true, [this, &what](QPDFObjectHandle &form, QPDFObjectHandle &, std::string const &) {
            if (!filteredForms_.insert(form.getObjGen()).second) return;
            auto content = survey(form, budget_, what + "'s contents");
            if (content.invisibleText > 0) {
                checkFilterable(content, what + "'s contents");
                dropInvisibleTextNow(form);
            }
        });
    }

    /// What a producer updates, and nothing else: /Producer and /ModDate in the document
    /// information, and the same in the XMP metadata where it gives them.
    void recordProducer(std::string const &producer) {
        Now now;
        auto trailer = output_.getTrailer();
        auto info = trailer.getKey("/Info");
        if (!info.isDictionary()) {
            info = output_.makeIndirectObject(QPDFObjectHandle::newDictionary());
            trailer.replaceKey("/Info", info);
        }
        if (!producer.empty()) info.replaceKey("/Producer", QPDFObjectHandle::newUnicodeString(producer));
        info.replaceKey("/ModDate", QPDFObjectHandle::newString(now.pdf));

        auto metadata = output_.getRoot().getKey("/Metadata");
        if (!metadata.isStream()) return;
        BoundedBuffer decoded(maxMetadataBytes);
        bool whole = false;
        try {
            bool filtered = false;
            whole = metadata.pipeStreamData(&decoded, &filtered, 0, qpdf_dl_generalized, true, false) && filtered;
        } catch (std::exception const &) {
            whole = false;
        }
        budget_.take(decoded.data().size());
        if (decoded.tooLarge()) {
            // Left as it is, still compressed; but it may not go on claiming a conformance the
            // changed pages may have lost.
            if (pagesChanged_ && claimsPDFA(decoded.data())) {
                throw std::runtime_error(base_ + ": its XMP metadata decodes to more than " +
                                         std::to_string(maxMetadataBytes >> 20) +
                                         " MB and claims PDF/A conformance, which the searchable PDF cannot be shown to keep");
            }
            return;
        }
        if (!whole) return; // A packet that cannot be decoded stays as it is.
        std::string packet = decoded.data();
        // The text laid over a page, or pages from elsewhere, may break the PDF/A conformance
        // the input claimed (nothing here can show that the output keeps it): the claim goes.
        bool changed = pagesChanged_ && removePDFAClaim(packet);
        if (!producer.empty()) changed = setXMPProperty(packet, "pdf:Producer", producer) || changed;
        changed = setXMPProperty(packet, "xmp:ModifyDate", now.xmp) || changed;
        changed = setXMPProperty(packet, "xmp:MetadataDate", now.xmp) || changed;
        // XMP stays uncompressed, so that tools that do not read PDF can still find it.
        if (changed) metadata.replaceStreamData(packet, QPDFObjectHandle::newNull(), QPDFObjectHandle::newNull());
    }

    /// The source whose pages are being placed, and the last of them placed.
    struct Run {
        std::string path;
        int last = 0;
    };

    std::string base_;
    /// The renderer's view of each PDF kept whole, by path, with its index.
    std::map<std::string, std::pair<int, filterocr_graft_view const *>> views_;
    /// Whether a page of the output is not the base PDF's page as it was: text laid over it or
    /// taken from it, its geometry made one readers agree on, or a page from another file.
    bool pagesChanged_ = false;
    PDFVersion version_{1, 3};
    bool usesObjectStreams_ = false;
    bool tagged_ = false;
    std::vector<QPDFObjectHandle> basePages_;
    Run current_;
    std::vector<QPDFObjectHandle> order_;
    /// Every page placed, as it was when first placed.
    std::map<QPDFObjGen, QPDFObjectHandle> pristine_;
    std::set<QPDFObjGen> filteredForms_;
    /// What the document may still decode, across the survey, the filtering, the XMP and the
    /// optimiser.
    filterocr::DecodeBudget budget_;
    // Declared before the output so that they outlive it: its copied streams read from them
    // while it is written.
    std::map<std::string, OpenedPDF> opened_;
    QPDF output_;
};

/// The first line of `text`, without trailing spaces, in `message`.
void copyMessage(std::string text, char *message, size_t size) {
    if (size == 0) return;
    text = text.substr(0, text.find_first_of("\r\n"));
    text.erase(text.find_last_not_of(" \t") + 1);
    std::snprintf(message, size, "%s", text.empty() ? "unknown error" : text.c_str());
}

} // namespace

int filterocr_pdf_assemble(const filterocr_graft_page *pages, int count, const filterocr_graft_view *views,
                           int view_count, const char *producer, int optimize, filterocr_graft_write write,
                           void *context, char *message, size_t message_size, int *refused_view) {
    *refused_view = -1;
    try {
        if (count <= 0) throw std::runtime_error("no pages to assemble");
        char const *base = nullptr;
        for (int i = 0; i < count && !base; ++i) base = pages[i].kept_whole ? pages[i].source : pages[i].stands_for;
        Assembler assembler(base, views, view_count);
        for (int i = 0; i < count; ++i) assembler.add(pages[i]);
        assembler.finish(producer);
        CallbackPipeline output(write, context);
        assembler.write(output, optimize != 0);
        return 0;
    } catch (Disagreement const &error) {
        *refused_view = error.view;
        copyMessage(error.what(), message, message_size);
        return error.kind;
    } catch (std::exception const &error) {
        copyMessage(error.what(), message, message_size);
    } catch (...) {
        copyMessage("unknown error", message, message_size);
    }
    return -1;
}

int filterocr_pdf_optimize(const char *source, filterocr_graft_write write, void *context, char *message,
                           size_t message_size) {
    try {
        QPDF pdf;
        quiet(pdf);
        pdf.processFile(source);
        filterocr::checkObjectCount(pdf, displayed(source));
        filterocr::forgetUnreachable(pdf, filterocr::reachableObjects(pdf));
        filterocr::DecodeBudget budget;
        filterocr::optimizeStreams(pdf, budget);
        CallbackPipeline output(write, context);
        QPDFWriter writer(pdf);
        writer.setOutputPipeline(&output);
        writer.setCompressStreams(false);
        writer.setDecodeLevel(qpdf_dl_none);
        filterocr::packObjects(writer);
        writer.setDeterministicID(true);
        writer.write();
        output.flush();
        return 0;
    } catch (std::exception const &error) {
        copyMessage(error.what(), message, message_size);
    } catch (...) {
        copyMessage("unknown error", message, message_size);
    }
    return -1;
}
