import Foundation

/// A `multipart/form-data` body (RFC 7578): text fields, in-memory files, and files streamed from disk.
///
/// ```swift
/// var form = MultipartFormData()
/// form.append("Dune", name: "title")
/// form.append(coverJPEG, name: "cover", fileName: "cover.jpg", mimeType: "image/jpeg")
/// form.append(fileURL: manuscriptURL, name: "manuscript")
/// let book = try await service.upload(form, to: "books", as: Book.self)
/// ```
///
/// A form with a file part is encoded into a temporary file one chunk at a time and uploaded from
/// there, so a large file is never held in memory whole. Names and file names are escaped as the
/// HTML standard says: `"` becomes `%22`, CR `%0D` and LF `%0A`.
public struct MultipartFormData: Sendable {
    /// One part of the form.
    enum Part: Sendable {
        case data(Data, name: String, fileName: String?, mimeType: String?)
        case file(URL, name: String, fileName: String, mimeType: String)
    }

    /// The separator between parts; random, so no part's content contains it by accident.
    public let boundary: String
    private(set) var parts: [Part] = []

    /// Creates an empty form with a random boundary.
    public init() {
        boundary = "reflectmap.boundary.\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())"
    }

    /// The `Content-Type` header value, with the boundary.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// Whether a part comes from a file on disk (the form is then encoded to a temporary file).
    var hasFileParts: Bool {
        parts.contains { if case .file = $0 { true } else { false } }
    }

    /// Appends a text field.
    /// - Parameters:
    ///   - value: The field's value, sent as UTF-8.
    ///   - name: The field's name.
    public mutating func append(_ value: String, name: String) {
        parts.append(.data(Data(value.utf8), name: name, fileName: nil, mimeType: nil))
    }

    /// Appends bytes, as a file when `fileName` is given.
    /// - Parameters:
    ///   - data: The part's content.
    ///   - name: The field's name.
    ///   - fileName: The file name the server sees; `nil` sends a plain field.
    ///   - mimeType: The part's `Content-Type`; `nil` sends none for a field, and guesses from the file
    ///     name's extension for a file.
    public mutating func append(_ data: Data, name: String, fileName: String? = nil, mimeType: String? = nil) {
        let type = mimeType ?? fileName.map(MultipartFormData.mimeType(forPathExtension:))
        parts.append(.data(data, name: name, fileName: fileName, mimeType: type))
    }

    /// Appends a file from disk. Its bytes are read only while the body is encoded, a chunk at a time.
    /// - Parameters:
    ///   - fileURL: A file URL.
    ///   - name: The field's name.
    ///   - fileName: The file name the server sees; `nil` uses the URL's last path component.
    ///   - mimeType: The part's `Content-Type`; `nil` guesses from the extension.
    public mutating func append(fileURL: URL, name: String, fileName: String? = nil, mimeType: String? = nil) {
        let fileName = fileName ?? fileURL.lastPathComponent
        parts.append(
            .file(
                fileURL, name: name, fileName: fileName,
                mimeType: mimeType ?? MultipartFormData.mimeType(forPathExtension: fileName)))
    }

    /// A part's headers: `Content-Disposition` with escaped names, and `Content-Type` when there is one.
    func header(name: String, fileName: String?, mimeType: String?) -> Data {
        var text = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.escape(name))\""
        if let fileName { text += "; filename=\"\(Self.escape(fileName))\"" }
        text += "\r\n"
        if let mimeType { text += "Content-Type: \(Self.stripLineBreaks(mimeType))\r\n" }
        text += "\r\n"
        return Data(text.utf8)
    }

    /// The closing delimiter.
    var closing: Data { Data("--\(boundary)--\r\n".utf8) }

    /// The HTML standard's escaping for names in `Content-Disposition`.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    private static func stripLineBreaks(_ text: String) -> String {
        text.filter { $0 != "\r" && $0 != "\n" }
    }

    /// A MIME type for a file name's extension; `application/octet-stream` when unknown.
    static func mimeType(forPathExtension fileName: String) -> String {
        let ext = (fileName as NSString).pathExtension.lowercased()
        let known: [String: String] = [
            "txt": "text/plain", "html": "text/html", "htm": "text/html", "css": "text/css", "csv": "text/csv",
            "json": "application/json", "xml": "application/xml", "pdf": "application/pdf", "zip": "application/zip",
            "gz": "application/gzip", "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif",
            "webp": "image/webp", "svg": "image/svg+xml", "heic": "image/heic", "mp3": "audio/mpeg", "mp4": "video/mp4",
            "mov": "video/quicktime", "md": "text/markdown", "js": "text/javascript",
        ]
        return known[ext] ?? "application/octet-stream"
    }
}
