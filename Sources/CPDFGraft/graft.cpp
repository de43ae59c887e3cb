// Searchable PDFs that keep a PDF's own pages. Each page is copied into the output as it is
// (qpdf copies objects between files and reads their stream data from the source files only
// while writing), and the text layer Tesseract wrote for it is laid over it as a form XObject.
// qpdf reports errors by C++ exceptions, which Swift cannot catch: the entry point catches
// them all and returns a status and a one-line message.
#include "filterocr_graft.h"

// qpdf 11's headers warn unless told which of its old PointerHolder interfaces to keep: none.
#define POINTERHOLDER_TRANSITION 4
#include <qpdf/Pl_Flate.hh>
#include <qpdf/Pl_QPDFTokenizer.hh>
#include <qpdf/Pipeline.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>
#include <qpdf/QPDFWriter.hh>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

/// The caller's sink refused the output's bytes.
struct WriteFailed : std::runtime_error {
    WriteFailed() : std::runtime_error("a write failed") {}
};

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

/// A page's contents (a stream or an array of them) or a form XObject's, decoded, through
/// `pipeline`; throws when a stream cannot be decoded.
void pipeContents(QPDFObjectHandle contents, Pipeline *pipeline) {
    std::string described;
    contents.pipeContentStreams(pipeline, "content stream", described);
}

/// Reads contents through `filter` without writing them anywhere.
void survey(QPDFObjectHandle contents, InvisibleTextFilter &filter) {
    Pl_QPDFTokenizer tokens("content survey", &filter);
    pipeContents(contents, &tokens);
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
        if (!drop_) {
            pipeContents(contents_, &deflate);
            return;
        }
        InvisibleTextFilter filter(true);
        Pl_QPDFTokenizer tokens("invisible text dropped", &filter, &deflate);
        pipeContents(contents_, &tokens);
    }

  private:
    QPDFObjectHandle contents_;
    bool drop_;
};

/// Gives `stream` the data of `contents`, filtered as asked, compressed.
void provideContents(QPDFObjectHandle stream, QPDFObjectHandle contents, bool dropInvisibleText) {
    stream.replaceStreamData(std::make_shared<ContentProvider>(contents, dropInvisibleText),
                             QPDFObjectHandle::newName("/FlateDecode"), QPDFObjectHandle::newNull());
}

/// A PDF opened once, its pages listed once.
struct OpenedPDF {
    std::unique_ptr<QPDF> pdf;
    std::vector<QPDFPageObjectHelper> pages;
    std::string path;

    explicit OpenedPDF(std::string const &path) : pdf(std::make_unique<QPDF>()), path(path) {
        // Warnings (a damaged file repaired) would go to standard error; a PDF that cannot be
        // read throws instead.
        pdf->setSuppressWarnings(true);
        pdf->processFile(path.c_str());
        pages = QPDFPageDocumentHelper(*pdf).getAllPages();
    }

    QPDFPageObjectHelper page(int number) const {
        if (number < 1 || static_cast<size_t>(number) > pages.size()) {
            throw std::runtime_error(path + ": there is no page " + std::to_string(number) + " (it has " +
                                     std::to_string(pages.size()) + ")");
        }
        return pages[static_cast<size_t>(number - 1)];
    }

    bool usesObjectStreams() const {
        for (auto const &entry : pdf->getXRefTable()) {
            if (entry.second.getType() == 2) return true;
        }
        return false;
    }
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

class Assembler {
  public:
    Assembler(char const *textLayers, char const *rendered)
        : textLayers_(textLayers ? textLayers : ""), rendered_(rendered ? rendered : "") {
        output_.emptyPDF();
    }

    void add(filterocr_graft_page const &entry) {
        if (!entry.source && rendered_.empty()) throw std::runtime_error("no rendered PDF for page " + std::to_string(entry.page));
        auto original = open(entry.source ? entry.source : rendered_).page(entry.page);
        output_.addPage(original.getObjectHandle(), false);
        QPDFPageObjectHelper page(output_.getAllPages().back());
        if (!entry.remove_invisible_text && entry.text_page <= 0) return;

        auto contents = original.getObjectHandle().getKey("/Contents");
        InvisibleTextFilter content(false);
        if (!contents.isNull()) survey(contents, content);
        if (entry.remove_invisible_text) {
            if (content.invisibleText() > 0) {
                auto filtered = output_.newStream();
                provideContents(filtered, contents, true);
                page.getObjectHandle().replaceKey("/Contents", filtered);
            }
            removeInvisibleTextFromForms(original);
        }
        if (entry.text_page > 0) {
            showAsRecognised(page, entry);
            layText(page, textLayer(entry.text_page), content.balance());
        }
    }

