// swift-format-ignore-file
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ReflectMap
import ReflectMapClient
import Testing

// The reference articles' call style where iOS developers write it: screen models whose `success:` and
// `failure:` closures assign the screen's own state. Written as in a new Xcode 26 app target, with no
// annotation: the module isolates them to the main actor by default. This file is compiled in Swift 6 and
// in Swift 5 mode with warnings as errors, and each pattern runs against a loopback server.

final class BookListModel {              // main-actor by default in the app target
    var books: [Book] = []
    var message = ""
    var ranOnMainQueue = false
    let api: APIService
    init(api: APIService) { self.api = api }

    func load(done: @escaping () -> Void) {
        api.get("books", as: [Book].self, success: { books in
            self.books = books
            self.ranOnMainQueue = onMainQueue()
            done()
        }, failure: { error in
            self.message = "\(error)"
            self.ranOnMainQueue = onMainQueue()
            done()
        })
    }
}

/// The same screen, through a router-style request and through the completion form.
final class BookDetailModel {
    var title = ""
    var status = 0
    var message = ""
    var ranOnMainQueue = false
    let api: APIService
    private var call: APICall?
    init(api: APIService) { self.api = api }

    func open(id: Int, done: @escaping () -> Void) {
        api.send(Request(.get("books/\(id)"), as: Book.self), success: { book in
            self.title = book.title
            self.ranOnMainQueue = onMainQueue()
            done()
        }, failure: { error in
            self.message = "\(error)"
            done()
        })
    }

    func refresh(id: Int, done: @escaping () -> Void) {
        api.send(Request(.get("books/\(id)"), as: Book.self)) { result in
            switch result {
            case .success(let response):
                self.title = response.value.title
                self.status = response.statusCode
            case .failure(let error):
                self.message = "\(error)"
            }
            self.ranOnMainQueue = onMainQueue()
            done()
        }
    }

    func openSlowly(done: @escaping () -> Void) {
        call = api.get("slow", as: Book.self, success: { book in
            self.title = book.title
            done()
        }, failure: { error in
            self.message = "\(error)"
            self.ranOnMainQueue = onMainQueue()
            done()
        })
    }

    func close() {
        call?.cancel()
    }
}

/// Whether the caller runs on the main queue: the main actor's executor, and on Apple platforms the main
/// thread. (`Thread.isMainThread` cannot tell here: a Linux test process's main queue is drained by a
/// worker thread once the main thread has called `dispatch_main`.)
nonisolated func onMainQueue() -> Bool {
    MainQueueMark.once
    return DispatchQueue.getSpecific(key: MainQueueMark.key) == true
}

nonisolated enum MainQueueMark {
    static let key = DispatchSpecificKey<Bool>()
    static let once: Void = DispatchQueue.main.setSpecific(key: key, value: true)
}

/// A stdlib Python HTTP server on 127.0.0.1 with three routes: `/books`, `/books/<id>` (404 for id 404)
/// and `/slow` (answers after 20 s). It exits when this process closes its stdin.
nonisolated final class LoopbackServer: Sendable {
    static let shared = LoopbackServer()
    let baseURL: URL?
    private let process: Process
    private let stdin: Pipe

    private static let script = #"""
    import http.server, json, sys, threading, time, os
    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args): pass
        def do_GET(self):
            if self.path == "/books":
                self.answer(200, [{"id": 1, "title": "Dune"}, {"id": 2, "title": "Emma"}])
            elif self.path.startswith("/books/"):
                ident = int(self.path.rsplit("/", 1)[1])
                if ident == 404:
                    self.answer(404, {"message": "no such book"})
                else:
                    self.answer(200, {"id": ident, "title": "Book %d" % ident})
            elif self.path == "/slow":
                time.sleep(20)
                self.answer(200, {"id": 0, "title": "late"})
            else:
                self.answer(404, {})
        def answer(self, status, value):
            body = json.dumps(value).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            try:
                self.wfile.write(body)
            except OSError:
                pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
    server.serve_forever()
    """#

    private init() {
        process = Process()
        stdin = Pipe()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script]
        process.standardInput = stdin
        process.standardOutput = output
        var url: URL?
        if (try? process.run()) != nil {
            var line = Data()
            while let byte = try? output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A {
                line.append(first)
            }
            if let port = Int(String(decoding: line, as: UTF8.self)) { url = URL(string: "http://127.0.0.1:\(port)") }
        }
        baseURL = url
    }

    func service() throws -> APIService {
        APIService(baseURL: try #require(baseURL, "python3 did not start the loopback server"))
    }
}

@Suite("Screen models: callbacks that assign the screen's state")
struct ScreenModelTests {
    @Test("A list screen's success callback assigns its books on the main queue")
    func listSuccess() async throws {
        let model = BookListModel(api: try LoopbackServer.shared.service())
        await withCheckedContinuation { finished in model.load { finished.resume() } }
        #expect(model.books.map(\.title) == ["Dune", "Emma"])
        #expect(model.message.isEmpty)
        #expect(model.ranOnMainQueue)
    }

    @Test("A screen's failure callback assigns its message on the main queue")
    func failure() async throws {
        let model = BookDetailModel(api: try LoopbackServer.shared.service())
        await withCheckedContinuation { finished in model.open(id: 404) { finished.resume() } }
        #expect(model.message.contains("404"))
        #expect(model.title.isEmpty)
        await withCheckedContinuation { finished in model.open(id: 7) { finished.resume() } }
        #expect(model.title == "Book 7")
        #expect(model.ranOnMainQueue)
    }

    @Test("A screen's completion callback assigns the value and the status on the main queue")
    func completion() async throws {
        let model = BookDetailModel(api: try LoopbackServer.shared.service())
        await withCheckedContinuation { finished in model.refresh(id: 3) { finished.resume() } }
        #expect(model.title == "Book 3")
        #expect(model.status == 200)
        #expect(model.ranOnMainQueue)
    }

    @Test("Closing a screen cancels its call, and the failure callback hears it on the main queue")
    func cancel() async throws {
        let model = BookDetailModel(api: try LoopbackServer.shared.service())
        await withCheckedContinuation { finished in
            model.openSlowly { finished.resume() }
            model.close()
        }
        #expect(model.message == "\(APIError.cancelled)")
        #expect(model.title.isEmpty)
        #expect(model.ranOnMainQueue)
    }
}

/// A book, as the loopback server sends it.
struct Book: Mappable, Equatable {
    var id = 0
    var title = ""
}
