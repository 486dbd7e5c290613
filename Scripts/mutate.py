#!/usr/bin/env python3
"""Mutation testing for the ReflectMap package.

Reads one-line mutants from Scripts/mutants.txt, applies each in turn to the library source, builds
the package with its tests, runs the test suite, and reports which mutants the tests catch.

mutants.txt holds one entry per mutant, separated by blank lines:

    ## <area>: <what the mutant does>
    file: <path relative to the package root>
    - <exact original text>
    + <replacement text>

The original text must occur exactly once in the file; an entry where it does not is refused and
reported as "bad entry" (it counts in no score). A mutant that does not compile is "not compiled"
and is left out of the score. One that compiles is "caught" when any test fails or the run times
out (10 minutes), and "survived" when the whole suite passes. The score is
caught / (caught + survived).

Every build and test run holds an exclusive lock on /tmp/swift-build.lock (the lock the rest of the
checkout's tooling shares), so no two Swift builds run at once. The mutated file is restored after
each mutant, also on an error or Ctrl-C, and the package is rebuilt once at the end so that .build
matches the unmutated sources again.

Usage, from anywhere:

    Scripts/mutate.py                  # every mutant
    Scripts/mutate.py --only 3,17      # mutants 3 and 17 (1-based, in file order)
    Scripts/mutate.py --filter retry   # mutants whose header contains "retry" (any case)
    Scripts/mutate.py --only 5 --tests EdgeValueTests   # run only the tests `swift test --filter` picks

Client tests need the loopback server's Python: export REFLECTMAP_PYTHON first, e.g.
`export REFLECTMAP_PYTHON=$PWD/.build-venv/bin/python`.

The results table is printed and also appended to /tmp/reflectmap-mutants.log.
"""

import argparse
import fcntl
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MUTANTS = os.path.join(ROOT, "Scripts", "mutants.txt")
# Outside the checkout: .gitignore does not cover a log file in the package root.
LOG = "/tmp/reflectmap-mutants.log"
LOCK = "/tmp/swift-build.lock"
BUILD_TIMEOUT = 20 * 60
TEST_TIMEOUT = 10 * 60


class Mutant:
    def __init__(self, number, header, path, original, replacement):
        self.number = number
        self.header = header
        self.path = path
        self.original = original
        self.replacement = replacement


def parse_mutants(text):
    """The entries of mutants.txt, in order. Raises ValueError on a malformed entry."""
    mutants = []
    for block in text.split("\n\n"):
        lines = [line for line in block.splitlines() if line.strip()]
        if not lines:
            continue
        if len(lines) != 4 or not lines[0].startswith("## ") or not lines[1].startswith("file: ") \
                or not lines[2].startswith("- ") or not lines[3].startswith("+ "):
            raise ValueError("malformed entry:\n" + block)
        mutants.append(Mutant(len(mutants) + 1, lines[0][3:].strip(), lines[1][6:].strip(),
                              lines[2][2:], lines[3][2:]))
    return mutants


def log(message, out):
    print(message, flush=True)
    out.write(message + "\n")
    out.flush()


def run(command, timeout):
    """Runs a command in the package root; returns (exit status or "timeout", combined output)."""
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               start_new_session=True)
    try:
        output, _ = process.communicate(timeout=timeout)
        return process.returncode, output.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        # Ends the whole process group the command started, and only that one.
        os.killpg(process.pid, 9)
        process.communicate()
        return "timeout", ""
    except BaseException:
        os.killpg(process.pid, 9)
        process.communicate()
        raise


class BuildLock:
    """Holds the shared build lock for the duration of a `with` block."""

    def __enter__(self):
        self.handle = open(LOCK, "a")
        fcntl.flock(self.handle, fcntl.LOCK_EX)
        return self

    def __exit__(self, *exc):
        fcntl.flock(self.handle, fcntl.LOCK_UN)
        self.handle.close()


def first_failures(output, count=3):
    """The names of a few failing tests in `swift test` output, for the table."""
    names = []
    for line in output.splitlines():
        if "failed after" in line and ("Test " in line or "Suite " in line) or "error:" in line and "Expectation" in line:
            names.append(line.strip()[:140])
            if len(names) == count:
                break
    return names


