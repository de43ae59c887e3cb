// Lossless optimisation: streams re-encoded where smaller, unused resources dropped, objects
// packed into object streams. See optimize.hpp.
#include "optimize.hpp"

#include <qpdf/Pipeline.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>

#include <libdeflate.h>
#include <zlib.h>

#include <algorithm>
#include <cstring>
#include <new>
#include <stdexcept>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace {

/// The most a stream may inflate to, and the most of its bytes as stored, for it to be
/// re-encoded. Beyond them it is left as it is: a small stream that inflates to gigabytes (a
/// deflate bomb) costs neither the memory nor the time, and a stream in memory three times (as
/// stored, inflated, deflated again) stays within 256 MiB.
constexpr size_t maxInflatedBytes = 128u << 20;
constexpr size_t maxStoredBytes = 64u << 20;

/// libdeflate's compression levels, of its 12. Its 9 took a scan of 1.1 MB to 992 KB against
/// 1,007 KB at 6, in the same time (the time is in reading the images). But on bytes of a few
/// values in random order its match finder crawls: 1 MB/s on this 2-core machine under load
/// (level 6: 2.4 MB/s, level 3: 20 MB/s, level 1: 50 MB/s; random bytes go at 25 MB/s at every
/// level), and a 48 MB stream so made took 20 s. So a document's first `bestLevelBytes` are
/// deflated at level 9, the rest at level 3, and nothing past `maxDeflatedBytes`.
constexpr int bestLevel = 9;
constexpr int fastLevel = 3;
constexpr size_t bestLevelBytes = 4u << 20;
constexpr size_t maxDeflatedBytes = 128u << 20;

/// Bytes that are not zeroed when allocated: the buffers here are megabytes, written over whole.
struct Bytes {
    std::unique_ptr<unsigned char[]> data;
    size_t size = 0;

    explicit Bytes(size_t capacity) : data(new unsigned char[capacity]) {}
};

/// The size `data` inflates to (zlib format), counted a window at a time without keeping it, or
/// nothing when it is not valid zlib data or inflates to more than `cap`. What it counts is taken
/// from `budget`: the counting is the decoding's cost.
std::optional<size_t> inflatedSize(unsigned char const *data, size_t size, size_t cap, filterocr::DecodeBudget &budget) {
    z_stream stream{};
    if (inflateInit(&stream) != Z_OK) throw std::bad_alloc();
    std::unique_ptr<z_stream, decltype(&inflateEnd)> ending(&stream, inflateEnd);
    // Streams are at most maxStoredBytes, which zlib's 32-bit count holds.
    stream.next_in = const_cast<Bytef *>(data);
    stream.avail_in = static_cast<uInt>(size);
    std::vector<unsigned char> window(1 << 16);
    size_t total = 0;
    for (;;) {
        stream.next_out = window.data();
        stream.avail_out = static_cast<uInt>(window.size());
        int status = inflate(&stream, Z_NO_FLUSH);
        size_t produced = window.size() - stream.avail_out;
        total += produced;
        if (total > cap || !budget.take(produced)) return std::nullopt;
        if (status == Z_STREAM_END) return total;
        // Z_BUF_ERROR: the data ended before the stream did.
        if (status != Z_OK) return std::nullopt;
    }
}

/// `data` inflated (zlib format), or nothing when it is not valid zlib data or inflates to more
/// than `maxInflatedBytes` or than the budget holds. libdeflate inflates into room for the whole
/// output: its size is counted first, so that the one buffer is never larger than what the data
/// inflates to, and a bomb is stopped at the cap without holding anything (a first buffer of
/// four times the input took 678 MB on a 122 MB PDF).
std::optional<Bytes> inflated(libdeflate_decompressor *decompressor, unsigned char const *data, size_t size,
                              filterocr::DecodeBudget &budget) {
    auto length = inflatedSize(data, size, std::min(maxInflatedBytes, budget.remaining()), budget);
    if (!length) return std::nullopt;
    Bytes output(std::max<size_t>(*length, 1));
    auto status = libdeflate_zlib_decompress(decompressor, data, size, output.data.get(), *length, &output.size);
    if (status != LIBDEFLATE_SUCCESS || output.size != *length) return std::nullopt;
    return output;
}

/// `data` deflated (zlib format), or nothing when it would not be smaller than `limit` bytes.
std::optional<Bytes> deflated(libdeflate_compressor *compressor, unsigned char const *data, size_t size, size_t limit) {
    if (limit <= 1 || !compressor) return std::nullopt;
    // Anything as large as `limit` is of no use: the compressor stops short of it.
    Bytes output(limit - 1);
    output.size = libdeflate_zlib_compress(compressor, data, size, output.data.get(), limit - 1);
    if (output.size == 0) return std::nullopt;
    return output;
}

