// swift-tools-version:6.0
import PackageDescription

/// The Swift runtime and Foundation linked into `filterocr` itself: its start then resolves no
/// symbols of Swift's own libraries (about 22,000 of Foundation's alone), and takes 0.6x the
/// time. Foundation's static archives need their C parts named, which its module names only
/// for the shared library. The tests link these libraries as shared ones: Swift Testing comes
/// only as one.
let staticSwiftLibraries = ["-static-stdlib"] + [
    "Foundation", "CoreFoundation", "FoundationInternationalization", "FoundationEssentials", "_FoundationICU",
    "_FoundationCShims", "_FoundationCollections", "swiftSynchronization", "swiftDispatch", "dispatch", "BlocksRuntime",
    "swift_StringProcessing", "swift_RegexParser", "swiftRegexBuilder", "stdc++",
].map { "-l\($0)" }

let package = Package(
    name: "filterocr",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "filterocr", targets: ["filterocr"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        // MuPDF renders PDF pages; a small C layer turns its setjmp errors into return codes.
        .target(
            name: "CMuPDF",
            linkerSettings: ["mupdf", "mupdf-third", "mujs", "gumbo", "openjp2", "jbig2dec", "jpeg", "z", "m",
                             "freetype", "harfbuzz"].map { .linkedLibrary($0) }
        ),
        // qpdf's C++ library lays text layers over a PDF's own pages and optimises PDFs, behind C entry
        // points; libdeflate inflates and deflates again the streams it optimises (zlib counts
        // what they inflate to first); libxml2 edits their XMP packets.
        .target(name: "CPDFGraft", dependencies: ["CLibXML2"],
                linkerSettings: [.linkedLibrary("qpdf"), .linkedLibrary("deflate"), .linkedLibrary("z")]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // Tesseract's C API and Leptonica, from Debian's -dev packages (`make deps`). Linked as
        // the module map says, without pkg-config, whose `-larchive -lcurl` would make this
        // binary load a second libcurl and its TLS libraries at every start.
        .systemLibrary(name: "CTesseract"),
        // The few facts of a page's layout that Tesseract's C API leaves out, from its C++ iterator.
        .target(name: "CTesseractLayout", linkerSettings: [.linkedLibrary("tesseract")]),
        // libtiff finds each page of a multi-page TIFF once (Leptonica walks the pages before it).
        .systemLibrary(name: "CTIFF", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev"])]),
        // libedit, for line editing and history in the REPL.
        .systemLibrary(name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        // Line editing for the REPL; libedit's C globals keep this small target in Swift 5 mode.
        .target(name: "LineEditing", dependencies: ["CEditLine"], swiftSettings: [.swiftLanguageMode(.v5)]),
        // The sanitizer runtimes' entry points (libFuzzer's driver, Thread Sanitizer's annotations).
        .target(name: "CSanitizers"),
        // Threads below every module: the lock wrapper, queues, reorder buffer, memory gate, stops.
        .target(name: "Threading", dependencies: ["CSanitizers"]),
        // Vector square root and clamping for the filters' inner loops (one C header).
        .target(name: "CVectorMath"),
        // Pixel buffers and filters, no I/O; CTesseract for Leptonica's geometry and light operations.
        .target(name: "Imaging", dependencies: ["CVectorMath", "Threading", "CTesseract"]),
        // PNG and JPEG through libpng and libjpeg with handlers that keep their messages for the error.
        .target(name: "CImageFiles", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg")]),
        // Image files <-> pixel buffers: PNG and JPEG through CImageFiles, the rest through Leptonica.
        .target(name: "ImageCodec", dependencies: ["Imaging", "CTesseract", "CTIFF", "CImageFiles", "FileSystem", "Threading"]),
        // Files as filterocr reads and writes them: kinds, bounded and atomic, names not UTF-8.
        .target(name: "FileSystem", dependencies: ["Threading", "CFileCalls"]),
        // Linux file calls that Swift's Glibc module leaves out (renameat2).
        .target(name: "CFileCalls"),
        // Tesseract's OpenMP regions run on the engine's own thread: one core per engine.
        .target(name: "COpenMPLimit"),
        // Documents page by page: PDF pages (MuPDF), TIFF pages (through ImageCodec), searchable PDFs (qpdf).
        .target(name: "Documents", dependencies: ["Imaging", "ImageCodec", "CMuPDF", "CPDFGraft", "FileSystem",
                                                  "Threading"]),
        // The result store: recognitions and document pages in SQLite (GRDB), keyed by their inputs.
        .target(name: "ResultStore", dependencies: ["FileSystem", .product(name: "GRDB", package: "GRDB.swift")]),
        // Word counting for the top words and the companion feed; pure Swift.
        .target(name: "WordFrequency"),
        // Comparing recognised text with the truth and with other recognitions; pure Swift.
        .target(name: "TextComparison", dependencies: ["WordFrequency"]),
        // The companion feed: its schema, atomic writer, reader and watch-face layout.
        .target(name: "CompanionFeed", dependencies: ["WordFrequency", "FileSystem"]),
        // The document formats filterocr writes (Tesseract's): one table for options, save and help.
        .target(name: "Formats"),
        // Decisions learned from the development corpus: model files (bench/modelfile.py) and their inference.
        .target(name: "Decisions", dependencies: ["TextComparison"],
                resources: ["column-chooser.json", "page-gate.json"].map { .embedInCode("Models/\($0)") }),
        // The REPL session as pure logic: state machine, command parsing, render cache.
        .target(name: "Session", dependencies: ["Imaging", "Formats"]),
        // One Tesseract engine, recognising pixel buffers from memory.
        .target(name: "Recognition", dependencies: ["Imaging", "ImageCodec", "CTesseract", "CTesseractLayout", "Formats", "FileSystem", "Threading"]),
        // The values every front end prints: a recognition's report, --auto's choice, sweeps, JSON Lines, the feed.
        .target(name: "Reports", dependencies: ["Imaging", "Recognition", "TextComparison", "WordFrequency", "Session",
                                                "CompanionFeed", "Threading"]),
        // Documents written page by page (Tesseract's formats, searchable PDFs keeping PDFs' pages), PNG files, --format.
        .target(name: "PageDocuments", dependencies: ["Reports", "Documents", "Recognition", "Imaging", "ImageCodec",
                                                      "Formats", "FileSystem", "Threading"]),
        // The application core: the pipeline (the result store a cache before the engine) and the engines.
        .target(
            name: "Core",
            dependencies: ["Reports", "PageDocuments", "Imaging", "ImageCodec", "Documents", "Recognition", "WordFrequency",
                           "Session", "FileSystem", "TextComparison", "ResultStore", "Threading",
                           .product(name: "Crypto", package: "swift-crypto")]
        ),
        // Searches for filters: `--auto`'s choice for one page and `tune`'s recipe for a corpus.
        .target(name: "Search", dependencies: ["Core", "Reports", "Documents", "FileSystem", "Imaging", "Recognition",
                                               "ResultStore", "Session", "TextComparison", "Threading", "WordFrequency", "Decisions"]),
        // Runs over many inputs: ocr and batch, sweep, the corpus report and shard merging.
        .target(name: "Runs", dependencies: ["Core", "Reports", "PageDocuments", "Search", "Imaging", "Recognition", "Documents",
                                             "FileSystem", "ResultStore", "TextComparison", "Threading",
                                             .product(name: "Crypto", package: "swift-crypto")]),
        // Charts as SVG text: the sweep chart, and the scale, numbers and escaping every chart shares.
        .target(name: "Charts", dependencies: ["Reports", "Formats", "Imaging"]),
        // The REPL session: the driver every front end types into, and speculation.
        .target(name: "REPL", dependencies: ["Core", "Reports", "PageDocuments", "Search", "Session", "Imaging", "ImageCodec",
                                             "Recognition", "FileSystem", "Formats", "ResultStore", "TextComparison", "Threading",
                                             "WordFrequency"]),
        // What the command line prints: reports, tables, previews, the formats as text.
        .target(
            name: "TerminalText",
            dependencies: ["Core", "Reports", "PageDocuments", "Search", "Runs", "REPL", "Charts", "Imaging", "Recognition",
                           "WordFrequency", "TextComparison", "FileSystem"]
        ),
        // The corpus report as one self-contained HTML page: a pure function of the report.
        .target(name: "CorpusReportPage", dependencies: ["Core", "Runs", "Charts", "Formats", "TextComparison",
                                                         .product(name: "Crypto", package: "swift-crypto")]),
        // The web front end on Hummingbird: the workbench and watch pages, their API, the feed's events.
        .target(
            name: "Workbench",
            dependencies: ["REPL", "Core", "Reports", "Charts", "Imaging", "ImageCodec", "Documents", "CompanionFeed", "Session",
                           "FileSystem", "Threading", "ResultStore", "WordFrequency",
                           .product(name: "Hummingbird", package: "hummingbird"),
                           .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                           .product(name: "Logging", package: "swift-log"),
                           .product(name: "HTTPTypes", package: "swift-http-types"),
                           .product(name: "NIOCore", package: "swift-nio"),
                           .product(name: "NIOHTTP1", package: "swift-nio"),
                           .product(name: "NIOHTTPTypes", package: "swift-nio-extras")],
            resources: ["workbench.html", "workbench.css", "workbench.js", "watch.html", "watch.css", "watch.js",
                        "openapi.json"].map { .embedInCode("Assets/\($0)") }
        ),
        // The command-line front end: argument parsing, terminal input and printing.
        .executableTarget(
            name: "filterocr",
            dependencies: [
                "Core", "Reports", "PageDocuments", "Search", "Runs", "REPL", "Imaging", "ImageCodec", "Recognition",
                "WordFrequency", "CompanionFeed", "Session", "FileSystem", "LineEditing", "ResultStore", "Workbench", "Formats",
                "TerminalText", "CorpusReportPage", "Threading", "Charts", "Documents", "COpenMPLimit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [.unsafeFlags(staticSwiftLibraries)]
        ),
        // Reads the development corpus's lines under several renderings, and turns the readings and
        // their truth into what bench/train66.py learns from (bench/README.md: "Learned decisions").
        .executableTarget(name: "autoharvest", dependencies: [
            "Core", "Search", "Decisions", "Recognition", "Reports", "Imaging", "TextComparison",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Times the filters for bench/filters.sh.
        .executableTarget(name: "filterbench", dependencies: ["Imaging", "ImageCodec", "Recognition"]),
        // Hammers a feed file for the crash-safety tests.
        .executableTarget(name: "feedstress", dependencies: ["CompanionFeed", "WordFrequency"]),
        // libFuzzer targets (`make fuzz`); built normally, each replays the files it is given.
        .target(name: "FuzzSupport", dependencies: ["CSanitizers"]),
        .executableTarget(name: "FuzzImageDecoder", dependencies: ["ImageCodec", "FuzzSupport"]),
        .executableTarget(name: "FuzzCommands", dependencies: ["Session", "Imaging", "FuzzSupport"]),
        .executableTarget(name: "FuzzFeedReader", dependencies: ["CompanionFeed", "FuzzSupport"]),
        .executableTarget(name: "FuzzDocumentReader", dependencies: ["Documents", "ImageCodec", "FuzzSupport"]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "ImageCodec", "TestSupport"]),
        .testTarget(name: "ImageCodecTests", dependencies: ["ImageCodec", "Imaging", "TestSupport"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "RecognitionTests",
                    dependencies: ["Recognition", "ImageCodec", "Imaging", "TestSupport"]),
        .testTarget(name: "DocumentsTests", dependencies: ["Documents", "Imaging", "ImageCodec", "TestSupport"]),
        .testTarget(name: "WordFrequencyTests", dependencies: ["WordFrequency"]),
        .testTarget(name: "TextComparisonTests", dependencies: ["TextComparison", "TestSupport"]),
        .testTarget(name: "CompanionFeedTests", dependencies: ["CompanionFeed", "WordFrequency", "TestSupport"]),
        .testTarget(name: "SessionTests", dependencies: ["Session", "Imaging", "Formats"]),
        // Fakes and images for the tests of the application's targets.
        .target(name: "CoreTestSupport", dependencies: ["Core", "Imaging", "ImageCodec", "Recognition", "TestSupport"],
                path: "Tests/CoreTestSupport"),
        .testTarget(name: "CoreTests", dependencies: ["Core", "Reports", "PageDocuments", "CoreTestSupport", "Imaging",
                                                      "ImageCodec", "Recognition", "ResultStore", "Session", "TestSupport",
                                                      "Threading"]),
        .testTarget(name: "SearchTests", dependencies: ["Search", "Runs", "Core", "Reports", "CoreTestSupport", "Decisions", "Imaging",
                                                        "ImageCodec", "Session", "Recognition", "TerminalText", "TestSupport",
                                                        "TextComparison", "Threading"]),
        .testTarget(name: "RunsTests", dependencies: ["Runs", "Core", "Reports", "CoreTestSupport", "FileSystem", "ImageCodec",
                                                      "Imaging", "Recognition", "TestSupport", "TextComparison", "Threading"]),
        .testTarget(name: "REPLTests", dependencies: ["REPL", "Core", "Reports", "CoreTestSupport", "Imaging", "Recognition",
                                                      "Session", "TerminalText", "TestSupport", "TextComparison", "Threading"]),
        .testTarget(name: "ThreadingTests", dependencies: ["Threading", "TestSupport"]),
        .testTarget(name: "ChartsTests", dependencies: ["Charts"]),
        .testTarget(name: "FileSystemTests", dependencies: ["FileSystem", "TestSupport"]),
        .testTarget(name: "FormatsTests", dependencies: ["Formats"]),
        .testTarget(name: "DecisionsTests", dependencies: ["Decisions", "TextComparison"], resources: [.copy("Fixtures")]),
        .testTarget(name: "LineEditingTests", dependencies: ["LineEditing"]),
        .testTarget(name: "TerminalTextTests", dependencies: ["TerminalText", "Core", "Reports", "PageDocuments", "Runs", "Recognition",
                                                              "Imaging"]),
        .testTarget(name: "WorkbenchTests", dependencies: ["Workbench", "REPL", "Core", "CoreTestSupport", "CompanionFeed", "FileSystem",
                                                           "Imaging", "TestSupport", "WordFrequency",
                                                           "Threading",
                                                           .product(name: "Hummingbird", package: "hummingbird"),
                                                           .product(name: "HummingbirdCore", package: "hummingbird"),
                                                           .product(name: "HTTPTypes", package: "swift-http-types"),
                                                           .product(name: "Logging", package: "swift-log"),
                                                           .product(name: "NIOCore", package: "swift-nio"),
                                                           .product(name: "NIOEmbedded", package: "swift-nio"),
                                                           .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")]),
        .testTarget(name: "CorpusReportPageTests", dependencies: ["CorpusReportPage", "Runs", "TextComparison"]),
        .testTarget(name: "CommandLineTests", dependencies: ["TestSupport"]),
        .testTarget(name: "ResultStoreTests", dependencies: ["ResultStore", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
    ]
)
