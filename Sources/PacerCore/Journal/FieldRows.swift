/// The row of each field id in a codec's field table (`JournalSampleField.table`,
/// `SessionSummaryCodec.sessionFields` and `segmentFields`), for readers that look up every id
/// they meet: ids are small and never reused, so an array indexed by id, where searching the
/// table copied a row per comparison.
struct FieldRows: Sendable {
    private var rows = [Int8](repeating: -1, count: 64)

    /// `ids` in table order. Ids stay below 64 and tables below 128 rows (a summary's field
    /// count is then one varint byte, which `SessionSummaryCodec.encodeFields` relies on).
    init(ids: some Sequence<UInt64>) {
        for (row, id) in ids.enumerated() {
            precondition(id < 64 && row < 128, "field id \(id) in row \(row): ids stay below 64, tables below 128 rows")
            rows[Int(id)] = Int8(row)
        }
    }

    /// The row of `id`; nil for an id this reader does not know (it skips the value by its shape).
    @inline(__always)
    func row(of id: UInt64) -> Int? {
        guard id < 64 else { return nil }
        let row = rows[Int(id)]
        return row >= 0 ? Int(row) : nil
    }
}
