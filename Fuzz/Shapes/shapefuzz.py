#!/usr/bin/env python3
"""Model-shape fuzzer for ReflectMap.

Each round generates a Swift file with random model declarations (structs, classes with inheritance,
optionals, nested arrays and dictionaries, String/Int enums, @JSONKey with alternates, @JSONIgnored,
`let`, `weak`, `lazy`; a registered adapter, @JSONTransform properties, nested
@JSONKey(path:) and JSONPolymorphic hierarchies; property-wrapped properties through
Codable and JSONPropertyWrapper wrappers, plain `_id`-style names, and Foundation's NSNumber,
NSDecimalNumber, NSString, NSArray, NSDictionary, NSDate and NSURL) and many matching and mismatching JSON documents,
builds it against the library under AddressSanitizer in a scratch package (.build-shapefuzz/), and
runs it. The program checks, in lenient and strict mode, that map(_:from: Data) and
map(_:fromJSONObject:) (JSONSerialization's object) agree on the model (compared as data(from:)
bytes), the error description and the report, that writing and re-reading round-trips, that
update(_:from:) on a default value agrees with map, that a default value is written under the
expected keys, and that lenient mode throws only at the top level. Any disagreement, crash or sanitizer report fails the run
with the seed, and the generated file is kept.

    Fuzz/Shapes/shapefuzz.py --seed 7 --rounds 3 --models-per-round 16
    Fuzz/Shapes/shapefuzz.py --seconds 1200          # as many rounds as fit
"""
import argparse
import fcntl
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from shapegen import Generator

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SCRATCH = ROOT / ".build-shapefuzz"
PACKAGE = SCRATCH / "package"
LOCK = "/tmp/swift-build.lock"
BUILD_TIMEOUT = 900

PACKAGE_SWIFT = """// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ShapeFuzz",
    dependencies: [.package(path: "{root}")],
    targets: [
        .executableTarget(
            name: "ShapeFuzz",
            dependencies: [.product(name: "ReflectMap", package: "{identity}")],
            path: "Sources/ShapeFuzz"
        ),
    ],
    swiftLanguageModes: [.v6]
)
"""


def write_package(package=PACKAGE):
    (package / "Sources" / "ShapeFuzz").mkdir(parents=True, exist_ok=True)
    text = PACKAGE_SWIFT.format(root=ROOT, identity=ROOT.name.lower())
    manifest = package / "Package.swift"
    if not manifest.exists() or manifest.read_text() != text:
        manifest.write_text(text)


class BuildLock:
    """flock(2) on /tmp/swift-build.lock, like `flock /tmp/swift-build.lock swift build`: one Swift build
    on the machine at a time. Taken here, so that the build's time limit starts once the lock is held."""

    def __enter__(self):
        self.file = None
        if held_by_ancestor(LOCK):
            return self  # `flock /tmp/swift-build.lock .ci/run`: waiting would deadlock
        self.file = open(LOCK, "a")
        fcntl.flock(self.file, fcntl.LOCK_EX)
        return self

    def __exit__(self, *exc):
        if self.file:
            fcntl.flock(self.file, fcntl.LOCK_UN)
            self.file.close()


def held_by_ancestor(path):
    """Whether a process this one runs under (such as `flock LOCK .ci/run`) holds the flock on `path`,
    read from /proc/locks; then the caller already has the machine's build slot."""
    try:
        inode = os.stat(path).st_ino
        holders = set()
        with open("/proc/locks") as locks:
            for line in locks:
                fields = line.split()
                if "->" in fields:
                    continue  # a waiter, not a holder
                if len(fields) >= 6 and fields[1] == "FLOCK" and fields[5].rsplit(":", 1)[-1] == str(inode):
                    holders.add(int(fields[4]))
        pid = os.getppid()
        while pid > 1:
            if pid in holders:
                return True
            with open(f"/proc/{pid}/status") as status:
                pid = next(int(l.split()[1]) for l in status if l.startswith("PPid:"))
    except (OSError, ValueError, StopIteration):
        return False
    return False


def build(release, package=PACKAGE):
    args = ["swift", "build", "--package-path", str(package), "--sanitize=address"]
    if release:
        args += ["-c", "release"]
    with BuildLock():
        return build_locked(args)


