// See assembly.hpp.
#include "assembly.hpp"

#include "agreement.hpp"
#include "content_tokens.hpp"
#include "geometry.hpp"
#include "metadata.hpp"
#include "optimize.hpp"

#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>
#include <qpdf/QPDFWriter.hh>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace filterocr {
namespace {

/// A PDF opened once, its pages listed once.
struct OpenedPDF {
    std::unique_ptr<QPDF> pdf;
    std::vector<QPDFPageObjectHelper> pages;
    std::string path;

    explicit OpenedPDF(std::string const &path) : pdf(std::make_unique<QPDF>()), path(path) {
        // A PDF that cannot be read throws; its warnings (a damaged file repaired) are kept.
        quiet(*pdf);
        pdf->processFile(path.c_str());
        objectStreams = checkObjectCount(*pdf, displayed(path));
        // qpdf reads every object a file lists the first time an object is added to it (or it
        // is written): those nothing refers to become nulls first, unread.
        forgetUnreachable(*pdf, reachableObjects(*pdf));
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
        usesObjectStreams_ = checkObjectCount(output_, displayed(base_));
        // qpdf reads every object a file lists the first time an object is added to it (the
        // text layer's streams) or it is written, which would inflate an object stream nothing
        // refers to: those objects become nulls first, unread. Reading the others here lets
        // check() see a repair that one of them needed.
        forgetUnreachable(output_, reachableObjects(output_));
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
        recordProducer(output_, producer ? producer : "", pagesChanged_, budget_, displayed(base_));
    }

    void write(CallbackPipeline &output, bool optimize) {
        // qpdf's writer decodes every metadata stream (/Type /Metadata) to write it
        // uncompressed, whatever it is told of the others: a 1 MB one that inflates to 1 GiB
        // came out as 1 GiB. They are written as their PDFs wrote them, as every other stream is;
        // the packet updated above has no filter of its own and goes out as it is.
        // Only the objects the writer writes are looked at: listing them all would resolve, and
        // inflate, object streams nothing refers to.
        for (auto &object : reachableObjects(output_)) {
            if (object.isStream() && object.getDict().getKey("/Type").isNameAndEquals("/Metadata")) {
                object.setFilterOnWrite(false);
            }
        }
        if (optimize) optimizeStreams(output_, budget_);
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
        if (optimize) packObjects(writer);
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
    DecodeBudget budget_;
    // Declared before the output so that they outlive it: its copied streams read from them
    // while it is written.
    std::map<std::string, OpenedPDF> opened_;
    QPDF output_;
};

}  // namespace

void assemble(filterocr_graft_page const *pages, int count, filterocr_graft_view const *views, int viewCount,
              char const *producer, bool optimize, CallbackPipeline &output) {
    if (count <= 0) throw std::runtime_error("no pages to assemble");
    char const *base = nullptr;
    for (int i = 0; i < count && !base; ++i) base = pages[i].kept_whole ? pages[i].source : pages[i].stands_for;
    Assembler assembler(base, views, viewCount);
    for (int i = 0; i < count; ++i) assembler.add(pages[i]);
    assembler.finish(producer);
    assembler.write(output, optimize);
}

}  // namespace filterocr
