import Foundation
import ReflectMap
@testable import ReflectMapClient
import Testing

struct Line: Mappable, Sendable, Equatable {
    var index = 0
    var text = ""
}

@Suite("Streamed responses")
struct StreamTests {
    func service(
        _ transport: TransportKind, _ configuration: ServiceConfiguration = ServiceConfiguration()
    ) throws -> APIService {
        try transport.service(configuration)
    }

    @Test(
        "NDJSON lines are mapped as they arrive, and the stream ends when the server closes",
        arguments: TransportKind.all)
    func jsonLines(transport: TransportKind) async throws {
        var lines: [Line] = []
        for try await line in try service(transport).stream(BookPath(path: "ndjson/8/20"), as: Line.self) {
            lines.append(line)
        }
        #expect(lines.map(\.index) == Array(0..<8))
        #expect(lines[3].text == "line 3")
    }

    @Test(
        "Each line is delivered as it is sent: the server sends the next only once this one is acknowledged",
        arguments: TransportKind.all)
    func linesArriveOneByOne(transport: TransportKind) async throws {
        // No clock: if lines were held back until the response ended, the first acknowledgement could never
        // be sent, and the server would end the stream with index -1 after 60 s.
        let key = UUID().uuidString
        let service = try service(transport)
        var indices: [Int] = []
        for try await line in service.stream(BookPath(path: "ndjson-lockstep/\(key)/6"), as: Line.self) {
            indices.append(line.index)
            _ = try await service.get("ack/\(key)/\(line.index)", as: Empty.self)
        }
        #expect(indices == Array(0..<6))
    }

    @Test(
        "A JSON array body streams element by element as it arrives, at the top level and at a key path",
        arguments: TransportKind.all)
    func arrayElementsArriveOneByOne(transport: TransportKind) async throws {
        let service = try service(transport)
        for (suffix, layout) in [("", JSONStreamLayout?.none), ("/envelope", .array(at: "data.items"))] {
            let key = UUID().uuidString
            var indices: [Int] = []
            // Element i+1 is sent only once element i is acknowledged: held-back elements would deadlock.
            for try await line in service.stream(
                BookPath(path: "array-lockstep/\(key)/5\(suffix)"), as: Line.self, layout: layout)
            {
                indices.append(line.index)
                _ = try await service.get("ack/\(key)/\(line.index)", as: Empty.self)
            }
            #expect(indices == Array(0..<5), "\(suffix)")
        }
    }

