// Structure-aware mutations of PDF files, for the document reader's fuzzer.
//
// Byte-level mutations seldom turn a PDF into one that claims too much: a count of a billion
// pages, an image whose codec's own header says 100000x100000, resources nested thousands
// deep, a page tree whose kids repeat. These mutations do, on the PDF's text: they set the
// numbers that size things to extremes, point references elsewhere, nest or duplicate a
// dictionary, insert the keys of the known bombs, and replace an object with one of the
// shapes scripts/hostile_documents.py writes (a JBIG2, CCITT, JPEG 2000, JPEG or Flate image
// that lies about its size, a form that draws itself, a page tree node whose kids repeat).
// MuPDF repairs the cross-reference table the edits leave stale, as it does for damaged files.

/// A small, fast generator seeded by libFuzzer, so that a mutation can be reproduced.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// 0 ..< bound (bound > 0).
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    /// True with probability `numerator` / `denominator`.
    mutating func chance(_ numerator: Int, in denominator: Int) -> Bool { below(denominator) < numerator }
}

struct PDFMutator {
    var random: SplitMix

    init(seed: UInt32) { random = SplitMix(seed: UInt64(seed)) }

    /// Whether `bytes` look like a PDF (or a piece of one) that these mutations can work on.
    static func applies(to bytes: [UInt8]) -> Bool {
        !Array(bytes.prefix(1024)).occurrences(of: Array("%PDF".utf8)).isEmpty
            || !bytes.occurrences(of: Array(" obj".utf8)).isEmpty
    }

    /// One structural mutation of `bytes`, at most `maxSize` long; nil when the one drawn found
    /// nothing to work on.
    mutating func mutate(_ bytes: [UInt8], maxSize: Int) -> [UInt8]? {
        let result: [UInt8]?
        switch random.below(100) {
        case 0..<30: result = extremeNumber(bytes)
        case 30..<45: result = reference(bytes)
        case 45..<60: result = nest(bytes, maxSize: maxSize)
        case 60..<67: result = duplicate(bytes)
        case 67..<82: result = insertKeys(bytes)
        case 82..<90: result = content(bytes, maxSize: maxSize)
        default: result = replaceObject(bytes)
        }
        guard let result, result.count <= maxSize, result != bytes else { return nil }
        return result
    }

    // MARK: - Numbers

    /// The keys whose numbers size something: pages, images, streams, object streams, tables.
    static let sizingKeys = ["/Count", "/Width", "/Height", "/Length", "/Columns", "/Rows", "/N", "/First",
                             "/Size", "/BitsPerComponent", "/K", "/Colors", "/Predictor", "/Prev", "/W", "/Index",
                             "/Rotate", "/UserUnit", "/MediaBox", "/BBox", "/Matrix", "/Decode"]
        .map { Array($0.utf8) }

    static let extremes = ["0", "-1", "-5", "1", "2", "3", "7", "8", "16", "255", "256", "32767", "65535", "65536",
                           "100000", "1000000", "1000000000", "2147483647", "2147483648", "-2147483648",
                           "4294967295", "4294967296", "9223372036854775807", "99999999999999999999999",
                           "1e300", "-0", "0.0001", "3.5", "NaN", "1 0 R"]
        .map { Array($0.utf8) }

    /// A number after a sizing key (or anywhere, now and then) set to an extreme.
    mutating func extremeNumber(_ bytes: [UInt8]) -> [UInt8]? {
        var spans = [Range<Int>]()
        if random.chance(3, in: 4) {
            let key = random.pick(Self.sizingKeys)
            for start in bytes.occurrences(of: key) {
                var index = start + key.count
                // The next number after the key, within an array too ("/W[1 4 2]", "/MediaBox[0 0 612 792]").
                while index < bytes.count, index < start + key.count + 8, !bytes[index].isNumberByte {
                    index += 1
                }
                if let span = bytes.number(at: index) { spans.append(span) }
            }
        }
        if spans.isEmpty {
            // Any number at all.
            for _ in 0..<32 {
                guard !bytes.isEmpty else { break }
                var index = random.below(bytes.count)
                while index < bytes.count, !bytes[index].isDigit { index += 1 }
                while index > 0, bytes[index - 1].isNumberByte { index -= 1 }
                if let span = bytes.number(at: index) { spans.append(span); break }
            }
        }
        guard !spans.isEmpty else { return nil }
        var result = bytes
        // Mostly one number; sometimes every one found (all the /Count of a page tree).
        let chosen = random.chance(1, in: 4) ? spans : [random.pick(spans)]
        let value = random.pick(Self.extremes)
        for span in chosen.reversed() { result.replaceSubrange(span, with: value) }
        return result
    }

