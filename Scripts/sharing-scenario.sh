#!/usr/bin/env bash
# The three-store sharing scenario of issue 32, with `pm` in separate processes, on a shared folder
# and on a bare git repository, run again and again:
#
#   bash Scripts/sharing-scenario.sh                    # 50 runs on each remote, the debug pm
#   bash Scripts/sharing-scenario.sh --runs 1 --remote folder --pm .build/release/pm
#
# A shares a board; B and C join. Apart: A moves, edits, deletes and adds; C deletes a card that B
# then edits; C moves a card to the top of To Do; A and B both complete the same occurrence of a
# weekly card; each adds one. A and B sync at the same moment; a junk file is planted at A's next
# log number; a half copy of B's newest file sits in the shared folder while C syncs, then is made
# whole; A is put back from a copy taken before its last three syncs (with its .sync folder on
# even runs, without on odd ones). Everyone syncs twice. Then every store must show the same
# board (cards, order, fields), lists, history and conflicts, and nothing acknowledged is missing.
#
# It prints one line per run and, last, `N passed, N failed`; it exits 1 when any run failed.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=50
remotes=(folder git)
pm=.build/debug/pm
while [[ $# -gt 0 ]]; do
    case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --remote) [[ "$2" == both ]] && remotes=(folder git) || remotes=("$2"); shift 2 ;;
    --pm) pm="$2"; shift 2 ;;
    *) echo "sharing-scenario: unknown option $1" >&2; exit 2 ;;
    esac
done
[[ -x "$pm" ]] || swift build --product pm >/dev/null
pm="$(cd "$(dirname "$pm")" && pwd)/$(basename "$pm")"

