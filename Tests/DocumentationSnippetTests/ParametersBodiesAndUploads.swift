// swift-format-ignore-file
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ReflectMap
import ReflectMapClient
import Testing

/// The Parameters, Bodies and Uploads article.
enum ParametersBodiesAndUploads {
    struct SignIn: Endpoint {
        var email: String
        var password: String

        var method: HTTPMethod { .post }
        var path: String { "session" }
        var parameters: [String: any Sendable] { ["email": email, "password": password] }
        var encoding: ParameterEncoding? { .form }
    }

    struct ImportCatalogue: Endpoint {
        var xml: Data

        var method: HTTPMethod { .put }
        var path: String { "catalogue" }
        var httpBody: HTTPBody? { .data(xml, contentType: "application/xml") }
    }

}

func uploadCover(_ jpeg: Data, manuscript: URL, with service: APIService) async throws -> Book {
    var form = MultipartFormData()
    form.append("Dune", name: "title")
    form.append(jpeg, name: "cover", fileName: "cover.jpg")
    form.append(fileURL: manuscript, name: "manuscript")
    let upload = HTTPEndpoint(method: .post, path: "books", body: .multipart(form))
    return try await service.upload(Request(upload, as: Book.self)) { progress in
        print(progress.completed, progress.total ?? -1)
    }.value
}

@Suite("Parameters, Bodies and Uploads article")
struct ParametersBodiesAndUploadsSnippets {
    let stub = BookStub(["POST /v1/session": "{}", "PUT /v1/catalogue": "{}", "POST /v1/books": #"{"id": 1, "title": "Dune"}"#])

    @Test("A form endpoint sends its parameters form-encoded, and a raw body goes with its content type")
    func parametersAndBodies() async throws {
        let service = stubbedService(APIService.init, stub)
        _ = try await service.send(Request(ParametersBodiesAndUploads.SignIn(email: "a@b.c", password: "p w"), as: Empty.self)).value
        let signIn = try #require(stub.requests.first)
        #expect(signIn.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("application/x-www-form-urlencoded") == true)
        #expect(String(decoding: signIn.httpBody ?? Data(), as: UTF8.self) == "email=a%40b.c&password=p%20w")
        _ = try await service.send(Request(ParametersBodiesAndUploads.ImportCatalogue(xml: Data("<a/>".utf8)), as: Empty.self)).value
        #expect(stub.requests.last?.value(forHTTPHeaderField: "Content-Type") == "application/xml")
    }

    @Test("A multipart form with a file part uploads and maps the response")
    func multipart() async throws {
        let manuscript = FileManager.default.temporaryDirectory.appendingPathComponent("manuscript-\(UUID()).txt")
        try Data("Chapter 1".utf8).write(to: manuscript)
        defer { try? FileManager.default.removeItem(at: manuscript) }
        let book = try await uploadCover(Data([0xFF, 0xD8]), manuscript: manuscript,
                                       with: stubbedService(APIService.init, stub))
        #expect(book.title == "Dune")
        #expect(stub.requests.last?.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("multipart/form-data") == true)
    }
}
