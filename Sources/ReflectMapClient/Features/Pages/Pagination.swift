import Foundation
import ReflectMap

/// How an API says where the next page of a list is.
public enum Pagination: Sendable, Equatable {
    /// The `Link` header's `rel="next"` URL (RFC 8288), as GitHub sends it: `Link:
    /// <https://api.github.com/…?page=3>; rel="next"`. The list ends when there is none.
    ///
    /// The header is read by RFC 8288's grammar: a target may hold commas and semicolons, parameters may
    /// be quoted, and `rel` may list several relation types. A relative target (`</v1/items?page=2>`,
    /// `<?page=2>`) is resolved by RFC 3986 against the URL of the page it came with.
    case linkHeader
    /// A cursor in the body, sent back as a query parameter: Slack's
    /// `response_metadata.next_cursor` as `cursor`. The list ends when the cursor is missing, `null`
    /// or empty.
    ///
    /// - Parameters:
    ///   - at: The cursor's key path in the body.
    ///   - parameter: The query parameter that carries it.
    case cursor(at: String, parameter: String)
    /// The last item's id sent back while a flag says there is more: Stripe's `has_more` with
    /// `starting_after`.
    ///
    /// - Parameters:
    ///   - id: The id's key path inside an item.
    ///   - hasMore: The key path of the Boolean that says another page follows.
    ///   - parameter: The query parameter that carries the last id.
    case lastItem(id: String, hasMore: String, parameter: String)
    /// Page numbers in a query parameter, from `first` up. The list ends at the first empty page.
    ///
    /// - Parameters:
    ///   - parameter: The query parameter, such as `"page"`.
    ///   - first: The first page's number.
    case pageNumber(parameter: String, first: Int)

    /// Page numbers in the `page` parameter, from 1.
    public static let pageNumbers = Pagination.pageNumber(parameter: "page", first: 1)

    /// The key paths in a page's body that say where the next page is, read in the reading that maps
    /// the page (``PageResponse/values``).
    var bodyPaths: [String] {
        switch self {
        case .cursor(let path, _): [path]
        case .lastItem(_, let hasMore, _): [hasMore]
        case .linkHeader, .pageNumber: []
        }
    }

    /// The request for the page after one, or `nil` when the list ends there.
    func next(after page: PageResponse, itemCount: Int, number: Int) -> PageRequest? {
        switch self {
        case .linkHeader:
            guard let field = page.header("Link"), let base = page.url,
                let url = LinkHeader(field).target(of: "next", relativeTo: base)
            else { return nil }
            return .url(url)
        case .cursor(_, let parameter):
            guard let cursor = page.values.first??.scalarText, !cursor.isEmpty else { return nil }
            return .parameters([parameter: cursor])
        case .lastItem(let id, _, let parameter):
            guard page.values.first == .bool(true), let lastID = page.lastItem(id)?.scalarText else { return nil }
            return .parameters([parameter: lastID])
        case .pageNumber(let parameter, let first):
            guard itemCount > 0 else { return nil }
            return .parameters([parameter: first + number])
        }
    }

    /// The parameters of the first request, when the style numbers its pages.
    var firstParameters: [String: any Sendable] {
        if case .pageNumber(let parameter, let first) = self { return [parameter: first] }
        return [:]
    }
}

/// What the next page's request changes.
enum PageRequest {
    /// An absolute URL, used as it is.
    case url(URL)
    /// Parameters added to the endpoint's own.
    case parameters([String: any Sendable])
}

/// One page's response, as the pagination styles read it.
struct PageResponse {
    /// The URL the page came from, which relative links are resolved against.
    let url: URL?
    let headers: [String: String]
    /// The values at the pagination's ``Pagination/bodyPaths``, in their order; `nil` where a path led
    /// nowhere.
    let values: [JSONValue?]
    /// The value at a key path inside the page's last item, read from the body only when asked.
    let lastItem: (String) -> JSONValue?

    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// The endpoint of a page after the first: the original with the page's URL or parameters.
struct NextPageEndpoint<Base: Endpoint>: Endpoint {
    let base: Base
    let request: PageRequest

    var method: HTTPMethod { base.method }
    var path: String {
        if case .url(let url) = request { return url.absoluteString }
        return base.path
    }
    var parameters: [String: any Sendable] {
        switch request {
        case .url: return [:]
        case .parameters(let extra): return base.parameters.merging(extra) { _, new in new }
        }
    }
    var encoding: ParameterEncoding? { base.encoding }
    var headers: [String: String] { base.headers }
    var keyPath: String? { base.keyPath }
    var timeout: TimeInterval? { base.timeout }
    var acceptableStatusCodes: Set<Int>? { base.acceptableStatusCodes }
    var retryPolicy: RetryPolicy? { base.retryPolicy }
    var envelope: ResponseEnvelope? { base.envelope }
}