    // MARK: - References

    /// An object number in a reference ("12 0 R") or a definition ("12 0 obj") set to another
    /// object's, to itself, to none or to an extreme; cycles and dangling references come of it.
    mutating func reference(_ bytes: [UInt8]) -> [UInt8]? {
        let references = bytes.objectNumbers(before: Array(" R".utf8))
        let definitions = bytes.objectNumbers(before: Array(" obj".utf8))
        let candidates = random.chance(4, in: 5) ? references : definitions
        guard let span = candidates.isEmpty ? nil : random.pick(candidates) else { return nil }
        var result = bytes
        let numbers = definitions.map { Array(bytes[$0]) }
        let replacement: [UInt8] = switch random.below(4) {
        case 0 where !numbers.isEmpty: random.pick(numbers)
        case 1: Array(String(random.below(16)).utf8)
        case 2: random.pick(["0", "-1", "8388607", "8388608", "2147483647", "99999999999"].map { Array($0.utf8) })
        default: numbers.isEmpty ? Array("1".utf8) : random.pick(numbers)
        }
        result.replaceSubrange(span, with: replacement)
        return result
    }

    // MARK: - Dictionaries

    /// Wrappers that nest a dictionary the way the attacks do: resources in forms, page trees,
    /// outlines, arrays.
    static let wrappers: [(String, String)] = [
        ("<</XObject<</X<</Subtype/Form/Resources", ">>>>>>"),
        ("<</Type/Pages/Count 1/Kids[", "]>>"),
        ("<</Title(a)/First", ">>"),
        ("<</Pattern<</P<</PatternType 1/Resources", ">>>>>>"),
        ("<</ExtGState<</G<</SMask<</G", ">>>>>>>>"),
        ("[", "]"),
        ("<</A", ">>"),
    ]

    /// A dictionary wrapped in itself from once to thousands of times (as much as fits).
    mutating func nest(_ bytes: [UInt8], maxSize: Int) -> [UInt8]? {
        guard let span = randomDictionary(bytes) else { return nil }
        let (open, close) = random.pick(Self.wrappers)
        let (opening, closing) = (Array(open.utf8), Array(close.utf8))
        let room = (maxSize - bytes.count) / (opening.count + closing.count)
        guard room > 0 else { return nil }
        let depth = min(room, random.pick([1, 2, 5, 10, 100, 1000, 10000, 100_000]))
        var result = Array(bytes[..<span.lowerBound])
        result.reserveCapacity(bytes.count + depth * (opening.count + closing.count))
        for _ in 0..<depth { result += opening }
        result += bytes[span]
        for _ in 0..<depth { result += closing }
        result += bytes[span.upperBound...]
        return result
    }

    /// A dictionary written twice: as a value of itself, or repeated in an array.
    mutating func duplicate(_ bytes: [UInt8]) -> [UInt8]? {
        guard let span = randomDictionary(bytes) else { return nil }
        let dictionary = Array(bytes[span])
        var result = bytes
        if random.chance(1, in: 2) {
            // <<a b /Self <<a b>> >>
            result.replaceSubrange(span.upperBound - 2..<span.upperBound, with: Array("/Self ".utf8) + dictionary + [62, 62])
        } else {
            result.replaceSubrange(span, with: [91] + dictionary + [32] + dictionary + [93])
        }
        return result
    }

    /// A balanced `<< ... >>` chosen at random.
    mutating func randomDictionary(_ bytes: [UInt8]) -> Range<Int>? {
        let starts = bytes.occurrences(of: [60, 60])
        guard !starts.isEmpty else { return nil }
        for _ in 0..<4 {
            let start = random.pick(starts)
            if let end = bytes.dictionaryEnd(from: start) { return start..<end }
        }
        return nil
    }

    // MARK: - The attacks' keys

