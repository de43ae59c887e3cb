// swift-tools-version:6.0
import PackageDescription

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
        // MuPDF, which renders PDF pages (Debian's libmupdf-dev, linked statically as Debian
        // ships it); a small C layer turns its setjmp-based errors into return codes.
        .target(
            name: "CMuPDF",
            linkerSettings: ["mupdf", "mupdf-third", "mujs", "gumbo", "openjp2", "jbig2dec", "jpeg", "z", "m",
                             "freetype", "harfbuzz"].map { .linkedLibrary($0) }
        ),
        // qpdf's C++ library, which lays text layers over a PDF's own pages; a C entry point
        // keeps C++ out of the Swift targets.
        .target(name: "CPDFGraft", linkerSettings: [.linkedLibrary("qpdf")]),
        // Tesseract's C API and Leptonica, from Debian's -dev packages.
        .systemLibrary(
            name: "CTesseract",
            pkgConfig: "tesseract",
            providers: [.apt(["libtesseract-dev", "libleptonica-dev"])]
        ),
        // libtiff, which finds each page of a multi-page TIFF once, so that reading page k does
        // not walk the k pages before it (Leptonica's own page reads do).
        .systemLibrary(name: "CTIFF", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev"])]),
        // libedit, for line editing and history in the REPL.
        .systemLibrary(name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        // Line editing for the REPL. libedit's state is C globals, which Swift 6's checks
        // cannot see are used from one thread, so this small target keeps Swift 5 mode.
        .target(name: "LineEditing", dependencies: ["CEditLine"], swiftSettings: [.swiftLanguageMode(.v5)]),
        // The sanitizer runtimes' entry points (libFuzzer's driver, Thread Sanitizer's
        // annotations), declared for the fuzz and TSan builds.
        .target(name: "CSanitizers"),
        // Thread plumbing below every module that needs it: the lock wrapper Thread Sanitizer
        // sees into, work queues, the reorder buffer, a memory gate, stoppable waits.
        .target(name: "Threading", dependencies: ["CSanitizers"]),
        // Vector square root and clamping for the filters' inner loops (one C header).
        .target(name: "CVectorMath"),
        // Pixel buffers and filters: pure Swift, no I/O.
        .target(name: "Imaging", dependencies: ["CVectorMath", "Threading"]),
        // Image files <-> pixel buffers, through Leptonica.
        .target(name: "ImageCodec", dependencies: ["Imaging", "CTesseract", "CTIFF", "FileSystem", "Threading"]),
        // Files as filterocr reads and writes them: kinds, bounded reads, atomic replacement,
        // names that are not UTF-8.
        .target(name: "FileSystem", dependencies: ["Threading"]),
        // Documents page by page: PDF pages rendered by MuPDF, multi-page TIFF pages read by
        // Leptonica, and searchable PDFs assembled from a PDF's own pages by qpdf.
        .target(name: "Documents", dependencies: ["Imaging", "ImageCodec", "CMuPDF", "CPDFGraft", "CTesseract", "FileSystem"]),
        // The result store: recognitions and document pages kept in SQLite (through GRDB) under
        // the digest of what determines them, shared by every command and process on a host.
        .target(name: "ResultStore", dependencies: ["FileSystem", .product(name: "GRDB", package: "GRDB.swift")]),
        // Word counting for the top words and the companion feed; pure Swift.
        .target(name: "WordFrequency"),
        // Comparing recognised text with the truth and with other recognitions; pure Swift.
        .target(name: "TextComparison", dependencies: ["WordFrequency"]),
        // The companion feed: its schema, atomic writer, reader and watch-face layout.
        .target(name: "CompanionFeed", dependencies: ["WordFrequency", "FileSystem"]),
        // The document formats filterocr writes (Tesseract's): one table for options, save and help.
        .target(name: "Formats"),
        // The REPL session as pure logic: state machine, command parsing, render cache.
        .target(name: "Session", dependencies: ["Imaging", "Formats"]),
        // One Tesseract engine, recognising pixel buffers from memory.
        .target(name: "Recognition", dependencies: ["Imaging", "ImageCodec", "CTesseract", "Formats", "FileSystem", "Threading"]),
        // The application core every front end shares: pipeline, renderer, recogniser
        // protocol, reports, the runner for ocr and batch, the REPL driver, the feed publisher.
        .target(
            name: "FilterOCRKit",
            dependencies: ["Imaging", "ImageCodec", "Documents", "Recognition", "WordFrequency", "CompanionFeed", "Session",
                           "FileSystem", "TextComparison", "CSanitizers", "Formats", "ResultStore", "Threading",
                           .product(name: "Crypto", package: "swift-crypto")]
        ),
        // What the command-line front end prints: reports, tables, previews and the result
        // formats as text; the core returns values and this renders them for a terminal.
        .target(
            name: "TerminalText",
            dependencies: ["FilterOCRKit", "Imaging", "Recognition", "WordFrequency", "Session", "TextComparison", "Formats",
                           "FileSystem"]
        ),
        // The corpus report as one self-contained HTML file: a pure function from the report to a
        // String, apart from the terminal's text (TerminalText) and from the served pages (Workbench).
        .target(name: "CorpusReportPage", dependencies: ["FilterOCRKit", "TextComparison",
                                                         .product(name: "Crypto", package: "swift-crypto")]),
        // The web front end: the workbench and watch pages, their JSON API and the feed's
        // event stream, on Hummingbird. The pages are compiled into the binary.
        .target(
            name: "Workbench",
            dependencies: ["FilterOCRKit", "Imaging", "ImageCodec", "Documents", "CompanionFeed", "Session", "FileSystem",
                           "Threading",
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
                "FilterOCRKit", "Imaging", "ImageCodec", "Recognition", "WordFrequency", "CompanionFeed", "Session",
                "FileSystem", "LineEditing", "ResultStore", "Workbench", "Formats", "TerminalText", "CorpusReportPage",
                "Threading",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
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
        .testTarget(name: "FilterOCRKitTests",
                    dependencies: ["FilterOCRKit", "Imaging", "ImageCodec", "Recognition", "Session", "WordFrequency",
                                   "CompanionFeed", "TestSupport", "TerminalText", "TextComparison", "Threading"]),
        .testTarget(name: "TerminalTextTests", dependencies: ["TerminalText", "FilterOCRKit", "Recognition", "Imaging"]),
        .testTarget(name: "WorkbenchTests", dependencies: ["Workbench", "FilterOCRKit", "CompanionFeed", "Imaging"]),
        .testTarget(name: "CorpusReportPageTests", dependencies: ["CorpusReportPage", "FilterOCRKit", "TextComparison"]),
        .testTarget(name: "CommandLineTests", dependencies: ["TestSupport"]),
        .testTarget(name: "ResultStoreTests", dependencies: ["ResultStore", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
    ]
)
