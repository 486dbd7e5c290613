// swift-format-ignore-file
import Foundation
import ReflectMap
import ReflectMapClient
import Testing

/// The "Paging Through Lists" article.
struct GitHubIssue: Mappable {
    var number = 0
}

struct IssuesEndpoint: Endpoint {
    var state: String
    var method: HTTPMethod { .get }
    var path: String { "issues" }
    var parameters: [String: any Sendable] { ["state": state] }
}

func allOpenIssues(from api: APIService) async throws -> [GitHubIssue] {
    var issues: [GitHubIssue] = []
    for try await page in api.pages(IssuesEndpoint(state: "open"), as: GitHubIssue.self, by: .linkHeader) {
        issues += page
    }
    return issues
}

@Suite("Paging Through Lists article")
struct PagingThroughListsSnippets {
    @Test("Every issue arrives, following the Link headers")
    func issues() async throws {
        let transport = StubTransport { request in
            let isFirst = request.url?.query?.contains("page=2") != true
            var response = StubTransport.Response(body: Data((isFirst ? #"[{"number": 1}]"# : #"[{"number": 2}]"#).utf8))
            if isFirst { response.headers["Link"] = #"<https://api.example.com/issues?state=open&page=2>; rel="next""# }
            return response
        }
        let api = APIService(baseURL: URL(string: "https://api.example.com")!, configuration: ServiceConfiguration(transport: transport))
        #expect(try await allOpenIssues(from: api).map(\.number) == [1, 2])
    }
}
