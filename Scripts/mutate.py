#!/usr/bin/env python3
"""Mutation sampling: how many one-line bugs does the test suite catch?

Draws a fresh sample of one-line, behaviour-changing mutants from the library's three products
(ReflectMap, ReflectMapClient, ReflectMapHandyJSON), applies each in turn to the working tree, builds,
runs the tests, and restores the file. A mutant is caught when the build of the tests succeeds and a
test fails (or the run outlives its time limit); a mutant whose code does not compile is not a bug the
tests could see, so it is replaced by another draw. It prints each mutant and its fate, then the share
caught.

    Scripts/mutate.py                 40 mutants, a seed drawn from the clock (printed, to repeat a run)
    Scripts/mutate.py --count 60 --seed 1234
    Scripts/mutate.py --list          the sample only, nothing built

Each mutant changes one operator or literal on one line of code (never a comment or a string):
a comparison's boundary (`<` and `<=`, `>` and `>=`), its sense (`==` and `!=`), a Boolean operator
(`&&` and `||`), a Boolean literal, an integer literal (n and n + 1), or `+ 1` and `- 1`. The tests of
the mutant's own product run first; when they all pass, the rest of the suite runs too (the stress test
of cancellations aside, which only times races). The working tree must be clean: each file is restored
from its own text after its mutant, and on interrupt.
"""

import argparse
import os
import random
import re
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRODUCTS = {
    "ReflectMap": ("Sources/ReflectMap", "ReflectMapTests"),
    "ReflectMapClient": ("Sources/ReflectMapClient", "ReflectMapClientTests"),
    "ReflectMapHandyJSON": ("Sources/ReflectMapHandyJSON", "ReflectMapHandyJSONTests"),
}
# Sources that the default build leaves out (behind the AsyncHTTPClient and NIOWebSocket traits).
EXCLUDED_DIRECTORIES = ("Transport/AsyncHTTPClient", "Features/WebSocket/NIO")
# Conditions of code that only Apple platforms build.
APPLE_ONLY = ("canImport(Security)", "canImport(Darwin)", "canImport(ObjectiveC)", "canImport(UIKit)",
              "canImport(AppKit)", "os(macOS)", "os(iOS)", "os(tvOS)", "os(watchOS)", "os(visionOS)")
# Conditions of code that only Linux builds, whose `#else` is Apple's.
LINUX_ONLY = ("canImport(FoundationNetworking)", "os(Linux)", "canImport(Glibc)")
# How the sample is spread: a share of the mutants per product, at least one each.
SHARES = {"ReflectMap": 0.5, "ReflectMapClient": 0.3, "ReflectMapHandyJSON": 0.2}

OPERATORS = [
    (re.compile(r"(?<![<>=!&|])<=(?!=)"), "<"),
    (re.compile(r"(?<![<>=!&|])>=(?!=)"), ">"),
    (re.compile(r"(?<=\s)<(?=\s)"), "<="),
    (re.compile(r"(?<=\s)>(?=\s)"), ">="),
    (re.compile(r"(?<=\s)==(?=\s)"), "!="),
    (re.compile(r"(?<=\s)!=(?=\s)"), "=="),
    (re.compile(r"(?<=\s)&&(?=\s)"), "||"),
    (re.compile(r"(?<=\s)\|\|(?=\s)"), "&&"),
    (re.compile(r"\btrue\b"), "false"),
    (re.compile(r"\bfalse\b"), "true"),
    (re.compile(r"(?<=\s)\+ 1\b"), "- 1"),
    (re.compile(r"(?<=\s)- 1\b"), "+ 1"),
]
INTEGER = re.compile(r"(?<![\w.$])(\d+)(?![\w.])")


def code_part(line):
    """The line up to its comment, with string literals blanked, so that no mutant lands in either."""
    out, in_string, i = [], False, 0
    while i < len(line):
        c = line[i]
        if not in_string and line.startswith("//", i):
            break
        if c == '"':
            in_string = not in_string
            out.append(c)
        elif in_string:
            out.append(" " if c != "\\" else " ")
            if c == "\\" and i + 1 < len(line):
                out.append(" ")
                i += 1
        else:
            out.append(c)
        i += 1
    return "".join(out)


