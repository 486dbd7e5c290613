#!/usr/bin/env python3
"""Type-checks each article's Swift blocks as a reader would paste them: one file per article, its blocks
in order, with no type from anywhere but the libraries, the article itself, and the articles it links
to (their type declarations come first; the article's own win over a linked one of the same name).

Top-level declarations (types, functions, extensions, imports) stay at file scope; the statements of all
blocks run in order in one function, so a later block sees an earlier block's values. A block that
declares a value an earlier block declared (a variant of the same step) gets a scope of its own.

The few values that an article uses without making them are the reader's own: the JSON they hold
(`data`, `listData`, `envelope`) and the service they made (`api`, `service`). They are declared here
with their types, and nothing else is. A block that imports the AsyncHTTPClient trait's module is left
to the snippet tests, which compile it in the trait's build.

    Scripts/check-articles.py [BUILD_DIR]     # BUILD_DIR: the debug build, .build/debug by default

Exits 1 and prints the compiler's errors for each article that does not type-check.
"""
import pathlib
import re
import subprocess
import sys
import tempfile

root = pathlib.Path(__file__).resolve().parent.parent
build = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else root / ".build" / "debug"
documents = [root / "README.md"] + sorted(root.glob("Sources/*/*.docc/*.md"))
by_name = {document.stem: document for document in documents}
fence = re.compile(r"^( *)```swift *\n(.*?)^\1```", re.M | re.S)
declaration = re.compile(
    r"^(@|import |struct |final class |class |enum |extension |protocol |func |typealias |actor |nonisolated "
    r"|public |private |fileprivate |indirect |open |#if |#endif)")
declared_type = re.compile(r"^(?:@\w+(?:\([^)]*\))? )*(?:[a-z]+ )*(struct|class|enum|protocol|actor|typealias|func) (\w+)")
links = re.compile(r"<doc:(\w+)>|\]\((?:[^)]*/)?(\w+)\.md\)")

PRELUDE = """\
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ReflectMap
import ReflectMapClient
import ReflectMapHandyJSON

// The reader's own values: JSON they hold, and the service they made.
nonisolated(unsafe) let data = Data()
nonisolated(unsafe) let listData = Data()
nonisolated(unsafe) let envelope = Data()
nonisolated(unsafe) let api = APIService(baseURL: URL(fileURLWithPath: "/"))
nonisolated(unsafe) let service = APIService(baseURL: URL(fileURLWithPath: "/"))
"""


def split(document):
    """The document's declarations (each with its name, if it declares a type or function) and its
    statement blocks, in order."""
    declarations, statements = [], []
    for match in fence.finditer(document.read_text()):
        block = match.group(2)
        # A manifest excerpt is not Swift to paste; a block that imports a trait's module compiles in
        # the trait's build, where Tests/DocumentationSnippetTests compiles it.
        if block.lstrip().startswith("// Package.swift") or "import AsyncHTTPClient" in block:
            continue
        lines = block.rstrip("\n").split("\n")
        rest, index = [], 0
        while index < len(lines):
            line = lines[index]
            if declaration.match(line):
                chunk = [line]
                depth = line.count("{") - line.count("}")
                index += 1
                while index < len(lines) and depth > 0:
                    chunk.append(lines[index])
                    depth += lines[index].count("{") - lines[index].count("}")
                    index += 1
                name = declared_type.match(line)
                declarations.append((name.groups() if name else None, "\n".join(chunk)))
            else:
                rest.append(line)
                index += 1
        if any(line.strip() for line in rest):
            statements.append("\n".join(rest))
    return declarations, statements


def source(document):
    own, statements = split(document)
    own_names = {name[1] for name, _ in own if name}
    linked, seen = [], set(own_names)
    # Types only: a linked article's functions use its own types, which may share a name with another's.
    for match in links.finditer(document.read_text()):
        target = by_name.get(match.group(1) or match.group(2))
        if target is None or target == document:
            continue
        for name, text in split(target)[0]:
            if name and name[0] != "func" and name[1] not in seen:
                seen.add(name[1])
                linked.append(text)
    lines = [PRELUDE] + linked + [text for _, text in own]
    lines.append("func article() async throws {")
    declared = set()
    for block in statements:
        names = set(re.findall(r"^\s*(?:let|var) (\w+)", block, re.M))
        if names & declared:
            lines += ["do {", block, "}"]
        else:
            lines.append(block)
            declared |= names
    lines.append("}")
    return "\n".join(lines) + "\n"


failures = 0
with tempfile.TemporaryDirectory() as directory:
    for document in documents:
        if not fence.search(document.read_text()):
            continue
        path = pathlib.Path(directory) / (document.stem + ".swift")
        path.write_text(source(document))
        result = subprocess.run(
            ["swiftc", "-typecheck", "-parse-as-library", "-swift-version", "6", "-module-name", "ArticleCheck",
             "-I", str(build / "Modules"),
             str(path)], capture_output=True, text=True)
        errors = [line for line in result.stderr.splitlines() if re.match(r"^\S.*error:", line)]
        if result.returncode != 0:
            failures += 1
            print(f"{document.relative_to(root)}: its blocks, pasted in order, do not type-check:")
            for line in errors[:12]:
                print("   ", line.split("error: ", 1)[-1], f"(line {line.split(':')[1]})")
print(f"{len(documents)} documents checked, {failures} that do not type-check as pasted")
sys.exit(1 if failures else 0)
