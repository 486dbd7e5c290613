import Foundation

/// A Python fixture server (Fixtures/server.py, or Fixtures/ws_server.py for WebSocket), started once per
/// test process on 127.0.0.1. It exits when this process closes its stdin, that is, when the tests end.
final class TestServer: Sendable {
    static let shared = TestServer(script: "server")
    /// A second server process for the cancellation stress test, so its thousands of requests do not
    /// starve the other tests' server (Python serves one request at a time per process).
    static let stress = TestServer(script: "server")
    /// The WebSocket server. It needs PyPI's `websockets`, so it runs with ``python``.
    static let webSocket = TestServer(script: "ws_server", python: python)

    /// The Python for servers that need packages from PyPI: `$REFLECTMAP_PYTHON`, else the package's
    /// `.build-venv` (which `.ci/run` makes), else `python3` on the path.
    static var python: String {
        if let python = ProcessInfo.processInfo.environment["REFLECTMAP_PYTHON"], !python.isEmpty { return python }
        let venv = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build-venv/bin/python").path
        return FileManager.default.isExecutableFile(atPath: venv) ? venv : "python3"
    }

    let baseURL: URL?
    /// Why the server is not there, when it did not start (such as `websockets` not installed).
    let unavailable: String?
    private let process: Process?
    private let stdin: Pipe?

    private init(script name: String, python: String = "python3") {
        guard let script = Bundle.module.url(forResource: name, withExtension: "py", subdirectory: "Fixtures") else {
            baseURL = nil
            unavailable = "Fixtures/\(name).py is missing from the test bundle."
            process = nil
            stdin = nil
            return
        }
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, script.path]
        process.standardInput = input
        process.standardOutput = output
        var url: URL?
        var first = ""
        do {
            try process.run()
            // The first line is the port (or the reason the server cannot run).
            var line = Data()
            while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A {
                line.append(first)
            }
            first = String(decoding: line, as: UTF8.self)
            if let port = Int(first) {
                url = URL(string: "http://127.0.0.1:\(port)")
            }
        } catch {
            first = "\(python) could not run: \(error)"
        }
        self.baseURL = url
        self.unavailable =
            url == nil ? "\(name).py did not start with \(python): \(first.isEmpty ? "no output" : first)" : nil
        self.process = process
        self.stdin = input
    }

    /// The server's base URL, or a test failure when it did not start.
    func url() throws -> URL {
        guard let baseURL else { throw ServerDidNotStart(reason: unavailable ?? "unknown") }
        return baseURL
    }

    struct ServerDidNotStart: Error, CustomStringConvertible {
        var reason = ""
        var description: String { "The test server did not start: \(reason)" }
    }
}
