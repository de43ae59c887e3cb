import FileSystem

/// The files a run writes besides its document, each whole at the end or not at all: the
/// results of filterocr's own formats (`-o out.jsonl`) and the sidecar's text (`--sidecar`).
/// Both are opened before any page is read, so that one that cannot be written is refused first.
struct OutputFiles {
    let results: FileReplacement?
    let sidecar: FileReplacement?

    init(results: String?, sidecar: String?) throws {
        self.results = try results.map { try FileReplacement($0) }
        do {
            self.sidecar = try sidecar.map { try FileReplacement($0) }
        } catch {
            self.results?.abandon()
            throw error
        }
    }

    /// Puts the files in place, the sidecar with `text`.
    func commit(sidecar text: @autoclosure () -> String) throws {
        do {
            if let sidecar {
                sidecar.write(Array(text().utf8))
                try sidecar.commit()
            }
        } catch {
            results?.abandon()
            throw error
        }
        try results?.commit()
    }

    /// Leaves nothing behind: the files that were there stay as they were.
    func abandon() {
        results?.abandon()
        sidecar?.abandon()
    }
}
