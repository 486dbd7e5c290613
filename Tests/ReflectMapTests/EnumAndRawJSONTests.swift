import Foundation
import ReflectMap
import Testing

enum Status: String {
    case active, suspended
}

enum Priority: Int {
    case low = 1, high = 2
}

struct Token: RawRepresentable {
    var rawValue: String
}

struct Ticket: Mappable {
    var status = Status.active
    var priority: Priority?
    var history: [Status] = []
    var token = Token(rawValue: "")
    var payload: Any = NSNull()
    var attributes: [String: Any] = [:]
    var list: [Any] = []
    var extra: Any?
}

@Suite("Enums and raw JSON")
struct EnumAndRawJSONTests {
    let mapper = JSONMapper()

    @Test("String and Int enums map through their raw values with no marker protocol")
    func rawValueEnums() throws {
        let ticket = try mapper.map(
            Ticket.self,
            from: json(#"{"status": "suspended", "priority": 2, "history": ["active", "suspended"], "token": "abc"}"#))
        #expect(ticket.status == .suspended)
        #expect(ticket.priority == .high)
        #expect(ticket.history == [.active, .suspended])
        #expect(ticket.token.rawValue == "abc")
        let written = try mapper.dictionary(from: ticket)
        #expect(written["status"] as? String == "suspended")
        #expect(written["priority"] as? Int == 2)
    }

    @Test("An unknown raw value throws in strict mode and keeps the default in lenient mode")
    func unknownRawValue() throws {
        let error = mappingError {
            _ = try JSONMapper(mode: .strict).map(
                Ticket.self,
                from: ["status": "deleted", "history": [], "token": "t", "payload": 1, "attributes": [:], "list": []])
        }
        #expect(error?.kind == .invalidValue(value: "a string \"deleted\"", type: "Status"))
        #expect(error?.path == "status")
        let (ticket, report) = try mapper.mapWithReport(Ticket.self, from: ["status": "deleted"])
        #expect(ticket.status == .active)
        #expect(report.skipped.first?.path == "status")
    }

    @Test("Any, [String: Any] and [Any] properties receive the JSON as it is")
    func rawJSON() throws {
        let ticket = try mapper.map(
            Ticket.self,
            from: json(
                #"{"payload": {"a": [1, {"b": null}]}, "attributes": {"x": 1, "y": "z"}, "list": [1, "two", null], "extra": null}"#
            ))
        let payload = ticket.payload as? [String: Any]
        let inner = payload?["a"] as? [Any]
        #expect(inner?.count == 2)
        #expect((inner?[1] as? [String: Any])?["b"] is NSNull)
        #expect(ticket.attributes["y"] as? String == "z")
        #expect(ticket.list.count == 3 && ticket.list[2] is NSNull)
        #expect(ticket.extra == nil)
        let roundTrip = try jsonObject(mapper.data(from: ticket)) as? [String: Any]
        #expect((roundTrip?["attributes"] as? [String: Any])?["x"] as? Int == 1)
    }

    @Test("A non-optional Any keeps a JSON null as NSNull")
    func anyKeepsNull() throws {
        let ticket = try mapper.map(Ticket.self, from: json(#"{"payload": null}"#))
        #expect(ticket.payload is NSNull)
    }
}