    @Test(
        "An array element that does not map ends the stream in strict mode and is dropped in lenient mode; malformed JSON ends it",
        arguments: TransportKind.all)
    func arrayElementFailures(transport: TransportKind) async throws {
        var lenient: [Int] = []
        await #expect {
            for try await line in try service(transport).stream(BookPath(path: "array-bad"), as: Line.self) {
                lenient.append(line.index)
            }
        } throws: { error in
            guard case .undecodable(let mapping, _) = error as? APIError, case .malformedJSON = mapping.kind else {
                return false
            }
            return mapping.byteOffset == 85  // the second comma of `3,,`, counted in the whole body
        }
        #expect(lenient == [0, 1, 0])
        var strict: [Int] = []
        let strictService = try service(transport, ServiceConfiguration(mapper: JSONMapper(mode: .strict)))
        await #expect {
            for try await line in strictService.stream(BookPath(path: "array-bad"), as: Line.self) {
                strict.append(line.index)
            }
        } throws: { error in
            guard case .undecodable(let mapping, _) = error as? APIError else { return false }
            return mapping.path == "[2].index"
        }
        #expect(strict == [0, 1])
    }

    @Test("A message split across chunks, blank lines, and a last line without a newline", arguments: TransportKind.all)
    func splitMessages(transport: TransportKind) async throws {
        var lines: [Line] = []
        for try await line in try service(transport).stream(BookPath(path: "ndjson-split"), as: Line.self) {
            lines.append(line)
        }
        #expect(lines == [Line(index: 0, text: "split"), Line(index: 1, text: "a"), Line(index: 2, text: "b")])
    }

    @Test(
        "In strict mode an unmappable line is a clear error, naming its place, that ends the stream",
        arguments: TransportKind.all)
    func malformedLine(transport: TransportKind) async throws {
        let strict = ServiceConfiguration(mapper: JSONMapper(mode: .strict))
        var lines: [Line] = []
        do {
            for try await line in try service(transport, strict).stream(
                BookPath(path: "ndjson-malformed"), as: Line.self)
            { lines.append(line) }
            Issue.record("expected a mapping error")
        } catch APIError.undecodable(let mapping, let body) {
            #expect(mapping.path == "[1].index")
            #expect(String(decoding: body, as: UTF8.self) == #"{"index": "not a number", "text": "bad"}"#)
        }
        #expect(lines == [Line(index: 0, text: "ok")])
    }

    @Test(
        "In lenient mode a line that does not map is dropped, as an array element is, and the stream goes on",
        arguments: TransportKind.all)
    func lenientLines(transport: TransportKind) async throws {
        var lines: [Line] = []
        for try await line in try service(transport).stream(BookPath(path: "ndjson-wrong-kind"), as: Line.self) {
            lines.append(line)
        }
        #expect(lines == [Line(index: 0, text: "ok"), Line(index: 2, text: "after")])
        // A property that cannot take its value is skipped, and the line is kept, as in an array.
        var kept: [Line] = []
        for try await line in try service(transport).stream(BookPath(path: "ndjson-malformed"), as: Line.self) {
            kept.append(line)
        }
        #expect(kept.map(\.text) == ["ok", "bad", "never seen"])
    }

    @Test(
        "A server that stops midway ends the stream with a network error after the lines it sent",
        arguments: TransportKind.all)
    func brokenStream(transport: TransportKind) async throws {
        var lines: [Line] = []
        do {
            for try await line in try service(transport).stream(BookPath(path: "ndjson-broken/3"), as: Line.self) {
                lines.append(line)
            }
            Issue.record("expected a network error")
        } catch let error as APIError {
            if case .network = error {} else { Issue.record("got \(error)") }
        }
        // Everything that arrived is delivered, in order, with nothing repeated, before the error.
        #expect(lines.map(\.index) == [0, 1, 2])
    }

    @Test("Cancelling the consuming task closes the connection, as the server sees it", arguments: TransportKind.all)
    func cancelClosesConnection(transport: TransportKind) async throws {
        let key = UUID().uuidString
        let service = try service(transport)
        // Cancel only once a line has arrived, so that the connection is open on the server's side;
        // cancelling earlier could stop the request before it reaches the server at all.
        let (firstLine, arrived) = AsyncStream<Void>.makeStream()
        let consumer = Task {
            var seen = 0
            for try await _ in service.stream(BookPath(path: "ndjson-forever/\(key)"), as: Line.self) {
                seen += 1
                if seen == 1 { arrived.yield() }
            }
            return seen
        }
        for await _ in firstLine { break }
        consumer.cancel()
        _ = try? await consumer.value
        #expect(try await service.get("count/opened-\(key)", as: Count.self).count == 1)
        // The server notices the closed connection on its next write, 20 ms later; without the close it
        // would go on writing for 40 s, past the server's 25 s wait.
        #expect(try await service.serverCount("closed-\(key)") == 1)
    }

    @Test("Leaving the loop early closes the connection too", arguments: TransportKind.all)
    func breakClosesConnection(transport: TransportKind) async throws {
        let key = UUID().uuidString
        let service = try service(transport)
        for try await line in service.stream(BookPath(path: "ndjson-forever/\(key)"), as: Line.self)
        where line.index == 2 {
            break
        }
        #expect(try await service.serverCount("closed-\(key)") == 1)
    }

    @Test(
        "Server-sent events: ids, event types, multi-line data, comments, CRLF; an unterminated event is dropped",
        arguments: TransportKind.all)
    func serverSentEvents(transport: TransportKind) async throws {
        var events: [ServerSentEvent<Line>] = []
        for try await event in try service(transport).events(BookPath(path: "sse/4"), as: Line.self) {
            events.append(event)
        }
        #expect(events.map(\.data.index) == [0, 1, 2, 3])
        #expect(events.map(\.id) == ["0", "1", "2", "3"])
        #expect(events.map(\.event) == [nil, "update", nil, "update"])
        #expect(events[1].data.text == "two lines")
    }

    @Test(
        "An event whose data does not map ends the stream with an error; so does a server stopping midway",
        arguments: TransportKind.all)
    func malformedAndBrokenEvents(transport: TransportKind) async throws {
        var seen = 0
        await #expect {
            for try await _ in try service(transport).events(BookPath(path: "sse-malformed"), as: Line.self) {
                seen += 1
            }
        } throws: { error in
            if case .undecodable(_, let body)? = error as? APIError { return body == Data("[DONE]".utf8) }
            return false
        }
        #expect(seen == 1)
        seen = 0
        await #expect {
            for try await _ in try service(transport).events(BookPath(path: "sse-broken"), as: Line.self) { seen += 1 }
        } throws: { error in
            if case .network? = error as? APIError { return true }
            return false
        }
        #expect(seen == 1)
    }

    @Test(
        "A stream's error body is kept whole up to 1 MiB, and cut at 1 MiB beyond",
        arguments: TransportKind.all, [(1 << 20) - 1, 1 << 20, (1 << 20) + 1, 3 << 20])
    func errorBodyCap(transport: TransportKind, size: Int) async throws {
        var body: Data?
        do {
            for try await _ in try service(transport).stream(BookPath(path: "big-error/\(size)"), as: Line.self) {}
        } catch let APIError.unacceptableStatus(code, _, data) {
            #expect(code == 500)
            body = data
        }
        #expect(try #require(body).count == min(size, 1 << 20))
    }

    @Test("A stream's error status carries the body; cancelAll ends streams", arguments: TransportKind.all)
    func errorStatusAndCancelAll(transport: TransportKind) async throws {
        await #expect {
            for try await _ in try service(transport).stream(BookPath(path: "status/403"), as: Line.self) {}
        } throws: {
            ($0 as? APIError)?.errorModel(as: ServerError.self)?.error == "Forbidden"
        }
        let shared = try service(transport)
        let key = UUID().uuidString
        let consumer = Task {
            for try await _ in shared.stream(BookPath(path: "ndjson-forever/\(key)"), as: Line.self) {}
        }
        #expect(try await shared.serverCount("opened-\(key)") == 1)
        shared.cancelAll()
        await #expect { try await consumer.value } throws: { error in
            if case .cancelled? = error as? APIError { return true }
            return false
        }
        #expect(try await shared.serverCount("closed-\(key)") == 1)
    }

    #if AsyncHTTPClient
    @Test("A consumer that stops taking elements holds the server back: bytes are read only as elements are taken")
    func slowConsumerHoldsServerBack() async throws {
        let key = UUID().uuidString
        let service = try service(.asyncHTTPClient)
        let lines = 100_000  // about 100 MB
        var taken = 0
        for try await line in service.stream(BookPath(path: "ndjson-big/\(key)/\(lines)"), as: Line.self) {
            taken += 1
            if taken == 1 {
                // The server says when one of its writes has waited for the client to read: the event
                // back pressure makes. An unpaced client reads the whole body first, and the count of
                // lines sent then shows it.
                _ = try await service.serverCount("held-\(key)")
                let sent = try await service.get("count/sent-\(key)", as: Count.self).count
                // Socket buffers, AsyncHTTPClient's and the mapping's lookahead hold a few MB at most.
                #expect(sent < 20_000, "the server wrote \(sent) lines while the consumer held one")
                #expect(sent > 1)
            }
            if line.index == 29_999 { break }
        }
        #expect(taken == 30_000)
    }
    #endif

    @Test("The line splitter handles LF, CRLF, CR, and a CR at a chunk's end")
    func lineSplitter() {
        var splitter = LineSplitter()
        #expect(splitter.append(Data("a\nb\r".utf8)) == [Data("a".utf8), Data("b".utf8)])
        #expect(splitter.append(Data("\nc\rd".utf8)) == [Data("c".utf8)])
        #expect(splitter.append(Data("\r\n\n".utf8)) == [Data("d".utf8), Data()])
        #expect(splitter.finish() == nil)
        #expect(splitter.append(Data("tail".utf8)).isEmpty)
        #expect(splitter.finish() == Data("tail".utf8))
    }

    @Test("The line splitter keeps an empty first line, and every byte of a line that spans a compaction")
    func lineSplitterEdges() {
        var splitter = LineSplitter()
        #expect(splitter.append(Data("\nfirst\n".utf8)) == [Data(), Data("first".utf8)])
        // More than 4 KiB of whole lines, then a partial line: the consumed bytes are dropped, and the
        // partial line is finished by the next chunk whole.
        var fresh = LineSplitter()
        let line = String(repeating: "x", count: 99) + "\n"
        let lines = fresh.append(Data((String(repeating: line, count: 50) + "partial").utf8))
        #expect(lines.count == 50)
        #expect(fresh.append(Data("-end\nnext".utf8)) == [Data("partial-end".utf8)])
        #expect(fresh.finish() == Data("next".utf8))
    }

    @Test("An event stream's byte order mark is dropped from its first line only")
    func eventStreamByteOrderMark() {
        var parser = EventParser()
        let events = parser.append(Data("\u{FEFF}data: a\n\n\u{FEFF}data: b\n\ndata: c\n\n".utf8))
        // On a later line the mark is part of the field's name, which no field has.
        #expect(events.map(\.data) == ["a", "c"])
    }

    @Test("Streams work over a stub transport too")
    func stubbedStream() async throws {
        let stub = StubTransport { _ in
            .init(body: Data("{\"index\":1,\"text\":\"a\"}\n{\"index\":2,\"text\":\"b\"}".utf8))
        }
        let service = APIService(
            baseURL: try #require(URL(string: "https://api.example.com")),
            configuration: ServiceConfiguration(transport: stub))
        var lines: [Line] = []
        for try await line in service.stream(BookPath(path: "x"), as: Line.self) { lines.append(line) }
        #expect(lines.map(\.index) == [1, 2])
    }
}
