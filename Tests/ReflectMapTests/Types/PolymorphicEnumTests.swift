import Foundation
import ReflectMap
import Testing

// Enums with associated values as polymorphic targets: JSONPolymorphicEnum.

struct ImagePayload: Mappable, Equatable {
    var url = ""
    var width = 0
}

struct VideoPayload: Mappable, Equatable {
    var duration = 0
}

enum Attachment: JSONPolymorphicEnum, Equatable {
    case image(ImagePayload)
    case video(VideoPayload)
    case unknown(JSONValue)

    static var typeKey: String { "type" }
    static var cases: [JSONEnumCase<Attachment>] {
        [.init("image", Attachment.image), .init("video", Attachment.video), .init("movie", Attachment.video)]
    }
    static var unknownCase: ((JSONValue) -> Attachment)? { Attachment.unknown }
}

/// The same cases with no unknown case.
enum StrictAttachment: JSONPolymorphicEnum, Equatable {
    case image(ImagePayload)
    case video(VideoPayload)

    static var typeKey: String { "kind" }
    static var cases: [JSONEnumCase<StrictAttachment>] {
        [.init("image", StrictAttachment.image), .init("video", StrictAttachment.video)]
    }
}

struct OnlyStrictAttachments: Mappable {
    var main: StrictAttachment = .video(VideoPayload())
    var others: [StrictAttachment] = []
}

struct AttachmentMessage: Mappable, Equatable {
    var attachments: [Attachment] = []
    var pinned: Attachment?
    var byName: [String: Attachment] = [:]
    var main: StrictAttachment = .video(VideoPayload())
    var others: [StrictAttachment] = []
}

