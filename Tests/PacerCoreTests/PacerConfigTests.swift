import XCTest
@testable import PacerCore

final class PacerConfigTests: XCTestCase {
    func testDesignExampleAndDefaults() throws {
        let text = """
        [athlete]
        max_hr = 188
        rest_hr = 58
        zones = 110,130,148,163,176   ; lower bounds in bpm of zones 1..5
        weight_kg = 70
        height_cm = 178
        age = 35
        sex = male
        # a comment line
        [recording]
        auto_lap_m = 500
        units = imperial
        [socket]
        mode = 0640
        watch_public = yes
        [sensors]
        heart_rate = a0:9e:1a:00:00:01
        """
        let c = try PacerConfig(parsing: text, file: "pacer.conf")
        XCTAssertEqual(c.athlete.maxHeartRate, 188)
        XCTAssertEqual(c.athlete.zoneLowerBounds, [110, 130, 148, 163, 176])
        XCTAssertEqual(c.athlete.zone(of: 129), 1)
        XCTAssertEqual(c.athlete.zone(of: 130), 2)
        XCTAssertNil(c.athlete.zone(of: 109))
        XCTAssertEqual(c.athlete.heightCentimetres, 178)
        XCTAssertEqual(c.recording.autoLapMeters, 500)
        XCTAssertEqual(c.recording.splitMeters, 1609.344)
        XCTAssertEqual(c.socketMode, 0o640)
        XCTAssertTrue(c.watchPublic)
        XCTAssertEqual(c.sensorAddresses[.heartRate], "A0:9E:1A:00:00:01")
        // Untouched keys keep their defaults.
        XCTAssertEqual(c.gpsSource, "gpsd:localhost:2947")
        XCTAssertEqual(c.journalDirectory, "/var/lib/pacer")
        XCTAssertEqual(try PacerConfig(parsing: "", file: "empty"), PacerConfig())
    }

    func testDerivedZoneModels() throws {
        var a = AthleteProfile()
        a.maxHeartRate = 200; a.restHeartRate = 50
        a.zoneModel = .percentMax
        XCTAssertEqual(a.zoneLowerBounds, [100, 120, 140, 160, 180])
        a.zoneModel = .percentReserve
        XCTAssertEqual(a.zoneLowerBounds, [125, 140, 155, 170, 185])
        a.zoneModel = .percentLTHR
        a.lactateThresholdHeartRate = 170
        XCTAssertEqual(a.zoneLowerBounds, [116, 141, 160, 170, 180])
        let c = try PacerConfig(parsing: "[athlete]\nzone_model = hrr\nmax_hr=190\nrest_hr=60\n", file: "f")
        XCTAssertEqual(c.athlete.zoneLowerBounds, [125, 138, 151, 164, 177])
    }

    func testErrorsNameFileLineAndKey() {
        func error(_ text: String) -> ConfigError? {
            do { _ = try PacerConfig(parsing: text, file: "/etc/pacer/pacer.conf"); return nil } catch { return error as? ConfigError }
        }
        XCTAssertEqual(error("[athlete]\n\nmax_hr = fast\n")?.description, "/etc/pacer/pacer.conf:3: athlete.max_hr: 'fast' is not an integer")
        XCTAssertEqual(error("[athlete]\nshoe_size = 44\n")?.key, "athlete.shoe_size")
        XCTAssertEqual(error("[athlete]\nshoe_size = 44\n")?.line, 2)
        XCTAssertEqual(error("[wether]\n")?.message, "unknown section [wether]")
        XCTAssertEqual(error("[athlete]\njust words\n")?.line, 2)
        XCTAssertEqual(error("max_hr = 180\n")?.message, "key outside any section")
        XCTAssertEqual(error("[athlete]\nzones = 110,130,120,163,176\n")?.key, "athlete.zones")
        XCTAssertEqual(error("[athlete]\nmax_hr = 180\nmax_hr = 181\n")?.line, 3)
        XCTAssertEqual(error("[athlete]\nrest_hr = 115\nmax_hr = 110\n")?.line, 3)
        XCTAssertEqual(error("[socket]\nmode = 0999\n")?.key, "socket.mode")
        XCTAssertEqual(error("[journal]\ndir = relative/path\n")?.key, "journal.dir")
        XCTAssertEqual(error("[sensors]\nbackend = usb\n")?.message, "'usb' is not one of bluez, none")
        XCTAssertEqual(error("[recording]\nauto_pause_run_below = 2\nauto_pause_run_above = 1\n")?.line, 3)
        XCTAssertEqual(error("[athlete\n")?.line, 1)
        XCTAssertEqual(error("[recording]\nauto_lap_m = 1e-300\n")?.message, "1e-300 is neither 0 (off) nor 50...1000000")
        XCTAssertEqual(error("[recording]\nauto_lap_m = 49.9\n")?.key, "recording.auto_lap_m")
        XCTAssertNil(error("[recording]\nauto_lap_m = 0\n"))
        XCTAssertNil(error("[recording]\nauto_lap_m = 50\n"))
        XCTAssertEqual(error("[athlete]\r\n\r\nmax_hr = fast\r\n")?.line, 3, "CRLF lines count as lines")
    }

