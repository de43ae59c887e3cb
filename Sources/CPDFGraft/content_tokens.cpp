// Page contents read operator by operator. See content_tokens.hpp.
#include "content_tokens.hpp"

#include <qpdf/Pl_Buffer.hh>
#include <qpdf/Pl_Flate.hh>
#include <qpdf/Pl_QPDFTokenizer.hh>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <vector>

namespace filterocr {
namespace {

/// The most of a content stream (decoded) whose invisible text is removed: qpdf's tokenizer
/// holds a stream whole while it filters it, at about ten bytes per byte (256 MiB of white
/// space took 2.6 GB). OCR layers are tens of kilobytes a page.
constexpr size_t maxFilteredContentBytes = 16u << 20;

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

/// Reads a content stream as it is decoded, a byte at a time, and keeps of it only what the
/// survey asks (InvisibleTextFilter's q, Q and Tr, and text shown in mode 3), so that contents of
/// any size cost the same memory: qpdf's tokenizer pipeline holds the whole stream, at about ten
/// bytes a byte. Each decoded byte is taken from the document's budget. Strings, names, arrays,
/// dictionaries and comments are operands skipped over; an inline image's data runs from the
/// byte after `ID` to a white-space-delimited `EI`.
class ContentSurvey final : public Pipeline {
  public:
    ContentSurvey(DecodeBudget &budget, std::string what)
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
        return what_ + " decode to more than the " + std::to_string(DecodeBudget::total >> 20) +
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

    DecodeBudget &budget_;
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

}  // namespace

Survey survey(QPDFObjectHandle contents, DecodeBudget &budget, std::string const &what) {
    ContentSurvey surveyor(budget, what);
    try {
        pipeContents(contents, &surveyor);
    } catch (std::exception const &) {
        if (surveyor.overBudget()) throw OverBudget(surveyor.overBudgetMessage());
        throw;
    }
    return surveyor.found();
}

void checkFilterable(Survey const &found, std::string const &what) {
    if (found.bytes > maxFilteredContentBytes) {
        throw OverBudget(what + " decode to " + std::to_string(found.bytes >> 20) + " MB and hold invisible text, which is "
                         "removed from at most " + std::to_string(maxFilteredContentBytes >> 20) + " MB");
    }
}

void provideContents(QPDFObjectHandle stream, QPDFObjectHandle contents, bool dropInvisibleText) {
    stream.replaceStreamData(std::make_shared<ContentProvider>(contents, dropInvisibleText),
                             QPDFObjectHandle::newName("/FlateDecode"), QPDFObjectHandle::newNull());
}

void dropInvisibleTextNow(QPDFObjectHandle stream) {
    Pl_Buffer buffer("filtered form");
    Pl_Flate deflate("compressed form", &buffer, Pl_Flate::a_deflate);
    InvisibleTextFilter filter(true);
    Pl_QPDFTokenizer tokens("invisible text dropped", &filter, &deflate);
    pipeContents(stream, &tokens);
    stream.replaceStreamData(buffer.getBufferSharedPointer(), QPDFObjectHandle::newName("/FlateDecode"),
                             QPDFObjectHandle::newNull());
}

}  // namespace filterocr
