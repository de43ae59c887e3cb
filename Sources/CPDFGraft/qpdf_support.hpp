// What every part of the PDF assembly shares: qpdf kept quiet, paths shown on one line, and the
// caller's sink as a qpdf pipeline.
#ifndef FILTEROCR_QPDF_SUPPORT_HPP
#define FILTEROCR_QPDF_SUPPORT_HPP

#include "filterocr_graft.h"

// qpdf 11's headers warn unless told which of its old PointerHolder interfaces to keep: none.
#define POINTERHOLDER_TRANSITION 4
#include <qpdf/Pipeline.hh>
#include <qpdf/QPDF.hh>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace filterocr {

/// The caller's sink refused the output's bytes.
struct WriteFailed : std::runtime_error {
    WriteFailed() : std::runtime_error("a write failed") {}
};

/// qpdf, quiet: it would print its warnings (a damaged file repaired, a stream it could not
/// decode) on standard error through its logger, which every QPDF shares unless given another.
/// The warnings are still kept among `pdf`'s, which qpdfRepaired reads, and whatever ends the
/// run comes as an exception, said in one line.
void quiet(QPDF &pdf);

/// `path` as a message shows it: on one line, its control characters as \xNN.
std::string displayed(std::string const &path);

/// Hands the output to the caller's callback. QPDFWriter writes a few bytes at a time (a
/// token, a line), so they are gathered into chunks rather than passed on one call each.
class CallbackPipeline final : public Pipeline {
  public:
    CallbackPipeline(filterocr_graft_write sink, void *context);

    void write(unsigned char const *data, size_t length) override;

    // QPDFWriter finishes its pipelines more than once, some of the times from destructors,
    // where a failing sink's exception would end the process: the last chunk goes out through
    // flush() once the writer is done instead.
    void finish() override {}

    /// Hands over what is gathered; throws WriteFailed when the sink refuses it.
    void flush();

  private:
    static constexpr size_t chunk = 64 * 1024;

    // After one failure the sink is not called again: the writer stops at the exception.
    void deliver(unsigned char const *data, size_t length);

    filterocr_graft_write sink_;
    void *context_;
    std::vector<unsigned char> buffer_;
    bool failed_ = false;
};

}  // namespace filterocr

#endif
