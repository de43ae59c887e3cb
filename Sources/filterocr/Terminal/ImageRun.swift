import ArgumentParser
import FileSystem
import Foundation
import PageDocuments
import Reports
import Runs
import TerminalText

/// What `ocr` and `batch` share: run the images through the runner and print each result
/// as it comes, in input order, with one progress bar and one error convention.
struct ImageRun {
    var runner: ImageRunner
    var format: OutputFormat
    /// In text, a `==> IMAGE <==` header before each image's text.
    var headers: Bool
    var publisher: FeedPublisher?
    /// A progress bar on standard error when it is a terminal (for batch, not for ocr).
    var showsProgress: Bool
    /// Where the results go: the document of a Tesseract format (`-` for standard output), or a
    /// file for filterocr's own formats (nil: standard output).
    var destination: String?
    /// For a searchable PDF, whether it is made smaller losslessly (`--optimize 1`).
    var optimized = true
    /// Where the text of the pages also goes, as OCRmyPDF's `--sidecar` writes it.
    var sidecar: String?
    /// Whether the inputs may include PDFs, whose own pages a searchable PDF keeps.
    var keepsOriginalPages = false
    /// A PDF of the text alone (`--text-only`), whatever the inputs.
    var textOnly = false
    /// For `--shard`: the share and the input list each JSON line records.
    var shard: JSONLines.ShardStamp?

    /// Where the document of a Tesseract format goes (`-` for standard output).
    private var documentDestination: String? { format.document == nil ? nil : destination }

    /// Whether the document goes to standard output and its reader has gone.
    private var documentOutputClosed: Bool { documentDestination == "-" && Terminal.checkOutputClosed() }

    /// Runs `inputs`, finishes or abandons the document, and ends the command with the status
    /// that says how it went, as `RunEnding` decides: 0 when every image was read, 1 when any
    /// failed, 128 + the signal when SIGINT (130), SIGTERM (143) or SIGHUP (129) stopped it,
    /// 141 when the reader of the output went away.
    func run(_ inputs: some Sequence<String> & Sendable, total: Int?, shard: Shard? = nil) throws {
        Interrupt.install(resettingAfterFirst: true, signals: Interrupt.endingSignals)
        let progress = showsProgress || runner.choosesFilters ? ProgressBar.standardErrorIfTerminal() : nil
        progress?.update(ImageRunner.Progress(total: total))
        // Said the moment it is typed: the page being read is finished first, which may take
        // a while, and a user who sees nothing takes the first Ctrl-C for ignored.
        _ = Interrupt.ctrlC.whenRaised {
            progress?.clear()
            Terminal.printNotice("stopping after the page being read (Ctrl-C again stops at once)")
        }
        var formatter = ResultFormatter(format: format, headers: headers, shard: self.shard)
        defer {
            progress?.finish()
            publisher?.finish()
        }
        // Known before the document is opened: what the run says when it writes nothing
        // depends on whether a file was there to leave alone.
        let destinationExisted = documentDestination.map { FileKind(at: $0) != .missing } ?? false
        let pages = try Terminal.orExit { () throws -> PageDocument? in
            guard let document = format.document, let documentDestination else { return nil }
            return try PageDocument(format: document, destination: documentDestination,
                                    keepsOriginalPages: keepsOriginalPages, textOnly: textOnly, optimized: optimized)
        }
        // Files are refused (a folder missing, a file protected) before any page is read.
        let files = try Terminal.orExit {
            try OutputFiles(results: format.document == nil ? destination : nil, sidecar: sidecar)
        }
        var sidecarText = SidecarText(keepsUnreadPages: format.document == .pdf && !textOnly)
        let summary: ImageRunner.Summary
        do {
            summary = try Terminal.orExit {
                try runner.run(inputs, total: total, shard: shard, publisher: publisher, pages: pages,
                               isCancelled: { Interrupt.happened || Terminal.outputClosed || documentOutputClosed },
                               searching: { image, search in progress?.show("auto: \(image) · \(search.text)") }) { result, state in
                    progress?.clear()
                    let text = formatter.format(result)
                    if let earlier = text.earlier { Terminal.printNote(earlier) }
                    // A document on standard output fails once its reader goes: that is the
                    // closed pipe, not an error of the image.
                    if let error = text.error, !documentOutputClosed { Terminal.printError(error) }
                    if let note = text.note { Terminal.printNote(note) }
                    if let output = text.output {
                        if let file = files.results { file.write(Array((output + "\n").utf8)) } else { Terminal.print(output) }
                    }
                    if files.sidecar != nil { sidecarText.add(result) }
                    progress?.update(state)
                }
            }
            if let last = formatter.finish() {
                progress?.clear()
                Terminal.printNote(last)
            }
        } catch {
            pages?.abandon()
            files.abandon()
            throw error
        }
        if summary.cancelled {
            progress?.finish()
            Interrupt.sayStopped(after: summary.succeeded + summary.failed, of: total, .pages)
        }
        var ending = RunEnding(cancelled: summary.cancelled, failed: summary.failed, signal: Interrupt.signal,
                               outputClosed: Terminal.outputClosed)
        switch ending.document(readerGone: { documentOutputClosed }) {
        case .abandon:
            pages?.abandon()
            files.abandon()
        case .finish:
            // The other files are written only with the document: a document not written (its
            // reader gone) or with nothing to write leaves them as they were.
            var documentFailed = false
            let written = try Terminal.orExit { () throws -> PageDocument.Ending? in
                do {
                    return try pages?.finish()
                } catch {
                    documentFailed = true
                    if ending.reportsFinishFailure(readerGone: documentOutputClosed) { throw error }
                    return nil
                }
            }
            if documentFailed {
                files.abandon()
            } else if written == .nothingToWrite, let documentDestination {
                files.abandon()
                Terminal.printNotice("no page was read: \(PathEncoding.displayed(documentDestination)) "
                                     + (destinationExisted ? "is left as it was" : "was not written"))
            } else {
                try Terminal.orExit { try files.commit(sidecar: sidecarText.finish()) }
            }
        }
        try ending.exit()
    }
}