def candidates(product):
    """Every (file, line number, column, old text, new text) one operator or literal can change."""
    directory = os.path.join(ROOT, PRODUCTS[product][0])
    found = []
    for folder, _, files in os.walk(directory):
        relative = os.path.relpath(folder, directory)
        if any(relative.startswith(excluded) for excluded in EXCLUDED_DIRECTORIES):
            continue
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as handle:
                lines = handle.read().split("\n")
            # Lines inside `#if` blocks for Apple platforms only, which this build leaves out: a mutant
            # there changes nothing the tests here run.
            # Each open block: (whether its branch is left out here, whether its `#else` is).
            blocks = []
            for number, line in enumerate(lines):
                stripped = line.strip()
                if stripped.startswith("#if"):
                    negated = "!" in stripped
                    apple = any(name in stripped for name in APPLE_ONLY)
                    linux = any(name in stripped for name in LINUX_ONLY)
                    left_out = (apple and not negated) or (linux and negated)
                    else_left_out = (linux and not negated) or (apple and negated)
                    blocks.append([left_out, else_left_out])
                    continue
                if stripped.startswith("#else") and blocks:
                    blocks[-1][0] = blocks[-1][1]
                    continue
                if stripped.startswith("#endif") and blocks:
                    blocks.pop()
                    continue
                if any(block[0] for block in blocks):
                    continue
                if not stripped or stripped.startswith(("//", "///", "import ", "#", "@", "case ")):
                    continue
                if "precondition" in line or "assert" in line or "Log." in line:
                    continue
                code = code_part(line)
                for pattern, replacement in OPERATORS:
                    for match in pattern.finditer(code):
                        found.append((path, number, match.start(), match.group(0), replacement))
                for match in INTEGER.finditer(code):
                    value = int(match.group(1))
                    if value > 1 << 40 or "0x" in code[max(0, match.start() - 2):match.start() + 2]:
                        continue
                    found.append((path, number, match.start(1), match.group(1), str(value + 1)))
    return found


def sample(count, rng):
    pools = {product: candidates(product) for product in PRODUCTS}
    for pool in pools.values():
        rng.shuffle(pool)
    quotas = {product: max(1, round(count * share)) for product, share in SHARES.items()}
    return pools, quotas


def run(command, limit):
    """The command's exit status, or None when it outlives `limit` seconds (it is then killed)."""
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    try:
        return process.wait(timeout=limit)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--list", action="store_true", help="print the sample only")
    parser.add_argument("--limit", type=int, default=240, help="seconds a build or test run may take; a test run that takes longer is a hang, and counts as caught")
    arguments = parser.parse_args()
    seed = arguments.seed if arguments.seed is not None else int(time.time())
    rng = random.Random(seed)
    print(f"seed {seed}")
    if not arguments.list:
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "Sources"], cwd=ROOT,
                               capture_output=True, text=True).stdout
        if dirty.strip():
            sys.exit("Sources has uncommitted changes; mutate.py restores files from their text, so commit first.")
        # A first build may take many minutes: it has no time limit.
        if run(["swift", "build", "--build-tests"], None) != 0:
            sys.exit("The unmutated tree does not build.")
    pools, quotas = sample(arguments.count, rng)
    results = []
    current = {"path": None, "text": None}

    def restore(*_):
        if current["path"]:
            with open(current["path"], "w", encoding="utf-8") as handle:
                handle.write(current["text"])
            current["path"] = None
        if _:
            sys.exit(1)

    signal.signal(signal.SIGINT, restore)
    signal.signal(signal.SIGTERM, restore)
    for product, quota in quotas.items():
        taken, pool = 0, pools[product]
        while taken < quota and pool:
            path, number, column, old, new = pool.pop()
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
            lines = text.split("\n")
            line = lines[number]
            mutated = line[:column] + new + line[column + len(old):]
            where = f"{os.path.relpath(path, ROOT)}:{number + 1}"
            if arguments.list:
                print(f"{where}: {line.strip()}  →  {mutated.strip()}")
                taken += 1
                continue
            lines[number] = mutated
            current.update(path=path, text=text)
            with open(path, "w", encoding="utf-8") as handle:
                handle.write("\n".join(lines))
            try:
                if run(["swift", "build", "--build-tests"], arguments.limit) != 0:
                    continue  # does not compile: not a bug a test could see; draw another
                own = PRODUCTS[product][1]
                status = run(["swift", "test", "--skip-build", "--filter", own], arguments.limit)
                if status == 0:
                    status = run(["swift", "test", "--skip-build", "--skip", own, "--skip", "CancellationStressTests"],
                                 arguments.limit)
            finally:
                restore()
            caught = status != 0
            taken += 1
            results.append((where, line.strip(), mutated.strip(), caught))
            fate = "caught" if caught else "SURVIVED"
            if status is None:
                fate += " (time limit)"
            print(f"{fate:>20}  {where}: {line.strip()}  →  {mutated.strip()}", flush=True)
    if arguments.list:
        return
    run(["swift", "build", "--build-tests"], None)
    caught = sum(1 for result in results if result[3])
    print(f"\n{caught} of {len(results)} caught ({100 * caught / max(1, len(results)):.0f}%), seed {seed}")
    for where, old, new, was_caught in results:
        if not was_caught:
            print(f"survivor  {where}: {old}  →  {new}")


if __name__ == "__main__":
    main()
