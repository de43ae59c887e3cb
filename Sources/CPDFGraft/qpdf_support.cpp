// See qpdf_support.hpp.
#include "qpdf_support.hpp"

#include <qpdf/QPDFLogger.hh>

#include <cstdio>
#include <mutex>

namespace filterocr {

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

CallbackPipeline::CallbackPipeline(filterocr_graft_write sink, void *context)
    : Pipeline("assembled PDF", nullptr), sink_(sink), context_(context) {
    buffer_.reserve(chunk);
}

void CallbackPipeline::write(unsigned char const *data, size_t length) {
    if (buffer_.size() + length > chunk) flush();
    if (length >= chunk) {
        deliver(data, length);
    } else {
        buffer_.insert(buffer_.end(), data, data + length);
    }
}

void CallbackPipeline::flush() {
    if (buffer_.empty()) return;
    deliver(buffer_.data(), buffer_.size());
    buffer_.clear();
}

void CallbackPipeline::deliver(unsigned char const *data, size_t length) {
    if (failed_ || sink_(context_, data, length) != 0) {
        failed_ = true;
        throw WriteFailed();
    }
}

}  // namespace filterocr
