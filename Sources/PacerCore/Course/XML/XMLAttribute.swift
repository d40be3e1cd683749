/// One attribute of a start tag, as the document spells it: the qualified name (`xsi:schemaLocation`)
/// and the value with its references decoded and its whitespace characters made spaces.
public struct XMLAttribute: Equatable, Sendable {
    public var name: String
    public var value: String
}
