// See metadata.hpp. The XMP packet is edited as the XML it is, through libxml2: properties are
// found by their namespace, whatever prefix the packet binds it to, as elements or as attributes
// of an rdf:Description.
#include "metadata.hpp"

#include <qpdf/QPDFObjectHandle.hh>

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlsave.h>

#include <cstring>
#include <ctime>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <vector>

namespace filterocr {
namespace {

/// The most of an XMP packet that is decoded to be updated. Real packets are kilobytes (a
/// thumbnail makes one a few hundred); a 1 MB packet that inflates to 1 GiB took 27 s and
/// 3.7 GB to decode and write back whole. Beyond this it is left as it is, still compressed as
/// it was.
constexpr size_t maxMetadataBytes = 4 << 20;

/// The schemas whose properties are updated, by their namespaces.
constexpr char const *pdfSchema = "http://ns.adobe.com/pdf/1.3/";
constexpr char const *xmpSchema = "http://ns.adobe.com/xap/1.0/";
constexpr char const *pdfaIdentification = "http://www.aiim.org/pdfa/ns/id/";

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

/// libxml2's reports kept off standard error while it reads on this thread (its handlers are
/// the thread's own); what it says of a packet is only whether the packet is well-formed, which
/// the parse's result tells.
class QuietXML {
  public:
    QuietXML()
        : structured_(xmlStructuredError), structuredContext_(xmlStructuredErrorContext), generic_(xmlGenericError),
          genericContext_(xmlGenericErrorContext) {
        static std::once_flag once;
        std::call_once(once, [] { xmlInitParser(); });
        xmlStructuredErrorFunc discardStructured = [](void *, auto) {};
        xmlSetStructuredErrorFunc(nullptr, discardStructured);
        xmlSetGenericErrorFunc(nullptr, discardGeneric);
    }

    ~QuietXML() {
        xmlSetStructuredErrorFunc(structuredContext_, structured_);
        xmlSetGenericErrorFunc(genericContext_, generic_);
    }

    QuietXML(QuietXML const &) = delete;
    QuietXML &operator=(QuietXML const &) = delete;

  private:
    static void discardGeneric(void *, char const *, ...) {}

    xmlStructuredErrorFunc structured_;
    void *structuredContext_;
    xmlGenericErrorFunc generic_;
    void *genericContext_;
};

bool named(xmlNs const *ns, xmlChar const *name, char const *space, char const *local) {
    return ns && ns->href && std::strcmp(reinterpret_cast<char const *>(ns->href), space) == 0 &&
           (!local || std::strcmp(reinterpret_cast<char const *>(name), local) == 0);
}

/// An XMP packet as a libxml2 document.
class XMPPacket {
  public:
    /// The packet in `text`, or nothing when it is not well-formed XML. No entity is
    /// substituted and nothing is fetched.
    static std::optional<XMPPacket> parse(std::string const &text) {
        QuietXML quiet;
        int options = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING;
        xmlDoc *document = xmlReadMemory(text.data(), static_cast<int>(text.size()), nullptr, nullptr, options);
        if (!document || !xmlDocGetRootElement(document)) {
            xmlFreeDoc(document);
            return std::nullopt;
        }
        return XMPPacket(document, declares(text));
    }

    /// Whether it identifies the document as PDF/A: a `part` of the identification schema.
    bool claimsPDFA() const {
        bool found = false;
        eachElement([&](xmlNode *element) {
            found = found || named(element->ns, element->name, pdfaIdentification, "part");
            for (auto *attribute = element->properties; attribute; attribute = attribute->next) {
                found = found || named(attribute->ns, attribute->name, pdfaIdentification, "part");
            }
        });
        return found;
    }

    /// Removes every property of the PDF/A identification schema (pdfaid:part,
    /// pdfaid:conformance and the rest), elements and attributes. The namespace's declaration
    /// stays, harmless. Returns whether anything went.
    bool removePDFAClaim() {
        std::vector<xmlNode *> elements;
        std::vector<xmlAttr *> attributes;
        eachElement([&](xmlNode *element) {
            if (named(element->ns, element->name, pdfaIdentification, nullptr)) elements.push_back(element);
            for (auto *attribute = element->properties; attribute; attribute = attribute->next) {
                if (named(attribute->ns, attribute->name, pdfaIdentification, nullptr)) attributes.push_back(attribute);
            }
        });
        // Attributes first, while their elements are all there; then the elements, the last
        // in document order first, so that one inside another goes before the one holding it.
        for (auto *attribute : attributes) xmlRemoveProp(attribute);
        for (auto element = elements.rbegin(); element != elements.rend(); ++element) {
            xmlUnlinkNode(*element);
            xmlFreeNode(*element);
        }
        return !elements.empty() || !attributes.empty();
    }

    /// Sets the property `local` of the schema `space` to `value` wherever the packet gives it,
    /// as an element of text or as an attribute. A property the packet does not have is not
    /// added: the packet stays as its writer made it but for the values a producer updates.
    bool set(char const *space, char const *local, std::string const &value) {
        bool changed = false;
        auto const *text = reinterpret_cast<xmlChar const *>(value.c_str());
        eachElement([&](xmlNode *element) {
            if (named(element->ns, element->name, space, local) && !hasElementChildren(element)) {
                xmlNodeSetContent(element, nullptr);
                xmlNodeAddContent(element, text);
                changed = true;
            }
            for (auto *attribute = element->properties; attribute; attribute = attribute->next) {
                if (named(attribute->ns, attribute->name, space, local)) {
                    xmlSetNsProp(element, attribute->ns, attribute->name, text);
                    changed = true;
                }
            }
        });
        return changed;
    }

