import Foundation
import ReflectMap
import Testing

struct Library: Mappable {
    var name = ""
    var books: [Book] = []
}

struct Book: Mappable {
    var title = ""
    var pages = 0
    var isbn: String?
}

@Suite("Mapping report")
struct ReportTests {
    @Test("The report lists unmapped keys, unfilled properties, coercions and skips with their paths")
    func fullReport() throws {
        let data = json(
            #"""
            {"name": "City", "address": "Main St",
             "books": [{"title": "A", "pages": "120", "isbn": "1"}, {"title": "B", "pages": "many", "extra": 1}]}
            """#)
        let (library, report) = try JSONMapper().mapWithReport(Library.self, from: data)
        #expect(library.books.map(\.pages) == [120, 0])
        #expect(report.unmappedKeys.sorted() == ["address", "books[1].extra"])
        #expect(report.unfilledProperties == ["books[1].isbn"])
        #expect(report.coercions.map(\.path) == ["books[0].pages"])
        #expect(report.coercions.first?.message == "Converted a string \"120\" to Int.")
        #expect(report.skipped.map(\.path) == ["books[1].pages"])
        #expect(report.skipped.first?.message.contains("found a string \"many\"") == true)
        #expect(!report.isClean)
    }

    @Test("Report entries and errors carry the offending JSON value")
    func offendingValues() throws {
        let data = json(#"{"books": [{"title": "A", "pages": "120"}, {"title": "B", "pages": 1.5}]}"#)
        let (_, report) = try JSONMapper().mapWithReport(Library.self, from: data)
        #expect(report.coercions.map(\.value) == [.string("120")])
        #expect(report.skipped.map(\.value) == [.number(.double(1.5))])
        let complete = json(#"{"name": "L", "books": [{"title": "A", "pages": "120"}, {"title": "B", "pages": 1.5}]}"#)
        let error = mappingError { _ = try JSONMapper(mode: .strict).map(Library.self, from: complete) }
        #expect(error?.value == .string("120"))
        #expect(error?.path == "books[0].pages")
    }

    @Test("A payload that matches exactly gives a clean report")
    func cleanReport() throws {
        let (_, report) = try JSONMapper().mapWithReport(Book.self, from: ["title": "T", "pages": 3, "isbn": "x"])
        #expect(report.isClean)
    }
}