    void write(CallbackPipeline &output) {
        QPDFWriter writer(output_);
        writer.setOutputPipeline(&output);
        // Every stream is written as its PDF wrote it: images byte for byte, never decoded or
        // recompressed. Object streams are still compressed.
        writer.setCompressStreams(false);
        writer.setDecodeLevel(qpdf_dl_none);
        // The output keeps the sources' choice: object streams if one of them had some.
        writer.setObjectStreamMode(usesObjectStreams_ ? qpdf_o_generate : qpdf_o_disable);
        // The pages may use what their PDF's version allows (transparency, JPEG 2000).
        writer.setMinimumPDFVersion(version_);
        writer.setDeterministicID(true);
        writer.write();
        output.flush();
    }

  private:
    OpenedPDF &open(std::string const &path) {
        auto found = opened_.find(path);
        if (found != opened_.end()) return found->second;
        auto &pdf = opened_.try_emplace(path, path).first->second;
        version_.updateIfGreater(pdf.pdf->getVersionAsPDFVersion());
        usesObjectStreams_ = usesObjectStreams_ || pdf.usesObjectStreams();
        return pdf;
    }

    /// Page `number` of the text layers as a form XObject in the output.
    QPDFObjectHandle textLayer(int number) {
        if (textLayers_.empty()) throw std::runtime_error("no text layers for text layer page " + std::to_string(number));
        auto page = open(textLayers_).page(number);
        auto form = page.getFormXObjectForPage();
        // Its data would come decoded from the page's contents; compress it.
        provideContents(form, page.getObjectHandle().getKey("/Contents"), false);
        return output_.copyForeignObject(form);
    }

    /// Draws `form` over the page's shown area, upright as the page is shown: the page's own
    /// contents go inside q ... Q first, so that whatever they leave in the graphics state (a
    /// transformation, a clip) does not move the text layer. `balance` says how many more q or
    /// Q the contents hold, so that the wrapping closes exactly what they opened.
    void layText(QPDFPageObjectHelper &page, QPDFObjectHandle form, ContentBalance balance) {
        normalizeRotation(page);
        auto resources = ownResources(page);
        int suffix = 1;
        auto name = resources.getUniqueResourceName("/OCRText", suffix);
        resources.getKey("/XObject").replaceKey(name, form);
        auto draw = page.placeFormXObject(form, name, shownBox(page), true, true, true);

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
    void removeInvisibleTextFromForms(QPDFPageObjectHelper &original) {
        original.forEachFormXObject(true, [this](QPDFObjectHandle &form, QPDFObjectHandle &, std::string const &) {
            // The page was copied already: this finds the form's copy.
            auto copy = output_.copyForeignObject(form);
            if (!filteredForms_.insert(copy.getObjGen()).second) return;
            InvisibleTextFilter content(false);
            survey(form, content);
            if (content.invisibleText() > 0) provideContents(copy, form, true);
        });
    }

    std::string textLayers_;
    std::string rendered_;
    PDFVersion version_{1, 3};
    bool usesObjectStreams_ = false;
    std::set<QPDFObjGen> filteredForms_;
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

int filterocr_pdf_assemble(const filterocr_graft_page *pages, int count, const char *text_layers,
                           const char *rendered, filterocr_graft_write write, void *context,
                           char *message, size_t message_size) {
    try {
        if (count <= 0) throw std::runtime_error("no pages to assemble");
        Assembler assembler(text_layers, rendered);
        for (int i = 0; i < count; ++i) assembler.add(pages[i]);
        CallbackPipeline output(write, context);
        assembler.write(output);
        return 0;
    } catch (std::exception const &error) {
        copyMessage(error.what(), message, message_size);
    } catch (...) {
        copyMessage("unknown error", message, message_size);
    }
    return -1;
}
