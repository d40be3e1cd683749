// libFuzzer entry point over the whole NMEA path: framer, table-driven decoders, fix
// assembly and the `parse` JSON line. Built by fuzz/build.sh together with the PacerCore
// sources it needs (not part of the SwiftPM package, so `swift build`/`swift test` never see it).
//
// Each input is fed three ways (all at once, one byte at a time, split by its first byte):
// any difference in the fixes or counters is a bug and traps, as does any crash.

@_cdecl("LLVMFuzzerTestOneInput")
public func nmeaFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size)
    let whole = run(input, chunk: max(size, 1))
    let bytewise = run(input, chunk: 1)
    let split = run(input, chunk: size > 0 ? Int(input[0] % 17) + 1 : 1)
    precondition(whole.fixes == bytewise.fixes && whole.counters == bytewise.counters, "chunking changed the output")
    precondition(whole.fixes == split.fixes && whole.counters == split.counters, "chunking changed the output")
    var writer = JSONWriter()
    for fix in whole.fixes {
        writer.reset()
        fix.jsonLine(into: &writer)
        fix.textLine(into: &writer)
        if let lat = fix.latitude { precondition(lat.isFinite && abs(lat) <= 90) }
        if let lon = fix.longitude { precondition(lon.isFinite && abs(lon) <= 180) }
    }
    return 0
}

private func run(_ input: UnsafeRawBufferPointer, chunk: Int) -> (fixes: [GNSSFix], counters: NMEACounters) {
    var decoder = NMEADecoder()
    var fixes: [GNSSFix] = []
    var start = 0
    while start < input.count {
        let end = min(start + chunk, input.count)
        decoder.decode(UnsafeRawBufferPointer(rebasing: input[start..<end])) { fixes.append($0) }
        start = end
    }
    decoder.finish { fixes.append($0) }
    return (fixes, decoder.counters)
}
