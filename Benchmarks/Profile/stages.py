#!/usr/bin/env python3
"""Groups a `perf report --sort symbol` listing by the stage of the pipeline each function belongs to.

    stages.py <payload> <perf report text>

The first pattern that matches a symbol decides its stage; the patterns name the library's functions
(and the runtime's and libc's that the stage calls), so the groups follow the folder tree: the scanner's
keys, strings and skips, the fill loop, the adapters' numbers and collections, and the memory they take.
"""
import re
import sys

STAGES = [
    ("fill loop: members, key matches, field dispatch", r"readMembers|BoundFieldC4read|KeyTable|ModelAdapterC4read"),
    ("skipping values no property takes", r"skipValue|skipContainer|skipKey|skipLiteral|JSONScannerV7literal"),
    ("finding a string's end", r"scanString|scanLongString|StringContentsEnd|StopsAndHigh|StringRun"),
    ("keys", r"JSONScannerV3key|nextKey|knownKey"),
    ("UTF-8 validation", r"validateUTF8|ValidUTF8|_validate|_allASCII"),
    ("making Strings", r"JSONScannerV6string|unescaped|readPlainString|_uncheckedFromUTF8|_fromUTF8|SS7copying|memmove|memcpy|SS_Tg5"),
    ("whitespace", r"skipWhitespace"),
    # A built-in scalar field's read (`ScalarField.read`) parses its number, or its `true` or `false`,
    # in place; its strings are made in `readPlainString`, above.
    ("numbers", r"Integer|Double|JSONScannerV6number|Float|Decimal|ScalarFieldO4read"),
    # A dictionary's members gather in an array's blocks, and go in at the end (`ElementBuffer.insert`).
    ("dictionaries", r"Dictionary|Hasher|ElementBufferV6insert"),
    ("arrays", r"readElements|ArrayAdapter|ElementBuffer|ElementPool|ContiguousArray|nextElement|_allocateUninitialized|arrayDestroy"),
    ("generic metadata lookups", r"getGenericMetadata|getCache|ConcurrentReadableHashMap|LockingConcurrentMap|AssociatedTypeWitness"),
    ("allocation, reference counting and freeing",
     r"malloc|free|_int_|unlink_chunk|swift_retain|swift_release|bridgeObjectRe|doDecrement|dealloc|swift_allocObject|RefCount|consolidate|initializeWith|destroy|slowAlloc"),
]


def main() -> None:
    payload, listing = sys.argv[1], sys.argv[2]
    shares = {name: 0.0 for name, _ in STAGES}
    other = 0.0
    for line in open(listing, encoding="utf-8", errors="replace"):
        match = re.match(r"\s*([\d.]+)%\s+\[.\]\s+(.*)", line)
        if not match:
            continue
        share, symbol = float(match.group(1)), match.group(2)
        for name, pattern in STAGES:
            if re.search(pattern, symbol):
                shares[name] += share
                break
        else:
            other += share
    print(f"\n{payload}, share of perf's samples over 300 reads:\n")
    print("| stage | share |")
    print("|---|---:|")
    for name, _ in sorted(STAGES, key=lambda stage: -shares[stage[0]]):
        print(f"| {name} | {shares[name]:.1f}% |")
    print(f"| everything else | {other:.1f}% |")


if __name__ == "__main__":
    main()
