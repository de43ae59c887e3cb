import Foundation
import Formats

/// Takes the coordinates Tesseract wrote for a page it read resampled back to the page's own
/// pixels, in the text formats that carry them: hOCR's `title` properties, ALTO's position
/// attributes and TSV's box columns. The text itself is never touched.
public struct PageCoordinates: Sendable {
    public let format: DocumentFormat
    /// The page's pixels per pixel read.
    public let scale: Double

    public init(format: DocumentFormat, scale: Double) {
        (self.format, self.scale) = (format, scale)
    }

    public func rescale(_ bytes: [UInt8]) -> [UInt8] {
        guard scale != 1, let text = String(bytes: bytes, encoding: .utf8) else { return bytes }
        let rescaled: String = switch format {
        case .hocr: replacing(Self.hocrTitle, in: text) { title in rescaleTitle(title) }
        case .alto: replacing(Self.altoPosition, in: text) { attribute in rescaleAttribute(attribute) }
        case .tsv: text.split(separator: "\n", omittingEmptySubsequences: false).map { rescaleRow(String($0)) }
            .joined(separator: "\n")
        case .txt, .pdf: text
        }
        return Array(rescaled.utf8)
    }

    /// An hOCR `title` attribute, single or double quoted (a quote inside is escaped).
    private static let hocrTitle = try! NSRegularExpression(pattern: #"title=(?:'[^']*'|"[^"]*")"#)
    /// A property of an hOCR title whose numbers are lengths on the page: all of them, but for
    /// `baseline`, whose first number is a slope.
    private static let hocrProperty = try! NSRegularExpression(
        pattern: #"\b(bbox|baseline|x_size|x_descenders|x_ascenders|x_bboxes|scan_res)((?: -?[0-9]+(?:\.[0-9]+)?)+)"#)
    /// An ALTO position or size attribute.
    private static let altoPosition = try! NSRegularExpression(pattern: #"\b(HPOS|VPOS|WIDTH|HEIGHT)="(-?[0-9]+(?:\.[0-9]+)?)""#)

    private func rescaleTitle(_ title: String) -> String {
        // The page's image name comes first, quoted; it is a name, not a length.
        var head = "", rest = Substring(title)
        if let range = title.range(of: #"image "[^"]*""#, options: .regularExpression) {
            head = String(title[..<range.upperBound])
            rest = title[range.upperBound...]
        }
        return head + replacing(Self.hocrProperty, in: String(rest)) { property in
            let parts = property.split(separator: " ")
            let name = parts[0]
            let numbers = parts.dropFirst().enumerated().map { index, number in
                name == "baseline" && index == 0 ? String(number) : rescaled(String(number))
            }
            return ([String(name)] + numbers).joined(separator: " ")
        }
    }

    private func rescaleAttribute(_ attribute: String) -> String {
        guard let equals = attribute.firstIndex(of: "=") else { return attribute }
        let number = attribute[attribute.index(equals, offsetBy: 2)...].dropLast()
        return attribute[...equals] + "\"" + rescaled(String(number)) + "\""
    }

    /// A TSV row: columns 7 to 10 are the box (left, top, width, height); the header and the
    /// words are left as they are.
    private func rescaleRow(_ row: String) -> String {
        var columns = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard columns.count >= 10, Int(columns[0]) != nil else { return row }
        for index in 6..<10 { columns[index] = rescaled(columns[index]) }
        return columns.joined(separator: "\t")
    }

    /// `number` times the scale, whole numbers rounded, others to two places.
    private func rescaled(_ number: String) -> String {
        guard let value = Double(number) else { return number }
        if !number.contains(".") { return String(Int((value * scale).rounded())) }
        let result = (value * scale * 100).rounded() / 100
        return result == result.rounded() ? String(Int(result)) : String(result)
    }

    private func replacing(_ pattern: NSRegularExpression, in text: String, _ transform: (String) -> String) -> String {
        let whole = NSRange(text.startIndex..., in: text)
        var output = "", last = text.startIndex
        for match in pattern.matches(in: text, range: whole) {
            guard let range = Range(match.range, in: text) else { continue }
            output += text[last..<range.lowerBound]
            output += transform(String(text[range]))
            last = range.upperBound
        }
        return output + text[last...]
    }
}
