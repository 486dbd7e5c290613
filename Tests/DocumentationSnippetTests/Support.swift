import Foundation

// The code blocks of the DocC articles and the README, compiled (kean/Get's CodeSamplesTests is the
// model). Each file is named after its article and holds that article's ```swift blocks verbatim,
// inside functions or namespaces; Scripts/check-snippets.py checks that every block is here. Where it
// is cheap, a test runs the block against a fixed payload and checks what it says.

/// UTF-8 bytes of a JSON literal.
func json(_ text: String) -> Data {
    Data(text.utf8)
}
