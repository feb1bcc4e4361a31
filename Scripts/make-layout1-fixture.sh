#!/usr/bin/env bash
# Writes Tests/Fixtures/layout1-snapshot.pmstore with the `pm` of commit 9fdc84b (store format 2,
# snapshot layout 1: every table read whole, no index), so that a test proves such a store opens
# with everything in its place and is rewritten in layout 2. The board is Trello's 600-card export
# (lists, labels, checklists, comments), compacted into a snapshot, then a few saves after it.
# Run once:
#   git worktree add /tmp/v2 9fdc84b && (cd /tmp/v2 && swift build --product pm)
#   Scripts/make-layout1-fixture.sh /tmp/v2/.build/debug/pm Tests/Fixtures/layout1-snapshot.pmstore
set -euo pipefail
pm=$1
out=$2
rm -f "$out" "$out.lock"
export TZ=UTC PM_STORE=$out NO_COLOR=1 PM_NOW=2026-11-20T09:00:00Z
here=$(cd "$(dirname "$0")/.." && pwd)
"$pm" import --trello "$here/Tests/Fixtures/Trello/large-board.json" --board Launch >/dev/null
"$pm" board use Launch >/dev/null
"$pm" compact >/dev/null
id() { "$pm" "$@" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["project"]["id"])'; }
after=$(id add "Added after the snapshot" --due 2026-11-25)
"$pm" move "$after" "List 2" >/dev/null
"$pm" add "Undone after the snapshot" >/dev/null
"$pm" undo >/dev/null
rm -f "$out.lock" "${out%.pmstore}.settings.json"
