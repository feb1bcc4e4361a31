#!/usr/bin/env bash
# Builds the DocC documentation of the ProjectManager library with the toolchain alone, and fails
# on any DocC warning or any public declaration without a doc comment. `.ci/run` runs it.
#
#   bash Scripts/build-docs.sh
#   # → .build/documentation/ProjectManager.doccarchive (static hosting: open it with a web server)
#
# 1. `swift build --target ProjectManager`: the normal debug build, with its usual flags, so it
#    neither rebuilds nor invalidates anything after `swift build` or `swift test`.
# 2. `swift symbolgraph-extract` reads the public symbols of the built modules: `ProjectManager`,
#    with the `ProjectManagerDomain` and `ProjectManagerPresentation` symbols it re-exports, and
#    `ProjectManagerData`, which the library links but does not re-export.
# 3. `docc convert` builds `Sources/ProjectManager/ProjectManager.docc` over `ProjectManager`'s
#    graph alone (it holds the re-exported symbols, so the Domain's and the Presentation's graphs
#    would only add duplicates). Any warning, a link that does not resolve among them, fails.
# 4. `Scripts/undocumented_symbols.py` counts the public declarations of every graph, the Data
#    layer's included, that have no doc comment, and fails on any; its header says which count.
#
# DOCC=/path/to/docc overrides the `docc` found next to `swift` or through `xcrun`.
set -euo pipefail
cd "$(dirname "$0")/.."

output=.build/documentation
graphs="$output/symbol-graphs"
archive="$output/ProjectManager.doccarchive"
docc="${DOCC:-$(command -v docc || xcrun --find docc)}"

now() { date +%s.%N; }
since() { awk -v start="$1" -v end="$(now)" 'BEGIN { printf "%.1f", end - start }'; }

started=$(now)

# 1. The modules.
swift build --target ProjectManager --quiet
built=$(since "$started")

# 2. The symbol graphs.
step=$(now)
modules="$(swift build --show-bin-path)/Modules"
[[ -d "$modules" ]] || modules="$(swift build --show-bin-path)"
triple=$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
sdk=()
if [[ "$(uname)" == Darwin ]]; then sdk=(-sdk "$(xcrun --show-sdk-path)"); fi
rm -rf "$graphs"
for module in ProjectManager ProjectManagerData; do
    mkdir -p "$graphs/$module"
    # The C module the Data layer imports: the module map SwiftPM made for it.
    swift symbolgraph-extract -module-name "$module" -I "$modules" -target "$triple" ${sdk[@]+"${sdk[@]}"} \
        -Xcc -fmodule-map-file="$(swift build --show-bin-path)/CRC32CHardware.build/module.modulemap" \
        -module-cache-path "$output/module-cache" -minimum-access-level public \
        -experimental-allowed-reexported-modules=ProjectManagerDomain,ProjectManagerPresentation \
        -output-dir "$graphs/$module"
done
extracted=$(since "$step")

# 3. The catalogue.
step=$(now)
rm -rf "$archive"
status=0
log=$("$docc" convert Sources/ProjectManager/ProjectManager.docc \
    --additional-symbol-graph-dir "$graphs/ProjectManager" \
    --output-path "$archive" \
    --fallback-display-name ProjectManager \
    --fallback-bundle-identifier org.projectmanager.ProjectManager \
    --fallback-default-module-kind Framework 2>&1) || status=$?
warnings=$(grep -cE '^(warning|error):|: (warning|error):' <<<"$log" || true)
converted=$(since "$step")

# 4. The doc comments.
status_comments=0
python3 Scripts/undocumented_symbols.py Sources "$graphs"/*/*.symbols.json || status_comments=$?

if (( warnings > 0 || status != 0 )); then
    printf '%s\n' "$log"
fi
echo "DocC: $warnings warnings or errors (docc exited $status); archive at $archive"
echo "Time: build ${built}s, symbol graphs ${extracted}s, docc ${converted}s, total $(since "$started")s"
if (( warnings > 0 || status != 0 || status_comments != 0 )); then
    exit 1
fi
