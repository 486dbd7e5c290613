// swift-format-ignore-file
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ReflectMap
import ReflectMapClient
import Testing

/// The Monitoring and Logging article.
enum MonitoringAndLogging {
    static func configuration() -> ServiceConfiguration {
        struct Logger: EventMonitor {
            func requestDidStart(_ request: URLRequest) {
                print(request.cURLDescription)
            }

            func requestDidFinish(_ request: URLRequest, response: HTTPURLResponse?, data: Data?, error: APIError?) {
                print(response?.statusCode ?? 0, error.map { "\($0)" } ?? "ok")
            }
        }

        let logged = ServiceConfiguration(monitors: [Logger()])
        return logged
    }
}

@Suite("Monitoring and Logging article")
struct MonitoringAndLoggingSnippets {
    @Test("A monitor is told of each request")
    func monitor() async throws {
        var configuration = MonitoringAndLogging.configuration()
        configuration.transport = BookStub(["GET /books": "[]"]).transport
        let service = APIService(baseURL: try #require(URL(string: "https://api.example.com")), configuration: configuration)
        #expect(try await service.get("books", as: [Book].self).isEmpty)
    }
}
