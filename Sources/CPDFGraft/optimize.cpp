// Lossless optimisation: streams re-encoded where smaller, unused resources dropped, objects
// packed into object streams. See optimize.hpp.
#include "optimize.hpp"

#include <qpdf/Buffer.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>

#include <zlib.h>

#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace {

/// The most a stream may inflate to and still be re-encoded. Beyond it the stream is left as it
/// is: a small stream that inflates to gigabytes (a deflate bomb) costs neither the memory nor
/// the time.
constexpr size_t maxInflatedBytes = 256u << 20;

using Bytes = std::vector<unsigned char>;

/// `data` inflated (zlib format), or nothing when it is not valid zlib data or inflates to more
/// than `maxInflatedBytes`.
std::optional<Bytes> inflated(unsigned char const *data, size_t size) {
    z_stream stream{};
    if (inflateInit(&stream) != Z_OK) return std::nullopt;
    Bytes output;
    output.resize(std::max<size_t>(size * 4, 4096));
    stream.next_in = const_cast<unsigned char *>(data);
    stream.avail_in = static_cast<uInt>(size);
    size_t produced = 0;
    int status = Z_OK;
    while (status == Z_OK) {
        if (produced == output.size()) {
            if (output.size() >= maxInflatedBytes) break;
            output.resize(std::min(output.size() * 2, maxInflatedBytes));
        }
        stream.next_out = output.data() + produced;
        stream.avail_out = static_cast<uInt>(output.size() - produced);
        status = inflate(&stream, Z_NO_FLUSH);
        produced = output.size() - stream.avail_out;
        if (status == Z_BUF_ERROR && stream.avail_in == 0) break;
    }
    inflateEnd(&stream);
    if (status != Z_STREAM_END) return std::nullopt;
    output.resize(produced);
    return output;
}

/// `data` deflated (zlib format) at the best level, or nothing when it would not be smaller than
/// `limit` bytes.
std::optional<Bytes> deflated(unsigned char const *data, size_t size, size_t limit) {
    uLongf bound = compressBound(static_cast<uLong>(size));
    Bytes output(bound);
    if (compress2(output.data(), &bound, data, static_cast<uLong>(size), Z_BEST_COMPRESSION) != Z_OK) {
        return std::nullopt;
    }
    if (bound >= limit) return std::nullopt;
    output.resize(bound);
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

std::shared_ptr<Buffer> buffer(Bytes const &bytes) {
    auto result = std::make_shared<Buffer>(bytes.size());
    if (!bytes.empty()) std::memcpy(result->getBuffer(), bytes.data(), bytes.size());
    return result;
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

/// Re-encodes one stream where that is lossless and smaller.
void optimizeStream(QPDFObjectHandle stream) {
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
        if (auto packed = deflated(data, size, size)) {
            stream.replaceStreamData(buffer(*packed), QPDFObjectHandle::newName("/FlateDecode"),
                                     QPDFObjectHandle::newNull());
        }
    } else if (*names == std::vector<std::string>{"/FlateDecode"}) {
        auto plain = inflated(data, size);
        if (!plain) return;
        if (auto packed = deflated(plain->data(), plain->size(), size)) {
            // The predictor, if any, was applied before the old deflation and is kept with its
            // parameters: only the deflation changes.
            stream.replaceStreamData(buffer(*packed), QPDFObjectHandle::newName("/FlateDecode"), soleParameters(dict));
        }
    } else if (*names == std::vector<std::string>{"/DCTDecode"} && hasNoParameters(dict)) {
        if (auto packed = deflated(data, size, size)) {
            auto chain = QPDFObjectHandle::newArray();
            chain.appendItem(QPDFObjectHandle::newName("/FlateDecode"));
            chain.appendItem(QPDFObjectHandle::newName("/DCTDecode"));
            stream.replaceStreamData(buffer(*packed), chain, QPDFObjectHandle::newNull());
        }
    }
}

}  // namespace

namespace filterocr {

void optimizeStreams(QPDF &pdf) {
    QPDFPageDocumentHelper(pdf).removeUnreferencedResources();
    for (auto &object : pdf.getAllObjects()) {
        if (object.isStream()) optimizeStream(object);
    }
}

void packObjects(QPDFWriter &writer) {
    writer.setObjectStreamMode(qpdf_o_generate);
}

}  // namespace filterocr