    /// What the known attacks put in a dictionary.
    static let shapes = [
        "/Count 1000000000", "/Count -5", "/Count 0",
        "/Width 65536/Height 65536", "/Width 100000/Height 100000", "/Width 50000/Height 50000",
        "/Filter/JBIG2Decode", "/Filter/CCITTFaxDecode/DecodeParms<</K -1/Columns 65536/Rows 65536>>",
        "/Filter/CCITTFaxDecode/DecodeParms<</K 0/Columns 100000/EncodedByteAlign true>>",
        "/Filter/JPXDecode", "/Filter/DCTDecode", "/Filter/FlateDecode", "/Filter/LZWDecode",
        "/Filter/RunLengthDecode", "/Filter/ASCIIHexDecode", "/Filter/ASCII85Decode",
        "/Filter[/FlateDecode/FlateDecode/FlateDecode]",
        "/DecodeParms<</Predictor 15/Columns 100000/Colors 4/BitsPerComponent 16>>",
        "/Subtype/Image/ImageMask true/BitsPerComponent 1", "/Subtype/Form/BBox[0 0 1000000 1000000]",
        "/Type/ObjStm/N 1000000/First 0", "/Type/XRef/W[1 4 2]/Size 1000000",
        "/Kids[3 0 R 3 0 R 3 0 R 3 0 R 3 0 R 3 0 R 3 0 R 3 0 R 3 0 R 3 0 R]",
        "/Resources<</XObject<</X 1 0 R/Y 2 0 R/Z 3 0 R>>>>", "/Group<</S/Transparency>>",
        "/SMask 1 0 R", "/Mask 1 0 R", "/Parent 1 0 R", "/Outlines 1 0 R", "/First 1 0 R/Last 1 0 R",
        "/MediaBox[0 0 14400 14400]", "/MediaBox[0 0 0 0]", "/UserUnit 75000", "/Rotate 91",
        "/ColorSpace/DeviceCMYK", "/ColorSpace[/Indexed/DeviceRGB 255 1 0 R]", "/ColorSpace[/ICCBased 1 0 R]",
        "/JBIG2Globals 1 0 R", "/Type/Page", "/Type/Pages", "/Length 0", "/Length 4294967295",
    ].map { Array($0.utf8) }

    /// One of the attacks' keys inserted at the start of a dictionary.
    mutating func insertKeys(_ bytes: [UInt8]) -> [UInt8]? {
        let starts = bytes.occurrences(of: [60, 60])
        guard !starts.isEmpty else { return nil }
        var result = bytes
        result.insert(contentsOf: random.pick(Self.shapes), at: random.pick(starts) + 2)
        return result
    }

    // MARK: - Content streams

    static let operators = ["Q\n", "q\n", "/X Do\n", "/Im Do\n", "BT /F1 12 Tf (x) Tj ET\n", "1 0 0 1 0 0 cm\n",
                            "100000 0 0 100000 0 0 cm\n", "0 0 1 1 re W n\n", "/GS gs\n", "BI /W 65536 /H 65536 /BPC 1 /IM true ID \u{ff} EI\n",
                            "/P sh\n", "[] 0 d\n", "BX\n", "EX\n", "BMC\n", "EMC\n"].map { Array($0.utf8) }

    /// An operator repeated (thousands of unbalanced Q, nested q, self-drawing forms) at the start
    /// of a stream.
    mutating func content(_ bytes: [UInt8], maxSize: Int) -> [UInt8]? {
        let starts = bytes.occurrences(of: Array("stream".utf8)).filter { start in
            start + 6 < bytes.count && (bytes[start + 6] == 10 || bytes[start + 6] == 13)
                && (start < 3 || bytes[start - 3..<start] != [101, 110, 100][...])  // not "endstream"
        }
        guard !starts.isEmpty else { return nil }
        var at = random.pick(starts) + 6
        if at < bytes.count, bytes[at] == 13 { at += 1 }
        if at < bytes.count, bytes[at] == 10 { at += 1 }
        let piece = random.pick(Self.operators)
        let count = min(max(0, (maxSize - bytes.count) / piece.count), random.pick([1, 10, 1000, 30000]))
        guard count > 0 else { return nil }
        var result = bytes
        result.insert(contentsOf: Array([[UInt8]](repeating: piece, count: count).joined()), at: at)
        return result
    }

    // MARK: - Whole objects

    /// An object's body replaced by one of the attacks' shapes, its number kept, so that whatever
    /// refers to it now meets the shape.
    mutating func replaceObject(_ bytes: [UInt8]) -> [UInt8]? {
        let definitions = bytes.objectNumbers(before: Array(" obj".utf8))
        guard !definitions.isEmpty else { return nil }
        let numberSpan = random.pick(definitions)
        // Its number, within reach of the next ones ("99999999999999999999 0 obj" is a mutation too).
        let number = min(Int(String(decoding: bytes[numberSpan], as: UTF8.self)) ?? 1, 1 << 30)
        guard let bodyStart = bytes.firstRange(of: Array("obj".utf8), in: numberSpan.upperBound..<bytes.count)?.upperBound,
              let end = bytes.firstRange(of: Array("endobj".utf8), in: bodyStart..<bytes.count)?.lowerBound
        else { return nil }
        var result = bytes
        result.replaceSubrange(bodyStart..<end, with: [10] + shape(number: number) + [10])
        return result
    }

