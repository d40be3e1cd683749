// libFuzzer entry point over the METAR or TAF decoder (PACER_FUZZ=metar|taf picks which, so one
// build serves both runs), with the words and the --json line printed from each result.
// Built by fuzz/build-weather.sh with the PacerCore sources; not part of the SwiftPM package.
#if canImport(Glibc)
import Glibc
#endif

private let fuzzTAF: Bool = getenv("PACER_FUZZ").map { String(cString: $0) == "taf" } ?? false

@_cdecl("LLVMFuzzerTestOneInput")
public func weatherFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let raw = String(decoding: UnsafeBufferPointer(start: data, count: data == nil ? 0 : size), as: UTF8.self)
    var writer = JSONWriter()
    let text = WeatherText(DisplayPreferences(units: size % 2 == 0 ? .metric : .imperial, twentyFourHour: size % 3 == 0))
    if fuzzTAF {
        let t = TAFDecoder.decode(raw)
        WeatherJSON.write(t, into: &writer)
        _ = text.lines(t)
        for p in t.periods {
            if let d = p.wind?.direction { precondition((0...360).contains(d)) }
            if let v = p.visibilityMetres { precondition(v >= 0) }
        }
    } else {
        let m = METARDecoder.decode(raw)
        WeatherJSON.write(m, into: &writer)
        _ = text.lines(m)
        if let d = m.wind?.direction { precondition((0...360).contains(d)) }
        if let v = m.visibilityMetres { precondition(v >= 0) }
        // Every group is either decoded or named: decoding what was not read finds it again.
        precondition(m.unparsed.allSatisfy { raw.contains($0) })
    }
    return 0
}
