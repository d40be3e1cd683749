/// Turns an NMEA 0183 byte stream into `GNSSFix`es: framing, checksum, table-driven
/// decoding of the GNSS sentence types of every talker, and epoch assembly.
///
/// Feed bytes as they arrive, in chunks of any size; each fix is emitted as soon as
/// its epoch is complete, and `finish` flushes the last one. Proprietary and AIS
/// sentences are recognised and skipped. Never allocates per sentence.
public struct NMEADecoder {
    private var framer = NMEAFramer()
    private var assembler = NMEAFixAssembler()
    private var fieldTable = NMEAFieldTable()
    /// What decoding the sentences counted; the framer counts the framing, the assembler the fixes.
    private var sentenceCounters = NMEACounters()

    public init() {}

    public var counters: NMEACounters {
        var c = framer.counters
        c.add(sentenceCounters)
        c[.fixes] = assembler.fixesEmitted
        c[.incompleteEpochs] = assembler.incompleteEpochs
        return c
    }

    public mutating func decode(_ bytes: UnsafeRawBufferPointer, emit: (GNSSFix) -> Void) {
        if !isKnownUniquelyReferenced(&fieldTable) { fieldTable = NMEAFieldTable() }
        var offset = 0
        var report = NMEAReport(type: .gga)  // reused for every sentence of the chunk: filled in place
        while let sentence = framer.next(bytes, offset: &offset) {
            if decodeReport(for: sentence, into: &report) {
                assembler.correctsWeekRollover = !framer.sawRecordingDateHeader
                assembler.add(report, emit: emit)
            }
        }
    }

    /// Ends the stream: drops an unterminated partial sentence and emits the last epoch.
    public mutating func finish(emit: (GNSSFix) -> Void) {
        framer.finish()
        assembler.finish(emit: emit)
    }

    /// Classifies and decodes one sentence; nil (and counted) when it yields nothing for a fix.
    mutating func report(for sentence: NMEASentence) -> NMEAReport? {
        var r = NMEAReport(type: .gga)
        return decodeReport(for: sentence, into: &r) ? r : nil
    }

    /// `report(for:)` into a reused report (no copy of the report on the hot path).
    mutating func decodeReport(for sentence: NMEASentence, into report: inout NMEAReport) -> Bool {
        let body = sentence.body
        let n = body.count
        var addressLength = 0
        while addressLength < n && body[addressLength] != 0x2C { addressLength += 1 }
        if sentence.start == UInt8(ascii: "!") {
            if addressLength == 5, body[2] == UInt8(ascii: "V"), body[3] == UInt8(ascii: "D"),
               body[4] == UInt8(ascii: "M") || body[4] == UInt8(ascii: "O") {
                sentenceCounters[.ais] += 1
            } else {
                sentenceCounters[.unknownTypes] += 1
            }
            return false
        }
        if n > 0 && body[0] == UInt8(ascii: "P") {
            sentenceCounters[.proprietary] += 1
            return false
        }
        guard addressLength == 5, NMEADecoder.isTalkerByte(body[0]), NMEADecoder.isTalkerByte(body[1]),
              let type = NMEASentenceType.lookup(UInt32(body[2]) << 16 | UInt32(body[3]) << 8 | UInt32(body[4])) else {
            sentenceCounters[.unknownTypes] += 1
            return false
        }
        let fields = NMEAFields(body, table: fieldTable.offsets)
        guard NMEASentenceDecoder.decode(type, fields, into: &report) else {
            sentenceCounters[.malformed] += 1
            return false
        }
        sentenceCounters[.accepted] += 1
        return true
    }

    @inline(__always) static func isTalkerByte(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39)
    }
}

/// The field-offset table `NMEAFields` fills, allocated once per decoder.
final class NMEAFieldTable {
    let offsets: UnsafeMutablePointer<Int32>
    init() {
        offsets = .allocate(capacity: 2 * NMEAFields.capacity)
        offsets.initialize(repeating: 0, count: 2 * NMEAFields.capacity)
    }
    deinit { offsets.deallocate() }
}
