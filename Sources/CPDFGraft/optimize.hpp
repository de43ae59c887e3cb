// Lossless optimisation of a PDF before it is written: what `--optimize 1` does, as OCRmyPDF's
// level 1 does it (and a little more), without changing a pixel of any image nor a character of
// any text. Also the budget that bounds what writing one PDF may decode.
#ifndef FILTEROCR_OPTIMIZE_HPP
#define FILTEROCR_OPTIMIZE_HPP

#define POINTERHOLDER_TRANSITION 4
#include <qpdf/Pipeline.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFWriter.hh>

#include <cstddef>
#include <string>
#include <vector>

namespace filterocr {

/// What writing one searchable PDF may decode, in all: the page contents surveyed for their
/// graphics state and invisible text, the contents filtered, the XMP packet, and the streams the
/// optimiser inflates. A small file can inflate to gigabytes (a deflate bomb); without one total,
/// a document of many such streams cost each its own cap (1,800 of them took 40 s). Honest
/// documents decode far less: a scanned page's contents are a few hundred bytes, its images are
/// JPEG; 512 MiB is a thousand pages of dense vector drawing.
class DecodeBudget {
  public:
    static constexpr size_t total = 512u << 20;

    size_t remaining() const { return remaining_; }

    /// Takes `bytes` from what remains; false, taking all that remained, when fewer remain.
    bool take(size_t bytes) {
        if (bytes > remaining_) {
            remaining_ = 0;
            return false;
        }
        remaining_ -= bytes;
        return true;
    }

  private:
    size_t remaining_ = total;
};

/// A page's contents (a stream or an array of them) or a form XObject's, decoded, through
/// `pipeline`, which is finished; throws when a stream cannot be decoded. As qpdf's
/// pipeContentStreams, a newline goes between two streams when the first does not end with one;
/// unlike it, nothing is held: it gathered the contents whole before passing them on (256 MiB of
/// them took 590 MB).
void pipeContents(QPDFObjectHandle contents, Pipeline *pipeline);

/// The indirect objects a writer of `pdf` writes: those reached from its trailer. An object
/// nothing refers to is never resolved, so an unreferenced object stream is never inflated nor
/// its objects parsed (a 1 MB one that inflated to 1 GiB took 2.6 GB to list all objects).
std::vector<QPDFObjectHandle> reachableObjects(QPDF &pdf);

/// The most objects a PDF's cross-reference table may list. qpdf keeps an entry for each from
/// the moment it opens the file, and an object for each once it is read or made a null (about
/// 420 bytes an object in all: 900,000 unused ones took 446 MB and 8 s, and 2,000,000 took
/// 1.2 GB before they were made nulls unread). The largest real documents (atlases,
/// ten-thousand-page books) list a few hundred thousand.
constexpr size_t maxObjects = 500000;

/// Throws a one-line error naming `path` when `pdf` lists more than `maxObjects` objects, and
/// returns whether it keeps objects in object streams. The table is read once: qpdf hands out
/// a copy of it.
bool checkObjectCount(QPDF &pdf, std::string const &path);

/// Makes each object `pdf` lists but `reachable` does not hold a null, unread. qpdf's writer
/// reads every object the file lists before writing (to see whether one needs a repair), which
/// would inflate an object stream nothing refers to; objects nothing refers to are not written.
void forgetUnreachable(QPDF &pdf, std::vector<QPDFObjectHandle> const &reachable);

/// Makes `pdf`'s streams smaller where a lossless re-encoding is smaller, and drops the
/// resources its pages name but never use. Each stream is changed only when the result is
/// smaller; its decoded bytes (an image's pixels, a page's contents) stay the same:
/// - a Flate stream is inflated and deflated again (libdeflate), its predictor kept;
/// - a JPEG (DCT) stream gets a Flate layer over its bytes, the JPEG itself untouched;
/// - a stream with no filter is deflated.
/// Metadata (XMP) streams stay unfiltered, as PDF/A asks, without their padding; streams under
/// other filters (JBIG2, CCITT, JPEG 2000, chains) are kept byte for byte. Only streams the
/// output writes are looked at. A stream of more than 64 MiB as stored, or that inflates to
/// more than 128 MiB, is left as it is. Inflation takes from `budget`: once it is spent, and
/// once 128 MiB have been deflated, the remaining streams are written as they are.
void optimizeStreams(QPDF &pdf, DecodeBudget &budget);

/// Tells `writer` to pack objects into object streams: the objects' dictionaries, compressed
/// together, are most of a small PDF's size.
void packObjects(QPDFWriter &writer);

}  // namespace filterocr

#endif