# One run in folder `$1` on remote kind `$2` (folder or git), run number `$3`. Prints why it
# failed, if it did, and returns 1.
scenario() {
    local work="$1" kind="$2" run="$3"
    export HOME="$work/home" TZ=UTC GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
    mkdir -p "$HOME"
    echo 0 > "$work/minute"
    # Each command a minute after the one before, so that the stores' clocks order what they did
    # (kept in a file: commands whose output is captured run in a subshell).
    at() {
        local minute=$(($(cat "$work/minute") + 1))
        echo "$minute" > "$work/minute"
        date -u -d "2026-03-15T12:00:00Z + $minute minutes" +%FT%TZ
    }
    # A pm that fails is named in `failures` (set -e does not hold inside an `if`), and the run fails.
    on() {
        local store="$1" status=0; shift
        PM_NOW="$(at)" "$pm" "$@" --store "$work/$store/projects.pmstore" 2>>"$work/errors" || status=$?
        if ((status != 0)); then
            echo "pm $* (store $store) exited $status: $(tail -1 "$work/errors")" >> "$work/failures"
        fi
        return "$status"
    }
    quiet() { on "$@" >/dev/null; }

    local remote
    if [[ "$kind" == git ]]; then
        remote="$work/hub.git"
        git init --quiet --bare "$remote"
    else
        remote="$work/shared"
        mkdir -p "$remote"
    fi

    # A shares; B and C join.
    local plan draft review ship weekly
    plan=$(on a add "Plan"); draft=$(on a add "Draft"); review=$(on a add "Review"); ship=$(on a add "Ship")
    weekly=$(on a add "Weekly sync" --due 2026-03-16 --repeat FREQ=WEEKLY)
    quiet a remote add hub "$remote"; quiet a share hub
    for store in b c; do quiet "$store" remote add hub "$remote"; quiet "$store" join hub; done

    # Apart.
    quiet a move "$plan" doing; quiet a edit "$draft" --title "Draft v2"; quiet a delete "$ship"
    quiet a add "New from A"
    quiet c delete "$review"; quiet b edit "$review" --title "Review v2"
    quiet c move "$draft" todo --at 1
    quiet a move "$weekly" done; quiet b move "$weekly" done
    quiet b add "New from B"; quiet c add "New from C"

    # A copy of A before its last three syncs.
    mkdir -p "$work/a-copy"
    cp -R "$work/a/projects.pmstore" "$work/a-copy/"
    (( run % 2 == 0 )) && cp -R "$work/a/projects.sync" "$work/a-copy/"

    # A and B push at once (sync 1 of A's three).
    local stamp; stamp="$(at)"
    PM_NOW="$stamp" "$pm" sync --store "$work/a/projects.pmstore" >/dev/null 2>>"$work/errors" &
    local first=$!
    PM_NOW="$stamp" "$pm" sync --store "$work/b/projects.pmstore" >/dev/null 2>>"$work/errors" &
    local second=$!
    wait "$first" || echo "pm sync (store a, at once with b) exited $?" >> "$work/failures"
    wait "$second" || echo "pm sync (store b, at once with a) exited $?" >> "$work/failures"
    

    # A junk file at A's next log number.
    local replica next copy
    replica=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["replica"])' \
        "$work/a/projects.sync/remotes.json")
    if [[ "$kind" == git ]]; then
        copy="$work/planter"
        local branch; branch=$(git --git-dir="$remote" for-each-ref --format='%(refname:short)' refs/heads | head -1)
        git clone --quiet --branch "$branch" "$remote" "$copy"
        next=$(find "$copy/replicas/$replica" -name '*.ops' | sed 's#.*/##; s#\.ops##' | sort -n | tail -1)
        printf 'junk' > "$copy/replicas/$replica/$((next + 1)).ops"
        git -C "$copy" add -A
        git -C "$copy" -c user.name=x -c user.email=x@x commit --quiet -m junk
        git -C "$copy" push --quiet origin "$branch"
    else
        next=$(find "$remote/replicas/$replica" -name '*.ops' | sed 's#.*/##; s#\.ops##' | sort -n | tail -1)
        printf 'junk' > "$remote/replicas/$replica/$((next + 1)).ops"
    fi
    quiet b sync

    # A half copy of B's newest file while C syncs (a shared folder shows one for a moment).
    quiet b add "Second from B"; quiet b sync
    if [[ "$kind" == folder ]]; then
        local newest; newest=$(ls -t "$remote"/replicas/*/*.ops | head -1)
        cp "$newest" "$work/whole.ops"
        head -c $(( $(wc -c < "$newest") / 2 )) "$work/whole.ops" > "$newest"
        quiet c sync
        cp "$work/whole.ops" "$newest"
    else
        quiet c sync
    fi

    quiet a sync    # A's second
    quiet a sync    # and third
    # A is put back.
    rm -rf "$work/a/projects.pmstore" "$work/a/projects.sync.restored"
    cp -R "$work/a-copy/projects.pmstore" "$work/a/"
    if [[ -d "$work/a-copy/projects.sync" ]]; then
        rm -rf "$work/a/projects.sync"; cp -R "$work/a-copy/projects.sync" "$work/a/"
    fi

    for store in a b c a b c; do quiet "$store" sync; done

    # Every store shows the same; nothing acknowledged is missing.
    for store in a b c; do
        on "$store" board --json > "$work/$store.board.json"
        on "$store" lists > "$work/$store.lists"
        on "$store" history > "$work/$store.history"
        on "$store" status --json | python3 -c '
import json, sys
print(sorted((b["remote"], b["conflicts"]) for b in json.load(sys.stdin)["boards"]))' > "$work/$store.conflicts"
    done
    if [[ -s "$work/failures" ]]; then
        tr '\n' ';' < "$work/failures"
        return 1
    fi
    python3 - "$work" <<'PY'
import json, sys
work = sys.argv[1]
def board(store):
    data = json.load(open(f"{work}/{store}.board.json"))
    return [(c["name"], [(p["fullID"], p["title"], p["body"], p["deadline"], p["state"]) for p in c["projects"]])
            for c in data["columns"]]
problems = []
first = board("a")
for store in "bc":
    if board(store) != first:
        problems.append(f"{store}'s board differs from a's")
    for kind in ("lists", "history", "conflicts"):
        if open(f"{work}/{store}.{kind}").read() != open(f"{work}/a.{kind}").read():
            problems.append(f"{store}'s {kind} differs from a's")
titles = [title for _, projects in first for _, title, *_ in projects]
for title in ["Plan", "Draft v2", "Weekly sync", "New from A", "New from B", "New from C", "Second from B"]:
    if titles.count(title) != 1:
        problems.append(f"{title!r} is there {titles.count(title)} times")
for title in ["Ship", "Review", "Review v2"]:
    if title in titles:
        problems.append(f"{title!r} was deleted and is there")
weekly = [p for _, projects in first for p in projects if p[1] == "Weekly sync"]
if weekly and weekly[0][3] != "2026-03-23":
    problems.append(f"the weekly card is due {weekly[0][3]}, not 2026-03-23 (completed once)")
todo = [title for name, projects in first if name == "To Do" for _, title, *_ in projects]
if not todo or todo[0] != "Draft v2":
    problems.append(f"To Do does not start with 'Draft v2': {todo}")
history = open(f"{work}/a.history").read()
if history.count("Kept an edit of a card another device deleted") != 1:
    problems.append("the conflict entry is not in the history once")
print("; ".join(problems))
sys.exit(1 if problems else 0)
PY
}

passed=0
failed=0
for kind in "${remotes[@]}"; do
    for run in $(seq 1 "$runs"); do
        work="$(mktemp -d)"
        if out="$(scenario "$work" "$kind" "$run" 2>&1)"; then
            passed=$((passed + 1))
            echo "$kind run $run: converged"
        else
            failed=$((failed + 1))
            echo "$kind run $run: FAILED: $(echo "$out" | tail -3 | tr "\n" " ")"
        fi
        [[ -n "${KEEP:-}" ]] && echo "kept $work" || rm -rf "$work"
    done
done
echo "$passed passed, $failed failed"
[[ "$failed" -eq 0 ]]
