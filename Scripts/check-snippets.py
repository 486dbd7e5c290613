#!/usr/bin/env python3
"""Checks that every ```swift block of the DocC articles and the README is compiled code.

Each block must appear, line for line, in Tests/DocumentationSnippetTests: in the file named after
the article (README.md's blocks in README.swift), with leading whitespace ignored (a block may sit
inside a function or a namespace there) and blank lines kept. A block whose first line is
`// Package.swift` is a manifest excerpt and is skipped: it cannot be compiled in a test.

Exits 1 and names each block that is not found.
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
tests = root / "Tests" / "DocumentationSnippetTests"
documents = [root / "README.md"] + sorted(root.glob("Sources/*/*.docc/*.md"))
fence = re.compile(r"^( *)```swift *\n(.*?)^\1```", re.M | re.S)


def normalised(lines):
    return [line.strip() for line in lines]


def contains(haystack, needle):
    n = len(needle)
    return any(haystack[i:i + n] == needle for i in range(len(haystack) - n + 1))


failures = 0
blocks = 0
for document in documents:
    snippet_file = tests / (document.stem + ".swift")
    source = normalised(snippet_file.read_text().splitlines()) if snippet_file.exists() else []
    for match in fence.finditer(document.read_text()):
        lines = match.group(2).rstrip("\n").splitlines()
        if lines and lines[0].strip() == "// Package.swift":
            continue
        blocks += 1
        if not contains(source, normalised(lines)):
            failures += 1
            line = document.read_text()[: match.start()].count("\n") + 1
            print(f"{document.relative_to(root)}:{line}: this Swift block is not in "
                  f"{snippet_file.relative_to(root)}:")
            wanted = normalised(lines)
            # The longest prefix of the block found in a row, to point at the first line that differs.
            longest = max((k for k in range(1, len(wanted) + 1) if contains(source, wanted[:k])), default=0)
            print(f"    the first {longest} of its {len(wanted)} lines match; then: {lines[longest].strip()!r}")

print(f"{blocks} Swift blocks checked, {failures} not found")
sys.exit(1 if failures else 0)
