import PacerSystem
import XCTest

/// Address parsing through libbluetooth: canonical upper case, byte order of bdaddr_t, rejection.
final class BluetoothAddressTests: XCTestCase {
    func testValidAddressesAreNormalised() throws {
        let a = try BluetoothAddress("00:22:d0:aa:bb:01")
        XCTAssertEqual(a.description, "00:22:D0:AA:BB:01")
        XCTAssertEqual(a.bytes, [0x01, 0xBB, 0xAA, 0xD0, 0x22, 0x00], "bdaddr_t stores the address least significant byte first")
        XCTAssertEqual(try BluetoothAddress("00:22:D0:AA:BB:01"), a)
        XCTAssertEqual(try BluetoothAddress("FF:FF:FF:FF:FF:FF").description, "FF:FF:FF:FF:FF:FF")
    }

    func testInvalidAddressesAreRejected() {
        for text in ["", "00:22:D0:AA:BB", "00:22:D0:AA:BB:01:02", "00-22-D0-AA-BB-01", "0:22:D0:AA:BB:01x",
                     "GG:22:D0:AA:BB:01", "00:22:D0:AA:BB:1", " 00:22:D0:AA:BB:01", "00:22:D0:AA:BB:01 "] {
            XCTAssertThrowsError(try BluetoothAddress(text), text) { error in
                XCTAssertEqual("\(error)", "'\(text)' is not a Bluetooth address (expected XX:XX:XX:XX:XX:XX)")
            }
        }
    }
}
