/// A counter family's keys: its cases, in declaration order, are the counters and the order every
/// report lists them in. The case names the counter for the reports (`CountersReport`): its raw
/// value, the case's own name, `badChecksums`, is `bad_checksums` in JSON and "bad checksums" in
/// the text for people. A new counter is one case, documented where it is declared.
public protocol CounterKey: CaseIterable, Sendable, RawRepresentable where RawValue == String {}

/// Running counts, one per case of `Key`: what a stage read, passed over and rejected, where bad
/// input is counted, never fatal. The counts are kept inline, not in an array: the NMEA framer
/// counts every junk byte, and a count must stay a store at a fixed place, never an allocation.
public struct Counts<Key: CounterKey>: Equatable, Sendable {
    /// Room for sixteen counters (the largest family has twelve); a slot no key reaches stays 0.
    private var storage = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    public init() {}

    public subscript(key: Key) -> Int {
        get { withUnsafeBytes(of: storage) { $0.load(fromByteOffset: Self.offset(key), as: Int.self) } }
        set { withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: newValue, toByteOffset: Self.offset(key), as: Int.self) } }
    }

    /// Adds another set's counts (a GPS source sums its connections over reopens).
    public mutating func add(_ other: Counts) {
        for key in Key.allCases { self[key] += other[key] }
    }

    public static func == (a: Counts, b: Counts) -> Bool {
        Key.allCases.allSatisfy { a[$0] == b[$0] }
    }

    /// Where `key`'s count lies in `storage`. A payload-free enum holds its case as one byte, the
    /// case's position in the declaration (and in `allCases`): read directly, a literal key is a
    /// constant offset, where `allCases.firstIndex(of:)` would search at every count (and, in a
    /// debug build, allocate the array).
    @inline(__always)
    private static func offset(_ key: Key) -> Int {
        precondition(MemoryLayout<Key>.size == 1, "a counter key is an enum of 2 to 256 cases without payloads")
        let index = Int(unsafeBitCast(key, to: UInt8.self))
        precondition(index < MemoryLayout<Counts>.size / MemoryLayout<Int>.stride, "more counters than Counts has room for")
        return index * MemoryLayout<Int>.stride
    }
}
