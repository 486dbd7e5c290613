import Foundation
import ReflectMap
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension APIService {
    /// An endpoint's list, page by page, as an `AsyncSequence` of each page's items.
    ///
    /// ```swift
    /// for try await page in api.pages(RepoRouter.issues, as: Issue.self, by: .linkHeader) {
    ///     show(page)                     // [Issue], mapped as the page arrived
    /// }
    /// ```
    ///
    /// Each page is requested only when the loop asks for it, mapped as it arrives, and its response
    /// tells where the next one is (``Pagination``). A failed page ends the loop with its
    /// ``APIError`` after the pages already delivered, an envelope error included. Cancelling the
    /// task that iterates stops the requests. After `pageLimit` pages the sequence ends, so that a
    /// server that always says "more" cannot loop forever.
    ///
    /// - Parameters:
    ///   - endpoint: The first page's request; later pages add their parameters to it, or follow the
    ///     URL the server gives.
    ///   - itemsPath: The key path of the items array in each page; `nil` for the endpoint's own key
    ///     path or envelope value, else the whole body.
    ///   - type: The item class.
    ///   - pagination: Where the next page is.
    ///   - pageLimit: The most pages to request; 100 by default.
    /// - Returns: The pages.
    public func pages<Item: Mappable>(
        _ endpoint: some Endpoint, at itemsPath: String? = nil, as type: Item.Type, by pagination: Pagination,
        pageLimit: Int = 100
    ) -> Pages<Item> {
        Pages(pageLimit: pageLimit) { request, number in
            try await self.page(
                endpoint, request: request, items: itemsPath, as: Item.self, pagination: pagination, number: number)
        }
    }

    /// Requests and maps one page, and works out the next one's request.
    func page<Base: Endpoint, Item: Mappable>(
        _ endpoint: Base, request: PageRequest?, items itemsPath: String?, as type: Item.Type, pagination: Pagination,
        number: Int
    ) async throws -> (items: [Item], next: PageRequest?) {
        let call = begin(NextPageEndpoint(base: endpoint, request: request ?? .parameters(pagination.firstParameters)))
        let mapper = configuration.mapper
        let pageURL = try? call.request.get().urlRequest.url
        return try await run(call, inMemory(call, progress: nil)) { data, response in
            let keyPath = itemsPath ?? call.options.keyPath
            // The page crosses from the task to the caller once; items need not be Sendable.
            return UncheckedBox(
                ResponseMapper(mapper: mapper)
                    .map(
                        data, status: response.statusCode, keyPath: keyPath, envelope: call.options.envelope,
                        capturing: pagination.bodyPaths, as: [Item].self
                    )
                    .map { body in
                        // The last item is found, by skipping the items before it, only for a style that
                        // asks for it once the page says more follow.
                        let page = PageResponse(
                            url: response.url ?? pageURL, headers: response.stringHeaders, values: body.captured,
                            lastItem: { path in
                                body.valueBytes.flatMap { try? mapper.captures([path], inLastElementAt: $0, of: data) }?
                                    .first ?? nil
                            })
                        return (body.value, pagination.next(after: page, itemCount: body.value.count, number: number))
                    })
        }.get()
    }
}

/// An endpoint's list as an `AsyncSequence` of pages, each the items one response holds; made by
/// ``APIService/pages(_:at:as:by:pageLimit:)``.
public struct Pages<Item: Mappable>: AsyncSequence {
    /// One page's items.
    public typealias Element = [Item]

    let pageLimit: Int
    let fetch: (PageRequest?, Int) async throws -> (items: [Item], next: PageRequest?)

    init(pageLimit: Int, fetch: @escaping (PageRequest?, Int) async throws -> (items: [Item], next: PageRequest?)) {
        self.pageLimit = pageLimit
        self.fetch = fetch
    }

    /// Starts at the first page.
    ///
    /// - Returns: An iterator that requests each page when asked for it.
    public func makeAsyncIterator() -> Iterator {
        Iterator(pageLimit: pageLimit, fetch: fetch)
    }

    /// Requests the pages one at a time.
    public struct Iterator: AsyncIteratorProtocol {
        let pageLimit: Int
        let fetch: (PageRequest?, Int) async throws -> (items: [Item], next: PageRequest?)
        private var next: PageRequest?
        private var number = 0
        private var isFinished = false

        init(pageLimit: Int, fetch: @escaping (PageRequest?, Int) async throws -> (items: [Item], next: PageRequest?)) {
            self.pageLimit = pageLimit
            self.fetch = fetch
        }

        /// The next page's items, or `nil` when the list (or the page limit) has ended.
        ///
        /// - Returns: The items.
        /// - Throws: ``APIError`` when the page fails; the sequence then ends.
        public mutating func next() async throws -> [Item]? {
            guard !isFinished, number < pageLimit else { return nil }
            if Task.isCancelled {
                isFinished = true
                throw APIError.cancelled
            }
            do {
                let page = try await fetch(next, number + 1)
                number += 1
                guard let following = page.next else {
                    isFinished = true
                    // An empty page that ends the list is its end, not a page.
                    return page.items.isEmpty && number > 1 ? nil : page.items
                }
                next = following
                return page.items
            } catch {
                isFinished = true
                throw error
            }
        }
    }
}
