#!/usr/bin/env python3
"""Counts the public declarations of the package that have no doc comment, from symbol graphs.

    python3 Scripts/undocumented_symbols.py SOURCES_DIR GRAPH.symbols.json...

Prints each undocumented declaration with its file and line, then one summary line, and exits 1
when there is any. `Scripts/build-docs.sh` runs it on the graphs `swift symbolgraph-extract` writes.

A declaration that `throws` and has a comment of its own must also say what it throws (a
`- Throws:` line, or "throws" in its summary); one that only `rethrows` throws its caller's errors.

What counts: every public symbol declared in SOURCES_DIR (the graph gives it a source location).
What does not:
- symbols the compiler synthesizes (`hashValue`, a derived `init(from:)` or `==`) or that a type
  inherits from another module's protocol extension (`filter(_:)` of a `Sequence`): no location
  in our sources, nothing to comment;
- a member that implements a protocol requirement which has a doc comment, whether the protocol is
  the standard library's (`==`, `<`, `hash(into:)`, `description`, `init(from:)`, `encode(to:)`,
  `id`, `rawValue`, `next()`) or this package's (`ProjectRepository.project(id:)` in
  `AccountScopedRepository`): `symbolgraph-extract` gives it the requirement's comment, as DocC
  shows it, so it is documented here too. Its own comment, when it has one, wins.
"""

import json
import sys
from pathlib import Path


def main(arguments: list[str]) -> int:
    if len(arguments) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    sources = Path(arguments[0]).resolve().as_uri() + "/"
    declarations = {}  # (file, line, column) -> name, kind, documented, inherited
    for graph_path in arguments[1:]:
        graph = json.loads(Path(graph_path).read_text())
        for symbol in graph["symbols"]:
            location = symbol.get("location")
            if location is None or not location["uri"].startswith(sources):
                continue
            position = location["position"]
            key = (location["uri"][len(sources):], position["line"] + 1, position["character"] + 1)
            comment = symbol.get("docComment")
            # A member a type inherits from this package's protocol extension is listed once per
            # type with the extension's location: count the declaration once.
            if key in declarations:
                continue
            own = bool(comment) and is_own_comment(comment, location)
            text = "\n".join(line["text"] for line in comment["lines"]) if comment else ""
            declarations[key] = (
                ".".join(symbol["pathComponents"]),
                symbol["kind"]["displayName"].lower(),
                bool(text.strip()),
                bool(comment) and not own,
                own and throws(symbol) and "throws" not in text.lower(),
            )

    undocumented = sorted((key, value) for key, value in declarations.items() if not value[2])
    for (file, line, _), (name, kind, *_) in undocumented:
        print(f"undocumented: {kind} {name} ({file}:{line})")
    silent = sorted((key, value) for key, value in declarations.items() if value[4])
    for (file, line, _), (name, kind, *_) in silent:
        print(f"errors undocumented: {kind} {name} throws, and its comment has no '- Throws:' ({file}:{line})")
    inherited = sum(1 for value in declarations.values() if value[3])
    print(
        f"Public declarations: {len(declarations)}, "
        f"{len(declarations) - len(undocumented) - inherited} with their own doc comment, "
        f"{inherited} with the comment of the protocol requirement they implement, "
        f"{len(undocumented)} undocumented, {len(silent)} that throw without saying what."
    )
    return 1 if undocumented or silent else 0


def throws(symbol: dict) -> bool:
    """Whether the declaration itself throws: `throws` outside its parameters' parentheses."""
    depth = 0
    for fragment in symbol["declarationFragments"]:
        if fragment["kind"] == "keyword" and fragment["spelling"] == "throws" and depth == 0:
            return True
        if fragment["kind"] == "text":
            depth += fragment["spelling"].count("(") - fragment["spelling"].count(")")
    return False


def is_own_comment(comment: dict, location: dict) -> bool:
    """Whether the comment is written above the declaration rather than inherited from a requirement."""
    if comment.get("uri") != location["uri"]:
        return False
    lines = comment.get("lines") or []
    last = lines[-1].get("range", {}).get("end", {}).get("line") if lines else None
    declaration = location["position"]["line"]
    # Attributes (`@discardableResult`, `@MainActor`) may stand between the comment and the name.
    return last is not None and 0 <= declaration - last <= 8


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
