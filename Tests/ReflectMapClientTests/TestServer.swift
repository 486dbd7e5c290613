import Foundation

/// The Python fixture server (Fixtures/server.py), started once per test process on 127.0.0.1.
/// It exits when this process closes its stdin, that is, when the tests end.
final class TestServer: Sendable {
    static let shared = TestServer()
    /// A second server process for the cancellation stress test, so its thousands of requests do not
    /// starve the other tests' server (Python serves one request at a time per process).
    static let stress = TestServer()

    let baseURL: URL?
    private let process: Process?
    private let stdin: Pipe?

    private init() {
        guard let script = Bundle.module.url(forResource: "server", withExtension: "py", subdirectory: "Fixtures") else {
            baseURL = nil
            process = nil
            stdin = nil
            return
        }
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path]
        process.standardInput = input
        process.standardOutput = output
        var url: URL?
        do {
            try process.run()
            // The first line is the port.
            var line = Data()
            while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A {
                line.append(first)
            }
            if let port = Int(String(decoding: line, as: UTF8.self)) {
                url = URL(string: "http://127.0.0.1:\(port)")
            }
        } catch {
            url = nil
        }
        self.baseURL = url
        self.process = process
        self.stdin = input
    }

    /// The server's base URL, or a test failure when it did not start.
    func url() throws -> URL {
        guard let baseURL else { throw ServerDidNotStart() }
        return baseURL
    }

    struct ServerDidNotStart: Error {}
}
