/// The user's arrangement of `pacerctl watch`: which `LiveField`s, in which order, big (block
/// digits) or small, in which colour, with or without a label. Written as
/// `elapsed:big, distance, pace:big:green, hr:label=no` in `[display] fields` or `--fields`.
public struct LiveFieldLayout: Equatable, Sendable {
    public enum Size: String, Sendable { case big, small }

    public struct Item: Equatable, Sendable {
        public var field: String
        public var size: Size
        /// An ANSI colour name (`ansiColours`), nil for the terminal's own.
        public var colour: String?
        public var showLabel: Bool
    }

    public static let ansiColours: [(name: String, code: Int)] = [
        ("red", 31), ("green", 32), ("yellow", 33), ("blue", 34), ("magenta", 35), ("cyan", 36), ("white", 37)]

    public var items: [Item]

    /// The screen as it always was: four big numbers, then the session's small values.
    public static let standard = try! LiveFieldLayout(parsing: "elapsed:big, distance:big, pace:big, hr:big, activity, state, lap, moving, "
                                                      + "avg_pace, cadence, steps, calories, climb")

    /// A bad spec throws a message naming the field or option it could not read.
    public init(parsing text: String) throws {
        items = []
        for part in text.split(separator: ",") {
            let words = part.split(separator: ":").map { String($0.filter { $0 != " " && $0 != "\t" }) }
            guard let name = words.first, !name.isEmpty else { throw LiveFieldLayoutError("an empty field in '\(text)'") }
            guard LiveField.named(name) != nil else {
                throw LiveFieldLayoutError("unknown field '\(name)' (fields: \(LiveField.names.joined(separator: ", ")))")
            }
            var item = Item(field: name, size: .small, colour: nil, showLabel: true)
            for option in words.dropFirst() {
                if let size = Size(rawValue: option) {
                    item.size = size
                } else if LiveFieldLayout.ansiColours.contains(where: { $0.name == option }) {
                    item.colour = option
                } else if option == "label=no" || option == "label=yes" {
                    item.showLabel = option == "label=yes"
                } else {
                    throw LiveFieldLayoutError("field '\(name)': unknown option '\(option)' (big, small, label=no, or a colour: "
                                               + LiveFieldLayout.ansiColours.map(\.name).joined(separator: ", ") + ")")
                }
            }
            items.append(item)
        }
        guard !items.isEmpty else { throw LiveFieldLayoutError("no fields given") }
    }

    static func colourCode(_ name: String?) -> Int? { LiveFieldLayout.ansiColours.first { $0.name == name }?.code }
}

/// Why a `fields` spec was refused.
public struct LiveFieldLayoutError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
