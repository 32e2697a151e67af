import Foundation

/// What every chart's SVG shares: the document's opening with a white background and a title, text
/// escaping, and coordinates written with one decimal.
enum SVGText {
    /// The `<svg>` opening, the background and the centred bold title.
    static func header(width: Double, height: Double, title: String) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
        viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="11">
        <rect width="100%" height="100%" fill="white"/>
        <text x="\(Int(width / 2))" y="18" text-anchor="middle" font-size="14" font-weight="bold">\(escape(title))</text>

        """
    }

    /// `text` safe inside an element or an attribute.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// A coordinate with one decimal.
    static func n(_ value: Double) -> String { String(format: "%.1f", value) }
}
