import Foundation

/// Synthetic 10 Hz NMEA, one epoch (RMC, GGA, GSA) per call, moving north-east: the
/// input of the live-source tests, with checksums computed, not copied.
struct NMEAEpochGenerator {
    var index = 0

    mutating func next() -> [UInt8] {
        defer { index += 1 }
        let centiseconds = 12 * 360_000 + index * 10
        let time = String(format: "%02d%02d%02d.%02d", centiseconds / 360_000, centiseconds / 6000 % 60,
                          centiseconds / 100 % 60, centiseconds % 100)
        let lat = 48.137154 + Double(index) * 0.000_01
        let lon = 11.576124 + Double(index) * 0.000_013
        let latText = String(format: "%02d%09.6f", Int(lat), (lat - Double(Int(lat))) * 60)
        let lonText = String(format: "%03d%09.6f", Int(lon), (lon - Double(Int(lon))) * 60)
        let alt = String(format: "%.1f", 519.5 + Double(index % 50) * 0.1)
        let sentences = [
            "GPRMC,\(time),A,\(latText),N,\(lonText),E,8.42,41.7,011125,,,A",
            "GPGGA,\(time),\(latText),N,\(lonText),E,1,09,0.9,\(alt),M,47.6,M,,",
            "GPGSA,A,3,02,05,09,12,15,18,21,25,29,,,,1.6,0.9,1.3",
        ]
        var bytes: [UInt8] = []
        for body in sentences { bytes += NMEAEpochGenerator.frame(body) }
        return bytes
    }

    static func frame(_ body: String) -> [UInt8] {
        var checksum: UInt8 = 0
        for b in body.utf8 { checksum ^= b }
        return Array("$\(body)*\(String(format: "%02X", checksum))\r\n".utf8)
    }
}