    /// The body of an object numbered `number` shaped as one of the attacks.
    mutating func shape(number: Int) -> [UInt8] {
        let side = random.pick([100, 65536, 100_000, 1_000_000, 0x7FFF_FFFF])
        let claimed = random.pick([1, 100, side])
        func image(_ filter: String, _ data: [UInt8], bits: Int = 1) -> [UInt8] {
            streamObject("/Type/XObject/Subtype/Image/Width \(claimed)/Height \(claimed)/BitsPerComponent \(bits)"
                         + "/ColorSpace/DeviceGray/Filter/\(filter)", data)
        }
        switch random.below(8) {
        case 0: return image("JBIG2Decode", Shapes.jbig2(width: side, height: side, region: random.pick([1, side])))
        case 1:
            return streamObject("/Type/XObject/Subtype/Image/Width \(side)/Height \(side)/BitsPerComponent 1"
                                + "/ColorSpace/DeviceGray/Filter/CCITTFaxDecode/DecodeParms<</K -1/Columns \(side)/Rows \(side)>>",
                                [UInt8](repeating: 0xFF, count: random.pick([1, 64, 8192])) + [0x00, 0x10, 0x01])
        case 2: return image("JPXDecode", Shapes.j2k(side: min(side, 0xFFFF_FFFF)), bits: 8)
        case 3: return image("DCTDecode", Shapes.jpeg(side: min(side, 0xFFFF)), bits: 8)
        case 4: return image("FlateDecode", Shapes.storedDeflate([UInt8](repeating: 0xFF, count: 64)), bits: 8)
        case 5:
            // A form that draws itself, or the next object.
            let next = random.chance(1, in: 2) ? number : number + 1
            return streamObject("/Type/XObject/Subtype/Form/BBox[0 0 612 792]/Resources<</XObject<</X \(next) 0 R>>>>",
                                Array("/X Do\n".utf8))
        case 6:
            // A page tree node whose kids repeat.
            let kid = random.chance(1, in: 2) ? number : number + 1
            let kids = Array(repeating: "\(kid) 0 R", count: 10).joined(separator: " ")
            return Array("<</Type/Pages/Kids[\(kids)]/Count \(random.pick([10, 1_000_000, 1_000_000_000]))>>".utf8)
        default:
            // Resources whose XObject is the next object, itself resources: a chain.
            return Array("<</Subtype/Form/Resources<</XObject<</X \(number + 1) 0 R>>>>>>".utf8)
        }
    }

    func streamObject(_ entries: String, _ data: [UInt8]) -> [UInt8] {
        Array("<<\(entries)/Length \(data.count)>>stream\n".utf8) + data + Array("\nendstream".utf8)
    }
}