@Suite("Enums with associated values as polymorphic targets")
struct PolymorphicEnumTests {
    let document = json(
        #"""
        {"attachments": [{"type": "image", "url": "a.png", "width": 3}, {"duration": 12, "type": "video"},
                         {"type": "movie", "duration": 5}],
         "pinned": {"type": "video", "duration": 1},
         "byName": {"x": {"type": "image", "url": "x.png", "width": 0}},
         "main": {"kind": "image", "url": "m.png", "width": 0}, "others": []}
        """#)

    @Test("Each object becomes the case its discriminator names, wherever the discriminator sits, on both routes")
    func readsTheNamedCase() throws {
        let expected = AttachmentMessage(
            attachments: [
                .image(ImagePayload(url: "a.png", width: 3)), .video(VideoPayload(duration: 12)),
                .video(VideoPayload(duration: 5)),
            ],
            pinned: .video(VideoPayload(duration: 1)),
            byName: ["x": .image(ImagePayload(url: "x.png"))],
            main: .image(ImagePayload(url: "m.png"))
        )
        let (fromBytes, report) = try JSONMapper().mapWithReport(AttachmentMessage.self, from: document)
        #expect(fromBytes == expected)
        #expect(report.unmappedKeys.isEmpty, "the discriminator is not an unmapped key: \(report.unmappedKeys)")
        let tree = try #require(try JSONSerialization.jsonObject(with: document) as? [String: Any])
        #expect(try JSONMapper().map(AttachmentMessage.self, from: tree) == expected)
        #expect(try JSONMapper(mode: .strict).map(AttachmentMessage.self, from: document) == expected)
    }

    @Test("Writing a case writes its payload with its first discriminator, and reads back the same")
    func writesPayloadWithDiscriminator() throws {
        let message = try JSONMapper().map(AttachmentMessage.self, from: document)
        let written = try JSONValue(parsing: JSONMapper().data(from: message))
        #expect(
            written["attachments"]?[0]
                == .object(["type": .string("image"), "url": .string("a.png"), "width": .number(.integer(3))]))
        #expect(written["attachments"]?[2] == .object(["type": .string("video"), "duration": .number(.integer(5))]))
        #expect(written["main"]?["kind"] == .string("image"))
        #expect(try JSONMapper().map(AttachmentMessage.self, from: JSONMapper().data(from: message)) == message)
        let tree = try #require(try JSONMapper().jsonObject(from: message) as? [String: Any])
        #expect((tree["pinned"] as? [String: Any])?["type"] as? String == "video")
    }

    @Test("An unknown discriminator goes to the unknown case, which keeps the object and writes it back unchanged")
    func unknownCaseKeepsTheObject() throws {
        let input = json(#"{"attachments": [{"type": "poll", "question": "?"}, {"url": "no-type"}]}"#)
        let (message, report) = try JSONMapper().mapWithReport(AttachmentMessage.self, from: input)
        #expect(
            message.attachments == [
                .unknown(.object(["type": .string("poll"), "question": .string("?")])),
                .unknown(.object(["url": .string("no-type")])),
            ])
        #expect(report.unknownValues.map(\.path) == ["attachments[0]", "attachments[1]"])
        let written = try JSONValue(parsing: JSONMapper().data(from: message))
        #expect(written["attachments"]?[0] == .object(["type": .string("poll"), "question": .string("?")]))
    }

    @Test("Without an unknown case, an unknown or missing discriminator is skipped and reported in lenient mode")
    func lenientSkipsUnknown() throws {
        let input = json(
            #"{"others": [{"kind": "image", "url": "ok"}, {"kind": "poll"}, {"url": "none"}], "main": {"kind": "gif"}}"#
        )
        let (message, report) = try JSONMapper().mapWithReport(AttachmentMessage.self, from: input)
        #expect(message.others == [.image(ImagePayload(url: "ok"))])
        #expect(message.main == .video(VideoPayload()))
        #expect(report.skipped.map(\.path) == ["main.kind", "others[1].kind", "others[2].kind"])
        #expect(report.skipped.first?.value == .string("gif"))
    }

    @Test("In strict mode an unknown or missing discriminator is an error at the discriminator's path")
    func strictThrows() throws {
        let unknown = mappingError {
            _ = try JSONMapper(mode: .strict).map(
                OnlyStrictAttachments.self,
                from: json(#"{"main": {"kind": "video", "duration": 1}, "others": [{"kind": "poll"}]}"#))
        }
        #expect(unknown?.path == "others[0].kind")
        #expect(
            unknown?.kind
                == .invalidValue(
                    value: "a string \"poll\"", type: "StrictAttachment case (one of \"image\", \"video\")"))
        let missing = mappingError {
            _ = try JSONMapper(mode: .strict).map(
                OnlyStrictAttachments.self, from: json(#"{"main": {"url": "x"}, "others": []}"#))
        }
        #expect(missing?.path == "main.kind")
        #expect(missing?.kind == .missingKey(expected: "the discriminator \"kind\" of StrictAttachment"))
    }

    @Test("A value that is not an object, or a payload that does not fit, is a mismatch like any other")
    func mismatches() throws {
        let input = json(#"{"main": 5, "others": [{"kind": "video", "duration": "long"}]}"#)
        let (message, report) = try JSONMapper().mapWithReport(AttachmentMessage.self, from: input)
        #expect(message.main == .video(VideoPayload()))
        #expect(message.others == [.video(VideoPayload())])
        #expect(report.skipped.map(\.path) == ["main", "others[0].duration"])
        let error = mappingError { _ = try JSONMapper(mode: .strict).map(OnlyStrictAttachments.self, from: input) }
        #expect(error?.path == "main")
    }

    @Test("Streams and update read enum cases too")
    func streamsAndUpdate() throws {
        struct Holder: Mappable, Equatable { var item: Attachment? }
        let lines = json(
            #"{"item": {"type": "image", "url": "1"}}"# + "\n" + #"{"item": {"type": "video", "duration": 2}}"#)
        let streamed = try streamed(Holder.self, lines, layout: .jsonLines, bufferSize: 7)
        #expect(streamed.values.map(\.item) == [.image(ImagePayload(url: "1")), .video(VideoPayload(duration: 2))])
        var holder = Holder(item: .image(ImagePayload(url: "old")))
        try JSONMapper().update(&holder, from: json(#"{"item": {"type": "video", "duration": 9}}"#))
        #expect(holder.item == .video(VideoPayload(duration: 9)))
    }

    @Test("A case made in code that the cases do not list cannot be written, and says so")
    func unlistedCase() throws {
        struct Holder: Mappable { var item: StrictAttachment? }
        enum Partial: JSONPolymorphicEnum {
            case image(ImagePayload)
            case video(VideoPayload)
            static var typeKey: String { "type" }
            static var cases: [JSONEnumCase<Partial>] { [.init("image", Partial.image)] }
        }
        struct PartialHolder: Mappable { var item: Partial = .video(VideoPayload()) }
        let error = mappingError { _ = try JSONMapper().data(from: PartialHolder()) }
        #expect(error?.path == "item")
        guard case .notRepresentable? = error?.kind else {
            Issue.record("expected notRepresentable, got \(String(describing: error))")
            return
        }
    }
}

@Suite("A polymorphic enum wherever a model type goes")
struct TopLevelPolymorphicEnumTests {
    let mapper = JSONMapper()
    let feed = #"""
        [{"type": "image", "url": "a.png", "width": 2}, {"type": "video", "duration": 9},
         {"type": "poll", "question": "?"}]
        """#

    @Test("map, mapArray and [Enum].self read enums at the top level, from Data, String and trees")
    func topLevelReading() throws {
        #expect(
            try mapper.map(Attachment.self, from: #"{"type": "video", "duration": 4}"#) == .video(.init(duration: 4)))
        #expect(
            try mapper.map(Attachment.self, from: json(#"{"url": "b.png", "type": "image"}"#))
                == .image(.init(url: "b.png", width: 0)))
        let kinds = try mapper.mapArray(Attachment.self, from: feed)
        #expect(kinds.count == 3)
        #expect(kinds[0] == .image(.init(url: "a.png", width: 2)))
        #expect(kinds[1] == .video(.init(duration: 9)))
        #expect(kinds[2] == .unknown(.object(["type": .string("poll"), "question": .string("?")])))
        #expect(try mapper.map([Attachment].self, from: json(feed)) == kinds)
        let tree = try JSONSerialization.jsonObject(with: json(feed))
        #expect(try mapper.map([Attachment].self, fromJSONObject: tree) == kinds)
        #expect(
            try mapper.map(Attachment.self, from: #"{"data": {"items": [{"type": "video"}]}}"#, at: "data.items.0")
                == .video(.init(duration: 0)))
    }

    @Test("An enum with no unknown case refuses an unknown discriminator at the top level, in both modes")
    func topLevelUnknown() throws {
        for mode in [MappingMode.lenient, .strict] {
            let error = #expect(throws: MappingError.self) {
                try JSONMapper(mode: mode).map(StrictAttachment.self, from: #"{"kind": "poll"}"#)
            }
            #expect(error?.description.contains("poll") == true)
        }
        let lenient = try JSONMapper().mapWithReport(
            [StrictAttachment].self, from: #"[{"kind": "video", "duration": 1}, {"kind": "poll"}]"#)
        #expect(lenient.value == [.video(.init(duration: 1))])
        #expect(lenient.report.skipped.count == 1)
    }

    @Test("data(from:) and string(from:) write an enum and an array of enums with their discriminators")
    func topLevelWriting() throws {
        #expect(
            try mapper.string(from: Attachment.image(.init(url: "c.png", width: 1)))
                == #"{"type":"image","url":"c.png","width":1}"#)
        let kinds = try mapper.mapArray(Attachment.self, from: feed)
        let written = try mapper.data(from: kinds)
        #expect(try mapper.mapArray(Attachment.self, from: written) == kinds)
        #expect(String(decoding: written, as: UTF8.self).contains(#"{"question":"?","type":"poll"}"#))
        #expect(try mapper.dictionary(from: Attachment.video(.init(duration: 3)))["duration"] as? Int == 3)
    }

    @Test("update replaces an enum value whole, and Enum() is the first listed case with its defaults")
    func updateAndDefault() throws {
        var attachment = Attachment()
        #expect(attachment == .image(.init(url: "", width: 0)))
        try mapper.update(&attachment, from: #"{"type": "video", "duration": 6}"#)
        #expect(attachment == .video(.init(duration: 6)))
        #expect(StrictAttachment() == .image(.init(url: "", width: 0)))
    }

    @Test("A stream of enums maps each element by its discriminator")
    func streamedEnums() async throws {
        var seen: [Attachment] = []
        let feed = self.feed
        let bytes = AsyncStream<UInt8> { continuation in
            for byte in feed.utf8 { continuation.yield(byte) }
            continuation.finish()
        }
        for try await attachment in mapper.elements(Attachment.self, from: bytes, bufferSize: 7) {
            seen.append(attachment)
        }
        #expect(seen == (try mapper.mapArray(Attachment.self, from: feed)))
    }
}