def try_mutant(mutant, out, tests=None):
    """Applies, builds and tests one mutant; returns its outcome."""
    path = os.path.join(ROOT, mutant.path)
    if not os.path.isfile(path):
        log(f"  refused: {mutant.path} does not exist", out)
        return "bad entry"
    with open(path, encoding="utf-8") as handle:
        source = handle.read()
    occurrences = source.count(mutant.original)
    if occurrences != 1:
        log(f"  refused: the original occurs {occurrences} times in {mutant.path}", out)
        return "bad entry"
    mutated = source.replace(mutant.original, mutant.replacement)
    # The lock is taken before the file changes and released only after it is restored, so no other
    # build sharing the lock ever sees the mutated source.
    with BuildLock():
        try:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(mutated)
            status, output = run(["swift", "build", "--build-tests"], BUILD_TIMEOUT)
            if status != 0:
                return "not compiled"
            command = ["swift", "test", "--skip-build"] + (["--filter", tests] if tests else [])
            status, output = run(command, TEST_TIMEOUT)
        finally:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(source)
    if status == "timeout":
        log("  test run timed out", out)
        return "caught"
    if status != 0:
        for name in first_failures(output):
            log(f"    {name}", out)
        return "caught"
    return "survived"


def main():
    parser = argparse.ArgumentParser(description="Mutation testing over Scripts/mutants.txt.")
    parser.add_argument("--only", help="comma-separated mutant numbers (1-based)")
    parser.add_argument("--filter", help="only mutants whose header contains this text (any case)")
    parser.add_argument("--tests", help="run only the tests this `swift test --filter` pattern picks "
                                        "(the whole suite by default)")
    arguments = parser.parse_args()

    with open(MUTANTS, encoding="utf-8") as handle:
        mutants = parse_mutants(handle.read())
    if arguments.only:
        wanted = {int(part) for part in arguments.only.split(",") if part.strip()}
        mutants = [mutant for mutant in mutants if mutant.number in wanted]
    if arguments.filter:
        mutants = [mutant for mutant in mutants if arguments.filter.lower() in mutant.header.lower()]

    results = []
    with open(LOG, "a", encoding="utf-8") as out:
        scope = f", tests matching {arguments.tests}" if arguments.tests else ", whole suite"
        log(f"=== mutation run {time.strftime('%Y-%m-%d %H:%M:%S')}, {len(mutants)} mutants{scope}", out)
        try:
            for mutant in mutants:
                started = time.time()
                log(f"[{mutant.number}] {mutant.header} ({mutant.path})", out)
                outcome = try_mutant(mutant, out, arguments.tests)
                log(f"  -> {outcome} ({time.time() - started:.0f} s)", out)
                results.append((mutant, outcome))
        except KeyboardInterrupt:
            log("interrupted; the mutated file has been restored", out)
        finally:
            log("rebuilding the unmutated sources", out)
            with BuildLock():
                status, _ = run(["swift", "build", "--build-tests"], BUILD_TIMEOUT)
            if status != 0:
                log("  warning: the final rebuild failed", out)

        log("", out)
        log(f"{'#':>3}  {'outcome':<13} mutant", out)
        for mutant, outcome in results:
            log(f"{mutant.number:>3}  {outcome:<13} {mutant.header}", out)
        counts = {name: sum(1 for _, outcome in results if outcome == name)
                  for name in ("caught", "survived", "not compiled", "bad entry")}
        scored = counts["caught"] + counts["survived"]
        score = 100.0 * counts["caught"] / scored if scored else 0.0
        log("", out)
        log(f"caught {counts['caught']}, survived {counts['survived']}, not compiled "
            f"{counts['not compiled']}, bad entries {counts['bad entry']}", out)
        log(f"score: {counts['caught']}/{scored} = {score:.1f}%", out)
        survivors = [str(mutant.number) for mutant, outcome in results if outcome == "survived"]
        if survivors:
            log(f"survivors: --only {','.join(survivors)}", out)


if __name__ == "__main__":
    main()
