// The C entry points of the PDF assembly. Searchable PDFs that keep a PDF's own pages: each page
// is copied into the output as it is (qpdf copies objects between files and reads their stream
// data from the source files only while writing), and the text layer filterocr wrote for it is
// laid over it as a form XObject (assembly.cpp). qpdf reports errors by C++ exceptions, which
// Swift cannot catch: each entry point catches them all and returns a status and a one-line
// message.
#include "filterocr_graft.h"

#include "agreement.hpp"
#include "assembly.hpp"
#include "optimize.hpp"
#include "qpdf_support.hpp"

#include <qpdf/QPDFWriter.hh>

#include <cstdio>
#include <exception>
#include <string>

namespace {

/// The first line of `text`, without trailing spaces, in `message`.
void copyMessage(std::string text, char *message, size_t size) {
    if (size == 0) return;
    text = text.substr(0, text.find_first_of("\r\n"));
    text.erase(text.find_last_not_of(" \t") + 1);
    std::snprintf(message, size, "%s", text.empty() ? "unknown error" : text.c_str());
}

}  // namespace

int filterocr_pdf_assemble(const filterocr_graft_page *pages, int count, const filterocr_graft_view *views,
                           int view_count, const char *producer, int optimize, filterocr_graft_write write,
                           void *context, char *message, size_t message_size, int *refused_view) {
    *refused_view = -1;
    try {
        filterocr::CallbackPipeline output(write, context);
        filterocr::assemble(pages, count, views, view_count, producer, optimize != 0, output);
        return 0;
    } catch (filterocr::Disagreement const &error) {
        *refused_view = error.view;
        copyMessage(error.what(), message, message_size);
        return error.kind;
    } catch (std::exception const &error) {
        copyMessage(error.what(), message, message_size);
    } catch (...) {
        copyMessage("unknown error", message, message_size);
    }
    return -1;
}

int filterocr_pdf_optimize(const char *source, filterocr_graft_write write, void *context, char *message,
                           size_t message_size) {
    try {
        QPDF pdf;
        filterocr::quiet(pdf);
        pdf.processFile(source);
        filterocr::checkObjectCount(pdf, filterocr::displayed(source));
        filterocr::forgetUnreachable(pdf, filterocr::reachableObjects(pdf));
        filterocr::DecodeBudget budget;
        filterocr::optimizeStreams(pdf, budget);
        filterocr::CallbackPipeline output(write, context);
        QPDFWriter writer(pdf);
        writer.setOutputPipeline(&output);
        writer.setCompressStreams(false);
        writer.setDecodeLevel(qpdf_dl_none);
        filterocr::packObjects(writer);
        writer.setDeterministicID(true);
        writer.write();
        output.flush();
        return 0;
    } catch (std::exception const &error) {
        copyMessage(error.what(), message, message_size);
    } catch (...) {
        copyMessage("unknown error", message, message_size);
    }
    return -1;
}