/// The codec streams of the image bombs, as scripts/hostile_documents.py writes them.
enum Shapes {
    static func bigEndian(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * (count - 1 - $0))) }
    }

    /// An embedded JBIG2 stream: page information of `width` x `height`, one generic region of
    /// `region` x `region` (typical prediction on), end of page.
    static func jbig2(width: Int, height: Int, region: Int = 1) -> [UInt8] {
        func segment(_ number: Int, _ kind: UInt8, _ data: [UInt8]) -> [UInt8] {
            bigEndian(number, 4) + [kind, 0, 1] + bigEndian(data.count, 4) + data
        }
        let pageInformation = bigEndian(width, 4) + bigEndian(height, 4) + [UInt8](repeating: 0, count: 8) + [0, 0, 0]
        let generic = bigEndian(region, 4) + bigEndian(region, 4) + [UInt8](repeating: 0, count: 8) + [0, 8]
            + [3, 0xFF, 0xFD, 0xFF, 2, 0xFE, 0xFE, 0xFE] + [0, 0, 0xFF, 0xAC]
        return segment(0, 48, pageInformation) + segment(1, 38, generic) + segment(2, 49, [])
    }

    /// A JPEG 2000 codestream of `side` x `side`, one grey component, every packet empty.
    static func j2k(side: Int) -> [UInt8] {
        func segment(_ marker: Int, _ data: [UInt8]) -> [UInt8] { bigEndian(marker, 2) + bigEndian(data.count + 2, 2) + data }
        let size = segment(0xFF51, bigEndian(0, 2) + bigEndian(side, 4) + bigEndian(side, 4) + bigEndian(0, 8)
                           + bigEndian(side, 4) + bigEndian(side, 4) + bigEndian(0, 8) + bigEndian(1, 2) + [7, 1, 1])
        let coding = segment(0xFF52, [0, 0, 0, 1, 0, 0, 4, 4, 0, 1])
        let quantization = segment(0xFF5C, [0x40, 0x48])
        let precincts = min(((side + 32767) / 32768) * ((side + 32767) / 32768), 4096)
        let packets = [UInt8](repeating: 0, count: precincts)
        let tile = bigEndian(0xFF90, 2) + bigEndian(10, 2) + bigEndian(0, 2) + bigEndian(14 + packets.count, 4) + [0, 1]
            + [0xFF, 0x93] + packets
        return [0xFF, 0x4F] + size + coding + quantization + tile + [0xFF, 0xD9]
    }

    /// A baseline greyscale JPEG of `side` x `side` whose every block takes two bits.
    static func jpeg(side: Int) -> [UInt8] {
        func segment(_ marker: UInt8, _ data: [UInt8]) -> [UInt8] { [0xFF, marker] + bigEndian(data.count + 2, 2) + data }
        let oneCode: [UInt8] = [1] + [UInt8](repeating: 0, count: 15) + [0]
        return [0xFF, 0xD8] + segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
            + segment(0xC0, [8] + bigEndian(side, 2) + bigEndian(side, 2) + [1, 1, 0x11, 0])
            + segment(0xC4, [0x00] + oneCode + [0x10] + oneCode)
            + segment(0xDA, [1, 1, 0, 0, 0x3F, 0]) + [UInt8](repeating: 0, count: 16) + [0xFF, 0xD9]
    }

    /// `data` as a zlib stream of stored (uncompressed) blocks: valid Flate without a compressor.
    static func storedDeflate(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        out += [1] + [UInt8(data.count & 0xFF), UInt8(data.count >> 8), UInt8(~data.count & 0xFF), UInt8((~data.count >> 8) & 0xFF)]
        out += data
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return out + bigEndian(Int(b << 16 | a), 4)
    }
}

extension UInt8 {
    var isDigit: Bool { self >= 48 && self <= 57 }
    var isNumberByte: Bool { isDigit || self == 45 || self == 43 || self == 46 }
}

extension Array where Element == UInt8 {
    /// Where `pattern` starts, every time.
    func occurrences(of pattern: [UInt8]) -> [Int] {
        guard let first = pattern.first, pattern.count <= count else { return [] }
        var found = [Int]()
        var index = 0
        let last = count - pattern.count
        while index <= last {
            if self[index] == first, self[index..<index + pattern.count].elementsEqual(pattern) { found.append(index) }
            index += 1
        }
        return found
    }

    func firstRange(of pattern: [UInt8], in range: Range<Int>) -> Range<Int>? {
        self[range].firstRange(of: pattern)
    }

    /// The number (digits, sign, point) starting at `index`.
    func number(at index: Int) -> Range<Int>? {
        guard index < count, self[index].isNumberByte else { return nil }
        var end = index + 1
        while end < count, self[end].isDigit || self[end] == 46 { end += 1 }
        return index..<end
    }

    /// The object numbers of "N G <suffix>": the span of N each time.
    func objectNumbers(before suffix: [UInt8]) -> [Range<Int>] {
        occurrences(of: suffix).compactMap { at in
            // Back over the generation and the space before it.
            var index = at - 1
            guard index >= 0, self[index].isDigit else { return nil }
            while index >= 0, self[index].isDigit { index -= 1 }
            guard index >= 0, self[index] == 32 else { return nil }
            let end = index
            index -= 1
            while index >= 0, self[index].isDigit { index -= 1 }
            return index + 1 < end ? index + 1..<end : nil
        }
    }

    /// The end (after its `>>`) of the dictionary whose `<<` is at `start`; nil when unbalanced
    /// within 64 KB or when a stream's data comes first.
    func dictionaryEnd(from start: Int) -> Int? {
        var depth = 0
        var index = start
        let limit = Swift.min(count, start + 65536)
        while index + 1 < limit {
            switch (self[index], self[index + 1]) {
            case (60, 60): depth += 1; index += 2; continue
            case (62, 62):
                depth -= 1
                index += 2
                if depth == 0 { return index }
                continue
            case (115, 116) where depth > 0 && index + 6 <= limit && self[index..<index + 6].elementsEqual("stream".utf8):
                return nil
            default: index += 1
            }
        }
        return nil
    }
}