/// The stream's filters, as names; nothing when /Filter is neither a name nor an array of names.
std::optional<std::vector<std::string>> filters(QPDFObjectHandle dict) {
    auto filter = dict.getKey("/Filter");
    std::vector<std::string> names;
    if (filter.isNull()) return names;
    if (filter.isName()) return std::vector<std::string>{filter.getName()};
    if (!filter.isArray()) return std::nullopt;
    for (auto item : filter.getArrayAsVector()) {
        if (!item.isName()) return std::nullopt;
        names.push_back(item.getName());
    }
    return names;
}

/// Whether the stream's /DecodeParms says nothing (absent, null, or an array of nulls).
bool hasNoParameters(QPDFObjectHandle dict) {
    auto parameters = dict.getKey("/DecodeParms");
    if (parameters.isNull()) return true;
    if (!parameters.isArray()) return false;
    for (auto item : parameters.getArrayAsVector()) {
        if (!item.isNull()) return false;
    }
    return true;
}

/// The stream's single /DecodeParms entry: the dictionary itself, or the one of a one-element array.
QPDFObjectHandle soleParameters(QPDFObjectHandle dict) {
    auto parameters = dict.getKey("/DecodeParms");
    if (parameters.isArray() && parameters.getArrayNItems() == 1) return parameters.getArrayItem(0);
    return parameters;
}

std::string text(Bytes const &bytes) {
    return std::string(reinterpret_cast<char const *>(bytes.data.get()), bytes.size);
}

/// An XMP packet without its padding: the whitespace, often 2 KB, that an XMP writer leaves
/// before `<?xpacket end=` so that the packet can be edited in place. The packet says the same
/// without it. The packet stays unfiltered, as PDF/A asks.
void trimPadding(QPDFObjectHandle stream) {
    auto dict = stream.getDict();
    if (!dict.getKey("/Filter").isNull() || !dict.getKey("/DecodeParms").isNull()) return;
    auto raw = stream.getRawStreamData();
    std::string packet(reinterpret_cast<char const *>(raw->getBuffer()), raw->getSize());
    auto end = packet.rfind("<?xpacket end=");
    if (end == std::string::npos) return;
    auto kept = packet.find_last_not_of(" \t\r\n", end == 0 ? 0 : end - 1);
    if (kept == std::string::npos || end - kept <= 2) return;
    packet.replace(kept + 1, end - kept - 1, "\n");
    stream.replaceStreamData(packet, QPDFObjectHandle::newNull(), QPDFObjectHandle::newNull());
}

using Compressor = std::unique_ptr<libdeflate_compressor, decltype(&libdeflate_free_compressor)>;

/// libdeflate's compressors and decompressor, made once for all the streams of a PDF, and how
/// much has been deflated with them.
struct Codecs {
    Compressor best{libdeflate_alloc_compressor(bestLevel), libdeflate_free_compressor};
    Compressor fast{libdeflate_alloc_compressor(fastLevel), libdeflate_free_compressor};
    std::unique_ptr<libdeflate_decompressor, decltype(&libdeflate_free_decompressor)> decompressor{
        libdeflate_alloc_decompressor(), libdeflate_free_decompressor};
    size_t deflated = 0;

    /// The compressor for `size` more bytes; none once the document has deflated its share.
    libdeflate_compressor *compressor(size_t size) {
        if (size > maxDeflatedBytes - deflated) {
            deflated = maxDeflatedBytes;
            return nullptr;
        }
        deflated += size;
        return deflated <= bestLevelBytes ? best.get() : fast.get();
    }
};

