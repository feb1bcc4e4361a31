#!/usr/bin/env bash
# Checks the public API of the `ProjectManager` library (its module and the Domain and Presentation
# it re-exports) against the last release: the commit that
# set the version in VERSION (1.0.0 is also tagged `1.0.0` where tags travel). A change that breaks
# a library user's code (a removed or changed declaration, a protocol requirement without a
# default) fails here; it then needs a new major version in VERSION and a CHANGELOG.md entry.
set -euo pipefail
cd "$(dirname "$0")/.."
version="$(tr -d '[:space:]' < VERSION)"
baseline="$(git log -1 --format=%H -- VERSION)"
if [[ -z "$baseline" ]]; then
    echo "check-api: VERSION has no commit yet; nothing to compare with" >&2
    exit 1
fi
if [[ "$(git rev-parse HEAD)" == "$baseline" ]] || git diff --quiet "$baseline" HEAD -- Sources Package.swift; then
    echo "check-api: the sources are those of $version ($baseline): nothing to compare"
    exit 0
fi
echo "check-api: comparing the ProjectManager library with $version ($baseline)"
# The baseline is built in a folder of its own; only the summary is kept from its output.
if ! output="$(swift package diagnose-api-breaking-changes "$baseline" --targets ProjectManagerDomain ProjectManagerPresentation ProjectManager 2>&1)"; then
    echo "$output" | grep -vE '^\[[0-9]+/[0-9]+\]' >&2
    echo "check-api: the public API breaks $version; raise the major version in VERSION and say what broke in CHANGELOG.md" >&2
    exit 1
fi
echo "$output" | grep -vE '^\[[0-9]+/[0-9]+\]' | tail -n 5
