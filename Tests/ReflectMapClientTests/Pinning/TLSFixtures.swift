import Foundation

/// A private certificate authority and server keys, made with the `openssl` command in a temporary
/// directory when first used: keys A (in use), B (the backup) and C (an attacker's), and certificates
/// for 127.0.0.1 signed by the authority, two of them for key A (the second one a renewal).
final class TLSFixtures: Sendable {
    static let shared = Result { try TLSFixtures() }

    let directory: URL
    var caCertificate: URL { directory.appendingPathComponent("ca.pem") }

    private init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("reflectmap-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n".utf8)
            .write(to: directory.appendingPathComponent("leaf.ext"))
        try openssl(
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem",
            "-days", "2", "-subj", "/CN=ReflectMap Test CA")
        for name in ["a", "b", "c"] {
            try openssl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", "\(name).key")
        }
        try issue(key: "a", certificate: "a1")
        try issue(key: "a", certificate: "a2")
        try issue(key: "b", certificate: "b1")
        try issue(key: "c", certificate: "c1")
    }

    /// The key file of a key (`a`, `b` or `c`).
    func key(_ name: String) -> URL { directory.appendingPathComponent("\(name).key") }

    /// A certificate file (`a1`, `a2`, `b1`, `c1`).
    func certificate(_ name: String) -> URL { directory.appendingPathComponent("\(name).pem") }

    /// The base64 SHA-256 of a key's SubjectPublicKeyInfo, as `openssl` computes it.
    func pin(_ key: String) throws -> String {
        try shell("openssl pkey -in \(key).key -pubout -outform der | openssl dgst -sha256 -binary | base64")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A certificate's serial number, to tell a renewal from the original.
    func serial(_ certificate: String) throws -> String {
        try shell("openssl x509 -in \(certificate).pem -noout -serial").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The bytes `openssl` prints for a command's output in DER, such as a public key.
    func der(_ command: String) throws -> Data {
        let text = try shell(command + " | base64 -w0").trimmingCharacters(in: .whitespacesAndNewlines)
        guard let data = Data(base64Encoded: text) else { throw FixtureFailed(command: command) }
        return data
    }

    private func issue(key: String, certificate: String) throws {
        try openssl("req", "-new", "-key", "\(key).key", "-subj", "/CN=127.0.0.1", "-out", "\(certificate).csr")
        try openssl(
            "x509", "-req", "-in", "\(certificate).csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
            "-days", "1", "-extfile", "leaf.ext", "-out", "\(certificate).pem")
    }

    private func openssl(_ arguments: String...) throws {
        _ = try run("/usr/bin/env", ["openssl"] + arguments)
    }

    private func shell(_ command: String) throws -> String {
        try run("/bin/sh", ["-c", command])
    }

    private func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw FixtureFailed(command: arguments.joined(separator: " ")) }
        return String(decoding: data, as: UTF8.self)
    }

    struct FixtureFailed: Error, CustomStringConvertible {
        var command: String
        var description: String { "openssl failed: \(command)" }
    }
}

/// One HTTPS server on 127.0.0.1 serving one certificate (Fixtures/tls_server.py), which logs every
/// request that reaches it. It stops when released.
final class TLSTestServer: Sendable {
    let url: URL
    private let log: URL
    private let process: Process
    private let input: Pipe

    init(certificate: URL, key: URL) throws {
        guard let script = Bundle.module.url(forResource: "tls_server", withExtension: "py", subdirectory: "Fixtures")
        else {
            throw TestServer.ServerDidNotStart(reason: "Fixtures/tls_server.py is missing from the test bundle.")
        }
        log = FileManager.default.temporaryDirectory.appendingPathComponent("reflectmap-tls-log-\(UUID().uuidString)")
        process = Process()
        input = Pipe()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, certificate.path, key.path, log.path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A {
            line.append(first)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)), let url = URL(string: "https://127.0.0.1:\(port)")
        else {
            process.terminate()
            throw TestServer.ServerDidNotStart(reason: "tls_server.py printed \(String(decoding: line, as: UTF8.self))")
        }
        self.url = url
    }

    /// The requests that reached the server, as "METHOD PATH".
    var requests: [String] {
        // A FileHandle rather than String(contentsOf:), whose read of an empty file leaks its 4 KiB
        // buffer inside FoundationEssentials (LeakSanitizer shows no frame of ours in it).
        let data = FileHandle(forReadingAtPath: log.path)?.readDataToEndOfFile() ?? Data()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: log)
    }
}
