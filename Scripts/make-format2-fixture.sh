#!/usr/bin/env bash
# Writes Tests/Fixtures/format2-before-lists.pmstore with the `pm` of commit 8518bc0 (store format
# 2, Project coding 2: the last code before lists), so that a test proves such a store opens with
# every card in its place, its history and its undo steps. Run once:
#   git worktree add /tmp/v1 8518bc0 && (cd /tmp/v1 && swift build --product pm)
#   Scripts/make-format2-fixture.sh /tmp/v1/.build/debug/pm Tests/Fixtures/format2-before-lists.pmstore
set -euo pipefail
pm=$1
out=$2
rm -f "$out" "$out.lock"
export TZ=UTC PM_STORE=$out NO_COLOR=1
clock=$(mktemp)
echo 0 >"$clock"
run() {
    # A minute later each time, in subshells too.
    local minute=$(($(cat "$clock") + 1))
    echo "$minute" >"$clock"
    PM_NOW=$(printf '2026-11-20T09:%02d:00Z' "$minute") "$pm" "$@"
}
id() { run "$@" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["project"]["id"])'; }

report=$(id add "Write report" --body "Quarterly numbers" --due 2026-11-18)
venue=$(id add "Book venue" --due 2026-12-01)
printer=$(id add "Call the printer")
water=$(id add "Water the plants" --due 2026-11-20 --repeat "FREQ=WEEKLY")
id add "Crème brûlée ☃" --body "한국어 본문" >/dev/null
run move "$report" doing >/dev/null
run move "$venue" done >/dev/null
run move "$printer" doing --at 1 >/dev/null
run edit "$printer" --title "Call the printer again" >/dev/null
run move "$water" done >/dev/null
run board new Work >/dev/null
id add "Plan the sprint" --board Work >/dev/null
sprint=$(id add "Review pull requests" --board Work)
run move "$sprint" doing --board Work >/dev/null
run star "$report" >/dev/null
run undo >/dev/null
rm -f "$clock" "$out.lock"
