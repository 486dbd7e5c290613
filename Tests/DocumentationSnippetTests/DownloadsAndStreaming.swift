// swift-format-ignore-file
import Foundation
import ReflectMap
import ReflectMapClient
import Testing

// The Downloads and Streaming article: downloads and streams need the URLSession transport (a stub
// answers whole bodies), so these are compiled here and run against a real server in
// ReflectMapClientTests (DownloadTests, StreamTests).

struct Epub: Endpoint {
    var id: Int
    var method: HTTPMethod { .get }
    var path: String { "books/\(id).epub" }
}

func saveEpub(_ service: APIService, to destination: URL) async throws -> URL {
    let file = try await service.download(Epub(id: 7), to: destination) { progress in
        print(progress.fractionCompleted ?? 0)
    }
    return file.value
}

struct Chunk: Mappable {
    var text = ""
}

struct Completion: Endpoint {
    var prompt: String
    var method: HTTPMethod { .post }
    var path: String { "complete" }
    var parameters: [String: any Sendable] { ["prompt": prompt] }
}

func complete(_ prompt: String, with service: APIService) async throws -> String {
    var answer = ""
    for try await chunk in service.stream(Completion(prompt: prompt), as: Chunk.self) {
        answer += chunk.text
    }
    return answer
}

func follow(_ service: APIService) async throws {
    for try await event in service.events(Completion(prompt: "live"), as: Chunk.self) {
        print(event.event ?? "message", event.id ?? "", event.data.text)
    }
}
