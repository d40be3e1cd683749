/// A 5-row block font for digits and `: . - /`, so `pacerctl watch` can show the key numbers
/// large enough to read on a handlebar screen at arm's length.
public enum BigDigitFont {
    public static let height = 5

    private static let glyphs: [Character: [String]] = [
        "0": ["███", "█ █", "█ █", "█ █", "███"],
        "1": [" █ ", "██ ", " █ ", " █ ", "███"],
        "2": ["███", "  █", "███", "█  ", "███"],
        "3": ["███", "  █", "███", "  █", "███"],
        "4": ["█ █", "█ █", "███", "  █", "  █"],
        "5": ["███", "█  ", "███", "  █", "███"],
        "6": ["███", "█  ", "███", "█ █", "███"],
        "7": ["███", "  █", "  █", "  █", "  █"],
        "8": ["███", "█ █", "███", "█ █", "███"],
        "9": ["███", "█ █", "███", "  █", "███"],
        ":": [" ", "█", " ", "█", " "],
        ".": [" ", " ", " ", " ", "█"],
        "-": ["   ", "   ", "███", "   ", "   "],
        " ": ["  ", "  ", "  ", "  ", "  "],
    ]

    /// The five rows of `text`; characters without a glyph are drawn as `-`.
    public static func render(_ text: String) -> [String] {
        var rows = [String](repeating: "", count: height)
        for (i, ch) in text.enumerated() {
            let glyph = glyphs[ch] ?? glyphs["-"]!
            for r in 0..<height { rows[r] += (i > 0 ? " " : "") + glyph[r] }
        }
        return rows
    }

    /// Display width of a rendered string (every glyph cell is one column).
    public static func width(_ text: String) -> Int { render(text)[0].count }
}
