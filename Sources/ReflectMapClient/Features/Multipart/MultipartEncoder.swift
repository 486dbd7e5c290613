import Foundation

/// Writes a ``MultipartFormData`` body: into memory when every part is in memory, otherwise into a
/// temporary file, copying file parts a chunk at a time.
enum MultipartEncoder {
    /// The size of the chunks file parts are copied in.
    static let chunkSize = 64 * 1024

    /// The whole body in memory. Only for forms without file parts.
    static func data(_ form: MultipartFormData) throws -> Data {
        var body = Data()
        for part in form.parts {
            switch part {
            case .data(let data, let name, let fileName, let mimeType):
                body.append(form.header(name: name, fileName: fileName, mimeType: mimeType))
                body.append(data)
            case .file(let url, let name, let fileName, let mimeType):
                body.append(form.header(name: name, fileName: fileName, mimeType: mimeType))
                body.append(try Data(contentsOf: url))
            }
            body.append(Data("\r\n".utf8))
        }
        body.append(form.closing)
        return body
    }

    /// Encodes the body into a new temporary file and returns its URL; the caller removes it.
    ///
    /// The file is named `reflectmap-multipart-<boundary>-<UUID>`: the boundary says which form it
    /// holds, and the UUID keeps two sends of the same form apart.
    static func file(_ form: MultipartFormData) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("reflectmap-multipart-\(form.boundary)-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw APIError.invalidRequest("Cannot create a temporary file for the multipart body at \(url.path).")
        }
        do {
            let output = try FileHandle(forWritingTo: url)
            defer { try? output.close() }
            for part in form.parts {
                switch part {
                case .data(let data, let name, let fileName, let mimeType):
                    try output.write(contentsOf: form.header(name: name, fileName: fileName, mimeType: mimeType))
                    try output.write(contentsOf: data)
                case .file(let source, let name, let fileName, let mimeType):
                    try output.write(contentsOf: form.header(name: name, fileName: fileName, mimeType: mimeType))
                    try copy(source, to: output)
                }
                try output.write(contentsOf: Data("\r\n".utf8))
            }
            try output.write(contentsOf: form.closing)
            return url
        } catch {
            try? FileManager.default.removeItem(at: url)
            if let error = error as? APIError { throw error }
            throw APIError.invalidRequest("The multipart body could not be written: \(error.localizedDescription)")
        }
    }

    private static func copy(_ source: URL, to output: FileHandle) throws {
        let input: FileHandle
        do {
            input = try FileHandle(forReadingFrom: source)
        } catch {
            throw APIError.invalidRequest("Cannot read the file \(source.path) for the multipart body.")
        }
        defer { try? input.close() }
        while let chunk = try input.read(upToCount: chunkSize), !chunk.isEmpty {
            try output.write(contentsOf: chunk)
        }
    }
}