def build_locked(args):
    # A new session, so that a build that overruns its time is stopped with all its compiler processes.
    process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               start_new_session=True)
    try:
        output, _ = process.communicate(timeout=BUILD_TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        return False, f"error: the build took longer than {BUILD_TIMEOUT} s", []
    result = subprocess.CompletedProcess(args, process.returncode)
    warnings = sorted({line for line in output.splitlines() if "warning:" in line and "/ShapeFuzz/" in line})
    if result.returncode != 0:
        return False, output, warnings
    bin_path = subprocess.run(args + ["--show-bin-path"], capture_output=True, text=True).stdout.strip()
    return Path(bin_path) / "ShapeFuzz", output, warnings


def fail(message, seed, kept):
    print(f"\nshapefuzz: FAILED (seed {seed}): {message}", file=sys.stderr)
    print(f"shapefuzz: reproducer kept at {kept}", file=sys.stderr)
    print(f"shapefuzz: rerun with  Fuzz/Shapes/shapefuzz.py --seed {seed} --rounds 1", file=sys.stderr)
    sys.exit(1)


def replay(path, release, env):
    package = SCRATCH / "replay"  # a package of its own, so that a replay can run beside a fuzzing run
    write_package(package)
    (package / "Sources" / "ShapeFuzz" / "main.swift").write_text(path.read_text())
    binary, output, _ = build(release, package)
    if not binary:
        print(output[-6000:], file=sys.stderr)
        sys.exit(f"shapefuzz: {path} does not build")
    result = subprocess.run([str(binary)], env=env)
    sys.exit(result.returncode)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", default=None, help="seed of the first round (later rounds use seed+1, ...)")
    parser.add_argument("--rounds", type=int, default=None, help="rounds to run (default 1, or unlimited with --seconds)")
    parser.add_argument("--models-per-round", type=int, default=16)
    parser.add_argument("--documents-per-model", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=None, help="stop starting rounds after this long")
    parser.add_argument("--release", action="store_true", help="build with -c release (still under ASan)")
    parser.add_argument("--no-declare-subclasses", dest="declare_subclasses", action="store_false",
                        help="never declare properties or top-level checks as subclasses of polymorphic bases "
                             "(changes what a seed generates)")
    parser.add_argument("--replay", metavar="FILE", help="build and run one kept round file instead")
    parser.add_argument("--keep-going", action="store_true", help="record failing rounds and continue")
    args = parser.parse_args()

    seed = int(args.seed) if args.seed is not None else random.SystemRandom().randrange(1, 2**31)
    rounds = args.rounds if args.rounds is not None else (1 if args.seconds is None else 10**9)
    deadline = time.monotonic() + args.seconds if args.seconds else None
    write_package()
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = "detect_leaks=1:abort_on_error=0:halt_on_error=1"
    env["LSAN_OPTIONS"] = f"suppressions={ROOT / '.ci' / 'lsan-suppressions.txt'}"

    if args.replay:
        replay(Path(args.replay), args.release, env)
    totals = {"rounds": 0, "models": 0, "documents": 0, "checks": 0, "failed_rounds": 0,
              "byteRejections": 0, "lenientMapped": 0, "lenientClean": 0}
    started = time.monotonic()
    for number in range(rounds):
        if deadline and time.monotonic() >= deadline:
            break
        round_seed = seed + number
        generator = Generator(random.Random(round_seed), args.models_per_round, args.documents_per_model,
                              declare_subclasses=args.declare_subclasses)
        source = generator.swift_file(round_seed)
        kept = SCRATCH / f"round-{round_seed}.swift"
        kept.write_text(source)
        (PACKAGE / "Sources" / "ShapeFuzz" / "main.swift").write_text(source)
        t0 = time.monotonic()
        binary, output, warnings = build(args.release)
        if not binary:
            errors = "\n".join(line for line in output.splitlines() if "error" in line)[:4000]
            fail(f"the generated file does not compile (a generator bug, or a compiler crash):\n{errors}", round_seed, kept)
        if warnings:
            print("shapefuzz: warnings in the generated file:\n  " + "\n  ".join(warnings[:10]), file=sys.stderr)
        t1 = time.monotonic()
        try:
            result = subprocess.run([str(binary)], capture_output=True, text=True, env=env, timeout=600)
            out, code = result.stdout + result.stderr, result.returncode
        except subprocess.TimeoutExpired as timeout:
            out, code = f"timed out after 600 s\n{timeout.stdout or ''}", -1
        summary = re.search(r"SUMMARY models=(\d+) documents=(\d+) checks=(\d+) failures=(\d+)", out)
        for name, count in re.findall(r"(byteRejections|lenientMapped|lenientClean)=(\d+)", out):
            totals[name] += int(count)
        sanitizer = "AddressSanitizer" in out or "LeakSanitizer" in out
        totals["rounds"] += 1
        if summary:
            totals["models"] += int(summary.group(1))
            totals["documents"] += int(summary.group(2))
            totals["checks"] += int(summary.group(3))
        print(f"round {number + 1} seed {round_seed}: build {t1 - t0:.0f} s, run {time.monotonic() - t1:.0f} s, "
              + (summary.group(0) if summary else f"no summary (exit {code})")
              + "".join(f" {m.group(0)}" for m in re.finditer(r"(byteRejections|lenientMapped|lenientClean)=\d+", out)), flush=True)
        if code != 0 or sanitizer or not summary or summary.group(4) != "0":
            log = SCRATCH / f"round-{round_seed}.log"
            log.write_text(out)
            print(out[-12000:], file=sys.stderr)
            totals["failed_rounds"] += 1
            what = "sanitizer report" if sanitizer else ("disagreements" if summary else f"crash (exit {code})")
            if not args.keep_going:
                fail(f"{what}; output in {log}", round_seed, kept)
            print(f"shapefuzz: round with seed {round_seed} failed ({what}); kept {kept} and {log}", file=sys.stderr)
        else:
            kept.unlink()
    elapsed = time.monotonic() - started
    print(f"shapefuzz: {totals['rounds']} rounds, {totals['models']} models, {totals['documents']} documents, "
          f"{totals['checks']} checks in {elapsed:.0f} s (first seed {seed}); failed rounds: {totals['failed_rounds']}; "
          f"documents the byte route "
          f"rejected by design (huge exponents, deep nesting, truncation): {totals['byteRejections']}; lenient reads "
          f"that gave a model: {totals['lenientMapped']} ({totals['lenientClean']} with a clean report)")
    sys.exit(1 if totals["failed_rounds"] else 0)


if __name__ == "__main__":
    main()