    /// The packet as text, in UTF-8, with an XML declaration only if it had one.
    std::string text() const {
        std::unique_ptr<xmlBuffer, decltype(&xmlBufferFree)> buffer(xmlBufferCreate(), xmlBufferFree);
        if (!buffer) throw std::bad_alloc();
        auto *save = xmlSaveToBuffer(buffer.get(), "UTF-8", declared_ ? 0 : XML_SAVE_NO_DECL);
        if (!save) throw std::bad_alloc();
        xmlSaveDoc(save, document_.get());
        if (xmlSaveClose(save) < 0) throw std::runtime_error("the XMP packet could not be written");
        return std::string(reinterpret_cast<char const *>(xmlBufferContent(buffer.get())),
                           static_cast<size_t>(xmlBufferLength(buffer.get())));
    }

  private:
    XMPPacket(xmlDoc *document, bool declared) : document_(document, xmlFreeDoc), declared_(declared) {}

    /// Whether `text` starts with an XML declaration (after a byte order mark).
    static bool declares(std::string const &text) {
        size_t start = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
        return text.compare(start, 5, "<?xml") == 0 && text.size() > start + 5 &&
               std::strchr(" \t\r\n", text[start + 5]) != nullptr;
    }

    static bool hasElementChildren(xmlNode const *element) {
        for (auto *child = element->children; child; child = child->next) {
            if (child->type == XML_ELEMENT_NODE) return true;
        }
        return false;
    }

    /// Calls `visit` on every element, in document order; a stack rather than recursion.
    template <typename Visit> void eachElement(Visit visit) const {
        std::vector<xmlNode *> pending{xmlDocGetRootElement(document_.get())};
        while (!pending.empty()) {
            auto *element = pending.back();
            pending.pop_back();
            visit(element);
            std::vector<xmlNode *> children;
            for (auto *child = element->children; child; child = child->next) {
                if (child->type == XML_ELEMENT_NODE) children.push_back(child);
            }
            pending.insert(pending.end(), children.rbegin(), children.rend());
        }
    }

    std::unique_ptr<xmlDoc, decltype(&xmlFreeDoc)> document_;
    bool declared_;
};

/// The refusal of a packet that cannot be read, and so not shown to stop claiming PDF/A.
[[noreturn]] void refuseUnreadableClaim(std::string const &path, std::string const &why) {
    throw std::runtime_error(path + ": its XMP metadata " + why +
                             " and claims PDF/A conformance, which the searchable PDF cannot be shown to keep");
}

/// Updates the catalog's XMP packet, if it has one.
void recordInPacket(QPDF &pdf, std::string const &producer, Now const &now, bool pagesChanged, DecodeBudget &budget,
                    std::string const &path) {
    auto metadata = pdf.getRoot().getKey("/Metadata");
    if (!metadata.isStream()) return;
    BoundedBuffer decoded(maxMetadataBytes);
    bool whole = false;
    try {
        bool filtered = false;
        whole = metadata.pipeStreamData(&decoded, &filtered, 0, qpdf_dl_generalized, true, false) && filtered;
    } catch (std::exception const &) {
        whole = false;
    }
    budget.take(decoded.data().size());
    // Without a packet to read, a claim is what declares the identification schema.
    bool mayClaim = pagesChanged && decoded.data().find(pdfaIdentification) != std::string::npos;
    if (decoded.tooLarge()) {
        // Left as it is, still compressed; but it may not go on claiming a conformance the
        // changed pages may have lost.
        if (mayClaim) refuseUnreadableClaim(path, "decodes to more than " + std::to_string(maxMetadataBytes >> 20) + " MB");
        return;
    }
    if (!whole) return; // A packet that cannot be decoded stays as it is.
    auto packet = XMPPacket::parse(decoded.data());
    if (!packet) {
        if (mayClaim) refuseUnreadableClaim(path, "is not well-formed XML");
        return;
    }
    // The text laid over a page, or pages from elsewhere, may break the PDF/A conformance
    // the input claimed (nothing here can show that the output keeps it): the claim goes.
    bool changed = pagesChanged && packet->removePDFAClaim();
    if (!producer.empty()) changed = packet->set(pdfSchema, "Producer", producer) || changed;
    changed = packet->set(xmpSchema, "ModifyDate", now.xmp) || changed;
    changed = packet->set(xmpSchema, "MetadataDate", now.xmp) || changed;
    // XMP stays uncompressed, so that tools that do not read PDF can still find it.
    if (changed) metadata.replaceStreamData(packet->text(), QPDFObjectHandle::newNull(), QPDFObjectHandle::newNull());
}

}  // namespace

void recordProducer(QPDF &pdf, std::string const &producer, bool pagesChanged, DecodeBudget &budget,
                    std::string const &path) {
    Now now;
    auto trailer = pdf.getTrailer();
    auto info = trailer.getKey("/Info");
    if (!info.isDictionary()) {
        info = pdf.makeIndirectObject(QPDFObjectHandle::newDictionary());
        trailer.replaceKey("/Info", info);
    }
    if (!producer.empty()) info.replaceKey("/Producer", QPDFObjectHandle::newUnicodeString(producer));
    info.replaceKey("/ModDate", QPDFObjectHandle::newString(now.pdf));
    recordInPacket(pdf, producer, now, pagesChanged, budget, path);
}

}  // namespace filterocr
