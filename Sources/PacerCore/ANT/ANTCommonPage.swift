/// ANT+ common data pages a device interleaves with its own: 80 manufacturer information,
/// 81 product information, 82 battery status. Battery becomes a BLE battery level reading.
enum ANTCommonPage {
    static let manufacturer: UInt8 = 80
    static let product: UInt8 = 81
    static let battery: UInt8 = 82

    /// Handles `page` when it is a common page (true), appending a battery reading from page 82.
    static func decode(_ page: [UInt8], readings: inout [ANTReading]) -> Bool {
        switch page[0] {
        case manufacturer, product: return true
        case battery:
            // Byte 7: coarse voltage (bits 0-3), status (4-6), operating time resolution (7).
            if let pct = ANTPageField.batteryPercent(status: page[7]) { readings.append(ANTPageField.battery(pct)) }
            return true
        default: return false
        }
    }
}
