#!/usr/bin/env bash
# Builds and runs the README's library example exactly as the README writes it: every fenced block
# under a `<!-- readme-example: PATH -->` marker becomes PATH in a new package beside a link to this
# repository (the README's `../ProjectManager`), which is then built and run. A README that drifts
# from the library fails here.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
ln -s "$repo" "$work/ProjectManager"
mkdir "$work/example"

python3 - "$repo/README.md" "$work/example" <<'PY'
import os, re, sys
readme, out = sys.argv[1], sys.argv[2]
blocks = re.findall(r'<!-- readme-example: (\S+) -->\n```\w*\n(.*?)```', open(readme, encoding='utf-8').read(), re.S)
if len(blocks) < 2:
    sys.exit(f"check-readme-example: found {len(blocks)} marked blocks in the README, expected the manifest and the program")
for path, text in blocks:
    target = os.path.join(out, path)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    open(target, 'w', encoding='utf-8').write(text)
    print(f"check-readme-example: wrote {path}")
PY

cd "$work/example"
# The example's own build folder, so that the repository's is left alone.
swift build 2>&1 | tail -n 3
output="$(swift run --skip-build 2>&1)"
echo "$output"
expected=$'todo 1 ["Book venue"]\ndoing 1 ["Write report"]\ndone 0 []'
if [[ "$output" != *"$expected"* ]]; then
    echo "check-readme-example: the program did not print what the README says" >&2
    exit 1
fi
echo "check-readme-example: the README's example builds and prints what it says"
