// swift-format-ignore-file
import Foundation
import ReflectMap
import Testing

/// The Polymorphic Models article.
enum PolymorphicModels {
    class Animal: JSONPolymorphic, @unchecked Sendable {
        class var typeKey: String { "type" }
        class var subtypes: [String: any Mappable.Type] { ["dog": Dog.self, "cat": Cat.self] }
        var name = ""
        required init() {}
    }

    nonisolated final class Dog: Animal, @unchecked Sendable {
        var barks = true
    }

    nonisolated final class Cat: Animal, @unchecked Sendable {
        var lives = 9
    }

    struct Shelter: Mappable {
        var animals: [Animal] = []
        var star: Animal?
    }

    struct Image: Mappable {
        var url = ""
    }

    struct Video: Mappable {
        var duration = 0
    }

    enum Attachment: JSONPolymorphicEnum {
        case image(Image)
        case video(Video)
        case unknown(JSONValue)

        static var typeKey: String { "type" }
        static var cases: [JSONEnumCase<Attachment>] { [.init("image", Attachment.image), .init("video", Attachment.video)] }
        static var unknownCase: ((JSONValue) -> Attachment)? { Attachment.unknown }
    }

    struct Post: Mappable {
        var attachments: [Attachment] = []
    }
}

@Suite("Polymorphic Models article")
struct PolymorphicModelsSnippets {
    typealias Dog = PolymorphicModels.Dog
    typealias Cat = PolymorphicModels.Cat
    typealias Shelter = PolymorphicModels.Shelter

    @Test("Each object is created as the subclass its discriminator names")
    func subtypes() throws {
        let shelter = try JSONMapper().map(Shelter.self, from: Data("""
            {"animals": [{"type": "dog", "name": "Rex", "barks": false}, {"name": "Tom", "type": "cat"}]}
            """.utf8))
        for animal in shelter.animals {
            switch animal {
            case let dog as Dog: print(dog.name, dog.barks)
            case let cat as Cat: print(cat.name, cat.lives)
            default: print(animal.name)
            }
        }
        #expect((shelter.animals.first as? Dog)?.barks == false && (shelter.animals.last as? Cat)?.lives == 9)
        let written = try JSONValue(parsing: JSONMapper().data(from: shelter))
        #expect(written["animals"]?[0]?["type"] == .string("dog") && written["animals"]?[1]?["lives"] == .number(.integer(9)))
    }

    @Test("Each object becomes the enum case its discriminator names")
    func enumCases() throws {
        typealias Post = PolymorphicModels.Post
        let post = try JSONMapper().map(Post.self, from: Data("""
            {"attachments": [{"type": "image", "url": "a.png"}, {"type": "video", "duration": 12}, {"type": "poll"}]}
            """.utf8))
        for attachment in post.attachments {
            switch attachment {
            case .image(let image): print(image.url)
            case .video(let video): print(video.duration)
            case .unknown(let object): print(object)
            }
        }
        guard case .image(let image) = post.attachments[0], case .video(let video) = post.attachments[1],
              case .unknown(let object) = post.attachments[2] else {
            Issue.record("unexpected cases: \(post.attachments)")
            return
        }
        #expect(image.url == "a.png" && video.duration == 12 && object["type"] == .string("poll"))
        let written = try JSONValue(parsing: JSONMapper().data(from: post))
        #expect(written["attachments"]?[1] == .object(["type": .string("video"), "duration": .number(.integer(12))]))
    }

    @Test("A polymorphic enum maps at the top level, alone and as a feed, and writes back")
    func topLevelEnums() throws {
        typealias Attachment = PolymorphicModels.Attachment
        let mapper = JSONMapper()
        let feed = try mapper.mapArray(Attachment.self, from: #"[{"type": "image", "url": "a.png"}, {"type": "video"}]"#)
        let one = try mapper.map(Attachment.self, from: #"{"type": "video", "duration": 3}"#)
        let text = try mapper.string(from: one)      // {"duration":3,"type":"video"}
        #expect(feed.count == 2 && text == #"{"duration":3,"type":"video"}"#)
        guard case .image(let image) = feed[0] else {
            Issue.record("unexpected case: \(feed[0])")
            return
        }
        #expect(image.url == "a.png")
    }
}