    private func refusal(_ text: String) -> ConfigError? {
        do { _ = try PacerConfig(parsing: text, file: "pacer.conf"); return nil } catch { return error as? ConfigError }
    }

    /// `[upload]`: a service is on once its account is named, its secrets are paths to files,
    /// and half a service is an error at its key (an upload that never happens is found out
    /// only after the ride).
    func testUploadServicesAndTheirSecretFiles() throws {
        let text = """
            [upload]
            strava_client_id = 12345
            strava_client_secret_file = /etc/pacer/strava-client-secret
            strava_refresh_token_file = /var/lib/pacer/strava-refresh-token
            intervals_api_key_file = /etc/pacer/intervals-api-key
            intervals_athlete = i42
            webhook_url = https://example.org/pacer
            strava_url = http://127.0.0.1:8080
            retry_s = 1.5

            """
        let upload = try PacerConfig(parsing: text, file: "pacer.conf").upload
        XCTAssertEqual(upload.services, [.strava, .intervals, .webhook])
        XCTAssertEqual(upload.url(.strava), "http://127.0.0.1:8080")
        XCTAssertNil(upload.url(.intervals))
        XCTAssertEqual(upload.url(.webhook), "https://example.org/pacer")
        XCTAssertEqual(upload.firstRetryMilliseconds, 1500)
        XCTAssertEqual(upload.stravaRefreshTokenFile, "/var/lib/pacer/strava-refresh-token")
        var read: [String] = []
        let strava = try upload.credentials(.strava) { read.append($0); return "s3cret-\(read.count)" }
        XCTAssertEqual(strava, .strava(.init(clientID: "12345", clientSecret: UploadSecret("s3cret-1"), refreshToken: UploadSecret("s3cret-2"),
                                             accessToken: nil, accessTokenExpires: nil)))
        XCTAssertEqual(read, ["/etc/pacer/strava-client-secret", "/var/lib/pacer/strava-refresh-token"])
        XCTAssertEqual(try upload.credentials(.intervals) { _ in "k" }, .intervals(athleteID: "i42", apiKey: UploadSecret("k")))
        XCTAssertEqual(try upload.credentials(.webhook) { _ in "t" }, .webhook(bearerToken: nil, signingKey: nil))
        struct Refused: Error {}
        XCTAssertThrowsError(try upload.credentials(.intervals) { _ in throw Refused() })
        XCTAssertEqual(PacerConfig().upload.services, [])

        XCTAssertEqual(refusal("[upload]\nstrava_client_id = 12345\nstrava_client_secret_file = /s\n")?.description,
                       "pacer.conf:2: upload.strava_client_id: Strava needs strava_refresh_token_file too")
        XCTAssertEqual(refusal("[upload]\n\nstrava_refresh_token_file = /t\n")?.description,
                       "pacer.conf:3: upload.strava_refresh_token_file: Strava needs strava_client_id too")
        XCTAssertEqual(refusal("[upload]\nwebhook_token_file = /t\n")?.message, "the webhook needs webhook_url too")
        XCTAssertEqual(refusal("[upload]\nintervals_api_key = abc\n")?.message, "unknown key")
        XCTAssertEqual(refusal("[upload]\nintervals_api_key_file = keys/intervals\n")?.message, "'keys/intervals' is not an absolute path")
        XCTAssertEqual(refusal("[upload]\nstrava_client_id = my app\n")?.message, "'my app' is not a Strava client id (digits)")
        XCTAssertEqual(refusal("[upload]\nwebhook_url = ftp://example.org\n")?.message, "'ftp://example.org' is not an http(s) URL")
        XCTAssertEqual(refusal("[upload]\ngarmin_url = https://connect.garmin.com\n")?.message, "unknown key")
        XCTAssertEqual(refusal("[upload]\nretry_s = 0\n")?.key, "upload.retry_s")
    }

    /// A config saved on Windows (CRLF) reads as the same file with LF; it was one line, refused
    /// as a "malformed section header".
    func testCRLFLineEndingsReadAsLF() throws {
        let text = "[athlete]\nmax_hr = 181\nzones = 110,130,148,163,176 ; bounds\n[recording]\nunits = imperial\n"
        let lf = try PacerConfig(parsing: text, file: "lf.conf")
        XCTAssertEqual(lf.athlete.maxHeartRate, 181)
        XCTAssertEqual(try PacerConfig(parsing: text.replacingOccurrences(of: "\n", with: "\r\n"), file: "crlf.conf"), lf)
        XCTAssertEqual(try PacerConfig(parsing: "\u{FEFF}" + text.replacingOccurrences(of: "\n", with: "\r\n"), file: "bom.conf"), lf,
                       "a byte-order mark before the first section")
        // Blanks around keys, values and headers, even a great many, are trimmed.
        let blanks = String(repeating: " \t", count: 50_000)
        let padded = text.replacingOccurrences(of: "\n", with: blanks + "\r\n" + blanks)
        XCTAssertEqual(try PacerConfig(parsing: padded, file: "blanks.conf"), lf)
        XCTAssertEqual(PacerConfig.trim(" \t\r "), "")
        XCTAssertEqual(PacerConfig.trim(" ünï \t"), "ünï")
    }
}
