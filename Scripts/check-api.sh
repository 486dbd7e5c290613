#!/usr/bin/env bash
# Fails when the public API of ReflectMap, ReflectMapClient or ReflectMapHandyJSON breaks against the
# release named in .api-baseline, unless the changelog explains the break: its section for the next
# major version names the symbol, or its [Unreleased] section lists the symbol under "### Source-compatible
# changes the API checker reports", with why code that compiled against the release still compiles.
#
#   Scripts/check-api.sh
#
# It runs `swift package diagnose-api-breaking-changes`, which builds the baseline commit in a
# temporary checkout (this needs the clone's full history) and compares the two APIs. The baseline's
# API digests are kept in .build-api-baseline, so a second run only builds the current code.
set -euo pipefail
cd "$(dirname "$0")/.."
read -r version baseline < <(grep -v '^#' .api-baseline | head -1)
if ! git cat-file -e "$baseline^{commit}" 2>/dev/null; then
    echo "The API baseline $baseline ($version) is not in this clone; fetch the full history (git fetch --unshallow)."
    exit 1
fi
report=$(mktemp)
trap 'rm -f "$report"' EXIT
status=0
swift package diagnose-api-breaking-changes "$baseline" --products ReflectMap ReflectMapClient ReflectMapHandyJSON \
    --baseline-dir .build-api-baseline > "$report" 2>&1 || status=$?
python3 - "$report" "$status" "$version" CHANGELOG.md <<'PY'
import re, sys
report, status, version, changelog = open(sys.argv[1]).read(), int(sys.argv[2]), sys.argv[3], open(sys.argv[4]).read()
breaks = [line.split("API breakage: ", 1)[1].strip() for line in report.splitlines() if "API breakage: " in line]
if status != 0 and not breaks:
    print(report)
    sys.exit("The API comparison did not run to the end (see above).")
next_major = f"{int(version.split('.')[0]) + 1}.0.0"
# The section of the changelog headed "## [<next major>]", up to the next release heading.
section = re.search(rf"^## \[{re.escape(next_major)}\].*?(?=^## \[|\Z)", changelog, re.M | re.S)
named = section.group(0) if section else ""
# Changes the digester reports that leave every caller's and conformer's code compiling.
unreleased = re.search(r"^## \[Unreleased\].*?(?=^## \[|\Z)", changelog, re.M | re.S)
compatible = re.search(
    r"^### Source-compatible changes the API checker reports.*?(?=^### |\Z)",
    unreleased.group(0) if unreleased else "", re.M | re.S)
named += compatible.group(0) if compatible else ""
unnamed = []
for item in breaks:
    # "func APIService.request(_:as:) has been removed": the symbol is the second word.
    words = item.split()
    symbol = words[1] if len(words) > 1 else item
    if symbol not in named:
        unnamed.append(item)
print(f"API against {version}: {len(breaks)} breaking change(s), {len(breaks) - len(unnamed)} explained in CHANGELOG.md")
for item in unnamed:
    print(f"  not named under [{next_major}] nor as source-compatible: {item}")
sys.exit(1 if unnamed else 0)
PY
