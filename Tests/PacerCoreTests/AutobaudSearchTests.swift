import XCTest
import PacerCore

final class AutobaudSearchTests: XCTestCase {
    func at(_ s: Double) -> MonotonicInstant { MonotonicInstant(seconds: s) }

    func testLocksOnTheFirstRateWithValidSentences() {
        var search = AutobaudSearch()
        search.beginWindow(at: at(0))
        XCTAssertEqual(search.currentRate, 9600)
        XCTAssertEqual(search.observe(validSentences: 1, bytes: 80, at: at(0.1)), .listen(until: at(2.5)))
        XCTAssertEqual(search.observe(validSentences: 2, bytes: 160, at: at(0.2)), .locked(baudRate: 9600))
        XCTAssertEqual(search.rejectedRates, 0)
    }

    func testGarbageAbandonsARateEarlyAndSilenceAtTheWindow() {
        var search = AutobaudSearch(candidates: [9600, 4800, 115_200], garbageByteLimit: 1000, windowSeconds: 2)
        search.beginWindow(at: at(0))
        XCTAssertEqual(search.observe(validSentences: 0, bytes: 999, at: at(0.5)), .listen(until: at(2)))
        XCTAssertEqual(search.observe(validSentences: 0, bytes: 1000, at: at(0.6)), .tryRate(4800))
        search.beginWindow(at: at(0.6))
        XCTAssertEqual(search.observe(validSentences: 0, bytes: 0, at: at(2.5)), .listen(until: at(2.6)))
        XCTAssertEqual(search.observe(validSentences: 0, bytes: 0, at: at(2.6)), .tryRate(115_200))
        search.beginWindow(at: at(2.6))
        // One valid sentence among garbage is not yet enough, but keeps the rate past the byte limit.
        XCTAssertEqual(search.observe(validSentences: 1, bytes: 5000, at: at(3)), .listen(until: at(4.6)))
        XCTAssertEqual(search.observe(validSentences: 0, bytes: 0, at: at(4.6)), .tryRate(9600), "wraps around")
        XCTAssertEqual(search.rejectedRates, 3)
    }
}
