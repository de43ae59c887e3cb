// Lossless optimisation: streams re-encoded where smaller, unused resources dropped, objects
// packed into object streams. See optimize.hpp.
#include "optimize.hpp"

#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>

#include <libdeflate.h>

#include <algorithm>
#include <cstring>
#include <new>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace {

/// The most a stream may inflate to and still be re-encoded. Beyond it the stream is left as it
/// is: a small stream that inflates to gigabytes (a deflate bomb) costs neither the memory nor
/// the time.
constexpr size_t maxInflatedBytes = 256u << 20;

/// libdeflate's compression level, of its 12: its 9 took a scan of 1.1 MB to 992 KB against 1,007 KB at 6,
/// in the same time (the time is in reading the images, not in compressing them).
constexpr int level = 9;

/// Bytes that are not zeroed when allocated: the buffers here are megabytes, written over whole.
struct Bytes {
    std::unique_ptr<unsigned char[]> data;
    size_t size = 0;

    explicit Bytes(size_t capacity) : data(new unsigned char[capacity]) {}
};

/// `data` inflated (zlib format), or nothing when it is not valid zlib data or inflates to more
/// than `maxInflatedBytes`. libdeflate wants room for the whole output: it is tried with room
/// for four times the input, then sixteen times as much each time it runs out.
std::optional<Bytes> inflated(libdeflate_decompressor *decompressor, unsigned char const *data, size_t size) {
    for (size_t room = std::max<size_t>(size * 4, 1 << 16);; room = std::min(room * 16, maxInflatedBytes)) {
        Bytes output(room);
        size_t produced = 0;
        auto status = libdeflate_zlib_decompress(decompressor, data, size, output.data.get(), room, &produced);
        if (status == LIBDEFLATE_SUCCESS) {
            output.size = produced;
            return output;
        }
        if (status != LIBDEFLATE_INSUFFICIENT_SPACE || room == maxInflatedBytes) return std::nullopt;
    }
}

/// `data` deflated (zlib format), or nothing when it would not be smaller than `limit` bytes.
std::optional<Bytes> deflated(libdeflate_compressor *compressor, unsigned char const *data, size_t size, size_t limit) {
    if (limit <= 1) return std::nullopt;
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

/// libdeflate's compressor and decompressor, made once for all the streams of a PDF.
struct Codecs {
    std::unique_ptr<libdeflate_compressor, decltype(&libdeflate_free_compressor)> compressor{
        libdeflate_alloc_compressor(level), libdeflate_free_compressor};
    std::unique_ptr<libdeflate_decompressor, decltype(&libdeflate_free_decompressor)> decompressor{
        libdeflate_alloc_decompressor(), libdeflate_free_decompressor};
};

/// Re-encodes one stream where that is lossless and smaller.
void optimizeStream(QPDFObjectHandle stream, Codecs &codecs) {
    auto dict = stream.getDict();
    // A stream kept in another file (/F) has no bytes here.
    if (dict.hasKey("/F")) return;
    if (dict.getKey("/Type").isNameAndEquals("/Metadata")) return trimPadding(stream);
    auto names = filters(dict);
    if (!names) return;
    auto raw = stream.getRawStreamData();
    auto const *data = raw->getBuffer();
    size_t size = raw->getSize();
    if (names->empty()) {
        if (!hasNoParameters(dict)) return;
        if (auto packed = deflated(codecs.compressor.get(), data, size, size)) {
            stream.replaceStreamData(text(*packed), QPDFObjectHandle::newName("/FlateDecode"), QPDFObjectHandle::newNull());
        }
    } else if (*names == std::vector<std::string>{"/FlateDecode"}) {
        auto plain = inflated(codecs.decompressor.get(), data, size);
        if (!plain) return;
        if (auto packed = deflated(codecs.compressor.get(), plain->data.get(), plain->size, size)) {
            // The predictor, if any, was applied before the old deflation and is kept with its
            // parameters: only the deflation changes.
            stream.replaceStreamData(text(*packed), QPDFObjectHandle::newName("/FlateDecode"), soleParameters(dict));
        }
    } else if (*names == std::vector<std::string>{"/DCTDecode"} && hasNoParameters(dict)) {
        if (auto packed = deflated(codecs.compressor.get(), data, size, size)) {
            auto chain = QPDFObjectHandle::newArray();
            chain.appendItem(QPDFObjectHandle::newName("/FlateDecode"));
            chain.appendItem(QPDFObjectHandle::newName("/DCTDecode"));
            stream.replaceStreamData(text(*packed), chain, QPDFObjectHandle::newNull());
        }
    }
}

}  // namespace

namespace filterocr {

void optimizeStreams(QPDF &pdf) {
    QPDFPageDocumentHelper(pdf).removeUnreferencedResources();
    Codecs codecs;
    if (!codecs.compressor || !codecs.decompressor) throw std::bad_alloc();
    for (auto &object : pdf.getAllObjects()) {
        if (object.isStream()) optimizeStream(object, codecs);
    }
}

void packObjects(QPDFWriter &writer) {
    writer.setObjectStreamMode(qpdf_o_generate);
}

}  // namespace filterocr