/// Re-encodes one stream where that is lossless and smaller.
void optimizeStream(QPDFObjectHandle stream, Codecs &codecs, filterocr::DecodeBudget &budget) {
    auto dict = stream.getDict();
    // A stream kept in another file (/F) has no bytes here.
    if (dict.hasKey("/F")) return;
    // Only XMP (/Type /Metadata /Subtype /XML) is trimmed; anything else so typed (an image may
    // be: readers draw it by its /Subtype) is left byte for byte.
    if (dict.getKey("/Type").isNameAndEquals("/Metadata")) {
        return dict.getKey("/Subtype").isNameAndEquals("/XML") ? trimPadding(stream) : void();
    }
    auto names = filters(dict);
    if (!names) return;
    // The length the stream says it has, which qpdf reads it by (it recovers a wrong one).
    auto length = dict.getKey("/Length");
    if (length.isInteger() && length.getIntValue() > static_cast<long long>(maxStoredBytes)) return;
    auto raw = stream.getRawStreamData();
    if (raw->getSize() > maxStoredBytes) return;
    auto const *data = raw->getBuffer();
    size_t size = raw->getSize();
    if (names->empty()) {
        if (!hasNoParameters(dict)) return;
        if (auto packed = deflated(codecs.compressor(size), data, size, size)) {
            stream.replaceStreamData(text(*packed), QPDFObjectHandle::newName("/FlateDecode"), QPDFObjectHandle::newNull());
        }
    } else if (*names == std::vector<std::string>{"/FlateDecode"}) {
        auto plain = inflated(codecs.decompressor.get(), data, size, budget);
        if (!plain) return;
        if (auto packed = deflated(codecs.compressor(plain->size), plain->data.get(), plain->size, size)) {
            // The predictor, if any, was applied before the old deflation and is kept with its
            // parameters: only the deflation changes.
            stream.replaceStreamData(text(*packed), QPDFObjectHandle::newName("/FlateDecode"), soleParameters(dict));
        }
    } else if (*names == std::vector<std::string>{"/DCTDecode"} && hasNoParameters(dict)) {
        if (auto packed = deflated(codecs.compressor(size), data, size, size)) {
            auto chain = QPDFObjectHandle::newArray();
            chain.appendItem(QPDFObjectHandle::newName("/FlateDecode"));
            chain.appendItem(QPDFObjectHandle::newName("/DCTDecode"));
            stream.replaceStreamData(text(*packed), chain, QPDFObjectHandle::newNull());
        }
    }
}

/// Whether a font of `resources`, or of the forms they draw (at any depth), is a Type 3 font
/// without resources of its own: its glyphs then use the resources of the page they are shown
/// on (PDF 1.7, 9.6.5), which no operator of the page's contents names.
bool lendsPageResources(QPDFObjectHandle resources, std::set<QPDFObjGen> &seen) {
    if (!resources.isDictionary()) return false;
    if (resources.isIndirect() && !seen.insert(resources.getObjGen()).second) return false;
    auto fonts = resources.getKey("/Font");
    if (fonts.isDictionary()) {
        for (auto const &key : fonts.getKeys()) {
            auto font = fonts.getKey(key);
            if (font.isDictionary() && font.getKey("/Subtype").isNameAndEquals("/Type3") &&
                !font.getKey("/Resources").isDictionary()) {
                return true;
            }
        }
    }
    auto xobjects = resources.getKey("/XObject");
    if (!xobjects.isDictionary()) return false;
    for (auto const &key : xobjects.getKeys()) {
        auto form = xobjects.getKey(key);
        if (!form.isStream() || !form.getDict().getKey("/Subtype").isNameAndEquals("/Form")) continue;
        if (form.isIndirect() && !seen.insert(form.getObjGen()).second) continue;
        if (lendsPageResources(form.getDict().getKey("/Resources"), seen)) return true;
    }
    return false;
}

/// The most of a page's contents and forms, decoded, whose resources are looked through for the
/// unused: qpdf parses them whole into memory to find the names they use, at about ten bytes a
/// byte. A page past it keeps all its resources.
constexpr size_t maxParsedContentBytes = 16u << 20;

/// Counts decoded bytes against a limit and the document's budget, and stops the decoding past
/// either (the decoder inflates a little at a time).
class CountingSink final : public Pipeline {
  public:
    CountingSink(size_t limit, filterocr::DecodeBudget &budget)
        : Pipeline("counted contents", nullptr), limit_(limit), budget_(budget) {}

    void write(unsigned char const *, size_t length) override {
        if (length > limit_ - count_ || !budget_.take(length)) {
            exceeded_ = true;
            throw std::length_error("contents past the limit");
        }
        count_ += length;
    }

    void finish() override {}

    /// Whether the limit or the budget stopped the decoding (qpdf turns the exception that
    /// stops it into a stream that "cannot be decoded").
    bool exceeded() const { return exceeded_; }

  private:
    bool exceeded_ = false;
    size_t limit_;
    size_t count_ = 0;
    filterocr::DecodeBudget &budget_;
};

