import Foundation
import XCTest

/// Locates the built executables (they sit beside the test bundle in the build
/// folder) and runs them as a user would, capturing stdout, stderr and status.
enum BuiltBinaries {
    static var directory: URL {
        if let dir = ProcessInfo.processInfo.environment["PACER_TEST_BINARIES"], !dir.isEmpty {
            return URL(fileURLWithPath: dir).standardizedFileURL
        }
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.isExecutableFile(atPath: url.appendingPathComponent("pacerctl").path) { return url }
        }
        return URL(fileURLWithPath: ".build/debug")
    }

    /// A command that runs each binary under test, from PACER_TEST_LAUNCHER split on spaces
    /// (`scripts/target-run arm64`: the arm64 build under qemu-user); empty runs them directly.
    /// With PACER_TEST_BINARIES, it lets the same tests hold another architecture's build to
    /// what they hold the host's to.
    static var launcher: [String] {
        (ProcessInfo.processInfo.environment["PACER_TEST_LAUNCHER"] ?? "").split(separator: " ").map(String.init)
    }

    static func url(_ name: String) throws -> URL {
        let url = directory.appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw MissingPrerequisite.error("\(name) is not built beside the tests; run `swift build` first")
        }
        return url
    }

    struct Result {
        let status: Int32
        let stdout: Data
        let stderr: String
        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// Runs a binary to completion with optional standard input.
    static func run(_ name: String, _ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil) throws -> Result {
        let process = Process()
        let command = launcher + [try url(name).path] + arguments
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        if let environment { process.environment = environment }
        // stderr goes to a file so that stdout can be drained on this thread without deadlock.
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("pacer-stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errURL) }
        let errHandle = try FileHandle(forWritingTo: errURL)
        let outPipe = Pipe(), inPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errHandle
        process.standardInput = inPipe
        try process.run()
        try errHandle.close()
        if let stdin {
            let writer = inPipe.fileHandleForWriting
            DispatchQueue.global().async { writer.write(stdin); try? writer.close() }
        } else {
            try inPipe.fileHandleForWriting.close()
        }
        let out = outPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let err = (try? Data(contentsOf: errURL)) ?? Data()
        return Result(status: process.terminationStatus, stdout: out, stderr: String(decoding: err, as: UTF8.self))
    }

    /// The project's checkout (sim/, scripts/, systemd/ are read from it).
    static var projectRoot: URL {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }

    /// The shared corpus beside the project (`../shared/corpus`), as CI lays it out.
    static var corpus: URL {
        projectRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }

    /// A new empty folder under the system's temporary directory; the test removes it.
    static func temporaryDirectory(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pacer-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