/// Whether the page's contents and the forms it draws decode, together, to no more than
/// `maxParsedContentBytes`, within the budget.
bool smallEnoughToParse(QPDFPageObjectHelper &page, filterocr::DecodeBudget &budget) {
    CountingSink sink(maxParsedContentBytes, budget);
    try {
        auto contents = page.getObjectHandle().getKey("/Contents");
        if (contents.isStream() || contents.isArray()) filterocr::pipeContents(contents, &sink);
        page.forEachFormXObject(true, [&sink](QPDFObjectHandle &form, QPDFObjectHandle &, std::string const &) {
            form.pipeStreamData(&sink, 0, qpdf_dl_generalized, true, false);
        });
    } catch (std::exception const &) {
        // Contents that cannot be decoded are qpdf's to judge, as before.
    }
    return !sink.exceeded();
}

/// Passes bytes on without finishing its next pipeline, and keeps the last.
class PassingOn final : public Pipeline {
  public:
    explicit PassingOn(Pipeline *next) : Pipeline("content stream", next) {}

    void write(unsigned char const *data, size_t length) override {
        if (length == 0) return;
        getNext()->write(data, length);
        last_ = data[length - 1];
    }

    void finish() override {}

    unsigned char last() const { return last_; }

  private:
    unsigned char last_ = '\n';
};

}  // namespace

namespace filterocr {

void pipeContents(QPDFObjectHandle contents, Pipeline *pipeline) {
    auto streams = contents.isArray() ? contents.getArrayAsVector() : std::vector<QPDFObjectHandle>{contents};
    PassingOn passing(pipeline);
    for (size_t i = 0; i < streams.size(); ++i) {
        // Anything but a stream in the array is passed over, as qpdf passes it over.
        if (!streams[i].isStream()) continue;
        if (passing.last() != '\n') passing.write(reinterpret_cast<unsigned char const *>("\n"), 1);
        if (!streams[i].pipeStreamData(&passing, 0, qpdf_dl_specialized)) {
            throw std::runtime_error("content stream " + std::to_string(i + 1) + " cannot be decoded");
        }
    }
    pipeline->finish();
}

std::vector<QPDFObjectHandle> reachableObjects(QPDF &pdf) {
    std::vector<QPDFObjectHandle> found;
    std::set<QPDFObjGen> seen;
    // A stack rather than recursion: a chain of references may be as long as the file allows.
    std::vector<QPDFObjectHandle> pending{pdf.getTrailer()};
    while (!pending.empty()) {
        auto object = pending.back();
        pending.pop_back();
        if (object.isIndirect()) {
            if (!seen.insert(object.getObjGen()).second) continue;
            found.push_back(object);
        }
        if (object.isStream()) {
            pending.push_back(object.getDict());
        } else if (object.isDictionary()) {
            for (auto const &key : object.getKeys()) pending.push_back(object.getKey(key));
        } else if (object.isArray()) {
            for (auto const &item : object.getArrayAsVector()) pending.push_back(item);
        }
    }
    return found;
}

bool checkObjectCount(QPDF &pdf, std::string const &path) {
    auto table = pdf.getXRefTable();
    if (table.size() > maxObjects) {
        throw std::runtime_error(path + ": it lists " + std::to_string(table.size()) + " objects, more than the " +
                                 std::to_string(maxObjects) + " a searchable PDF is written from");
    }
    return std::any_of(table.begin(), table.end(), [](auto const &entry) { return entry.second.getType() == 2; });
}

void forgetUnreachable(QPDF &pdf, std::vector<QPDFObjectHandle> const &reachable) {
    std::set<QPDFObjGen> kept;
    for (auto const &object : reachable) kept.insert(object.getObjGen());
    for (auto const &entry : pdf.getXRefTable()) {
        if (!kept.count(entry.first)) pdf.replaceObject(entry.first, QPDFObjectHandle::newNull());
    }
}

void optimizeStreams(QPDF &pdf, DecodeBudget &budget) {
    // qpdf looks for the names each page's contents and forms use; a Type 3 glyph's use of the
    // page's resources is not among them, and an image it draws was dropped. Such a page keeps
    // all its resources, as does a page whose contents are too large to parse.
    for (auto &page : QPDFPageDocumentHelper(pdf).getAllPages()) {
        std::set<QPDFObjGen> seen;
        if (!lendsPageResources(page.getAttribute("/Resources", false), seen) && smallEnoughToParse(page, budget)) {
            page.removeUnreferencedResources();
        }
    }
    Codecs codecs;
    if (!codecs.best || !codecs.fast || !codecs.decompressor) throw std::bad_alloc();
    for (auto &object : reachableObjects(pdf)) {
        if (object.isStream()) optimizeStream(object, codecs, budget);
    }
}

void packObjects(QPDFWriter &writer) {
    writer.setObjectStreamMode(qpdf_o_generate);
}

}  // namespace filterocr
