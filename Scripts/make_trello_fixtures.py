#!/usr/bin/env python3
"""Writes the Trello exports under Tests/Fixtures/Trello that `TrelloExportTests` (Tests/DomainTests)
reads, in the shape Trello's "Export as JSON" gives one board. Standard library only; the same files
on every run (fixed seed, fixed dates):

    python3 Scripts/make_trello_fixtures.py

- small-board.json: six lists (one archived; a tie of positions; a "top" position), eleven cards
  (archived ones; a tie; positions "bottom" and "24576"), a label of every colour with an unnamed one,
  one without colour and light and dark shades, checklists, comments from several people, due dates
  with and without fractional seconds, and one of each thing the import leaves out and counts.
- large-board.json: 600 cards in 6 lists of 100; card i has i % 3 checklists and i % 4 comments
  (600 checklists, 900 comments), every tenth card archived.
- thousand-cards.json: 1,000 cards in 8 lists of 125, built the same way (999 checklists,
  1,500 comments, 100 archived cards).
- not-json.txt, not-a-board.json (one card's export: no lists, no cards) and unknown-list.json (a
  card in a list the export does not hold): inputs the import refuses.
"""

import json
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

OUTPUT = Path(__file__).resolve().parent.parent / "Tests" / "Fixtures" / "Trello"
SEED = 18
EPOCH = datetime(2026, 3, 2, 9, 0, 0, tzinfo=timezone.utc)

KINDS = {
    "board": 0, "list": 1, "card": 2, "label": 3, "member": 4, "checklist": 5, "checkItem": 6,
    "action": 7, "attachment": 8, "customField": 9, "plugin": 10, "sticker": 11,
}
COLOURS = ["green", "yellow", "orange", "red", "purple", "blue", "sky", "lime", "pink", "black"]


def tid(kind, number):
    """A 24-digit hexadecimal id as Trello writes them: the kind, then the number."""
    return f"6a0c{KINDS[kind]:04x}{number:016x}"


def stamp(moment):
    """2026-03-02T09:00:00.000Z: Trello's dates, in UTC with milliseconds."""
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def board(number, name, desc=""):
    return {
        "id": tid("board", number), "name": name, "desc": desc, "descData": None, "closed": False,
        "idOrganization": tid("board", 999), "pinned": False, "url": f"https://trello.com/b/{number:08d}",
        "shortUrl": f"https://trello.com/b/{number:08d}",
        "prefs": {"permissionLevel": "private", "background": "blue", "cardCovers": True},
        "labelNames": {colour: "" for colour in COLOURS},
        "lists": [], "cards": [], "labels": [], "checklists": [], "members": [], "actions": [],
        "customFields": [], "pluginData": [],
    }


def trello_list(number, name, pos, closed=False):
    return {
        "id": tid("list", number), "name": name, "closed": closed, "pos": pos,
        "idBoard": tid("board", 1), "subscribed": False, "softLimit": None,
    }


def label(number, name, color):
    return {"id": tid("label", number), "idBoard": tid("board", 1), "name": name, "color": color, "uses": 0}


def member(number, full_name, username):
    return {
        "id": tid("member", number), "fullName": full_name, "username": username, "initials": full_name[:1],
        "avatarUrl": None, "memberType": "normal", "confirmed": True,
    }


def card(number, name, list_id, pos, desc="", closed=False, labels=(), members=(), due=None, due_complete=False):
    return {
        "id": tid("card", number), "name": name, "desc": desc, "idList": list_id, "closed": closed, "pos": pos,
        "due": due, "dueComplete": due_complete, "dueReminder": None, "start": None,
        "idBoard": tid("board", 1), "idLabels": [item["id"] for item in labels],
        "labels": list(labels), "idMembers": [item["id"] for item in members], "idMembersVoted": [],
        "idChecklists": [], "idShort": number, "idAttachmentCover": None, "manualCoverAttachment": False,
        "shortUrl": f"https://trello.com/c/{number:08d}", "url": f"https://trello.com/c/{number:08d}",
        "dateLastActivity": stamp(EPOCH), "subscribed": False,
        "badges": {"comments": 0, "attachments": 0, "checkItems": 0, "checkItemsChecked": 0},
        "attachments": [], "customFieldItems": [], "pluginData": [], "stickers": [],
    }


def checklist(number, the_card, name, pos, items):
    """`items`: (number, name, complete, pos) each."""
    the_card["idChecklists"].append(tid("checklist", number))
    return {
        "id": tid("checklist", number), "idCard": the_card["id"], "idBoard": tid("board", 1), "name": name,
        "pos": pos,
        "checkItems": [
            {
                "id": tid("checkItem", item), "idChecklist": tid("checklist", number), "name": text,
                "state": "complete" if complete else "incomplete", "pos": item_pos, "due": None,
                "idMember": None, "nameData": {"emoji": {}},
            }
            for item, text, complete, item_pos in items
        ],
    }


def comment(number, card_id, card_name, text, moment, author, embed_author=True):
    action = {
        "id": tid("action", number), "idMemberCreator": author["id"], "type": "commentCard",
        "date": stamp(moment),
        "data": {
            "text": text, "textData": {"emoji": {}},
            "card": {"id": card_id, "name": card_name, "idShort": 1, "shortLink": "x"},
            "board": {"id": tid("board", 1), "name": "Board"},
            "list": {"id": tid("list", 1), "name": "List"},
        },
        "appCreator": None, "limits": {},
    }
    if embed_author:
        action["memberCreator"] = {
            key: author[key] for key in ("id", "fullName", "username", "initials", "avatarUrl")
        }
    return action


def other_action(number, kind, card_id, moment, author):
    return {
        "id": tid("action", number), "idMemberCreator": author["id"], "type": kind, "date": stamp(moment),
        "data": {"card": {"id": card_id}, "board": {"id": tid("board", 1)}},
        "memberCreator": {"id": author["id"], "fullName": author["fullName"], "username": author["username"]},
    }


# MARK: - The small board


def small_board():
    data = board(1, "Launch plan", "Everything for the spring launch.")
    data["customFields"] = [
        {"id": tid("customField", 1), "name": "Budget", "type": "number", "pos": 16384},
        {"id": tid("customField", 2), "name": "Owner", "type": "text", "pos": 32768},
    ]
    data["pluginData"] = [{"id": tid("plugin", 1), "idPlugin": tid("plugin", 100), "scope": "board", "value": "{}"}]

    # Lists, not in the file in their board order: "Waiting" and "Doing" share a position, and
    # Waiting's id is the smaller; "Inbox" is at "top".
    todo = trello_list(3, "To Do", 16384)
    doing = trello_list(5, "Doing", 32768)
    waiting = trello_list(4, "Waiting", 32768)
    done = trello_list(6, "Done", 49152)
    old = trello_list(7, "Old ideas", 65536, closed=True)
    inbox = trello_list(2, "Inbox", "top")
    data["lists"] = [todo, doing, waiting, done, old, inbox]

    names = ["Design", "Copy", "Legal", "Blocked", "Research", "Engineering", "Ops", "Marketing", "Events",
             "Security"]
    labels = [label(number + 1, name, colour) for number, (name, colour) in enumerate(zip(names, COLOURS))]
    someday = label(11, "Someday", None)
    unnamed = label(12, "", "sky_dark")
    urgent = label(13, "Urgent-ish", "red_light")
    data["labels"] = labels + [someday, unnamed, urgent]
    by_name = {item["name"]: item for item in data["labels"]}

    ada = member(1, "Ada Lovelace", "ada")
    grace = member(2, "Grace Hopper", "grace")
    alan = member(3, "Alan Turing", "alan")
    data["members"] = [ada, grace, alan]

    press = card(
        1, "Write press release", todo["id"], 32768, desc="Two paragraphs and a quote.",
        labels=[by_name["Copy"], by_name["Marketing"], unnamed], members=[ada, grace],
        due="2026-12-24T14:00:00.000Z")
    venue = card(3, "Book venue", todo["id"], 16384, labels=[by_name["Events"]])
    badges = card(2, "Order badges", todo["id"], 16384, labels=[someday])
    posters = card(4, "Print posters", todo["id"], "bottom")
    photographer = card(5, "Hire photographer", todo["id"], "24576", labels=[urgent])
    retro = card(6, "Ideas from the retro", inbox["id"], 16384, members=[ada])
    retro["idLabels"].append(tid("label", 99))  # a label since deleted
    retro["idMembers"].append(tid("member", 99))  # someone who left the board
    retro["idMembersVoted"] = [ada["id"], grace["id"]]
    retro["stickers"] = [{"id": tid("sticker", 1), "image": "thumbsup", "top": 0, "left": 0, "zIndex": 1}]
    quote = card(7, "Wait for the quote", waiting["id"], 16384, members=[alan])
    quote["start"] = "2026-03-10T08:00:00.000Z"
    landing = card(
        8, "Build landing page", doing["id"], 16384, desc="Static page, no tracking.",
        labels=[by_name["Design"], by_name["Engineering"]], members=[grace, alan],
        due="2026-11-30T09:30:00Z", due_complete=True)
    landing["attachments"] = [
        {"id": tid("attachment", 1), "name": "mockup.png", "url": "https://example.com/mockup.png", "bytes": 48213,
         "mimeType": "image/png", "isUpload": True}
    ]
    landing["customFieldItems"] = [
        {"id": tid("customField", 11), "idCustomField": tid("customField", 1), "value": {"number": "1200"}},
        {"id": tid("customField", 12), "idCustomField": tid("customField", 2), "value": {"text": "Grace"}},
    ]
    landing["pluginData"] = [{"id": tid("plugin", 2), "idPlugin": tid("plugin", 100), "scope": "card", "value": "{}"}]
    date = card(9, "Pick a date", done["id"], 16384, labels=labels[:])
    logo = card(10, "Old logo", done["id"], 32768, closed=True)
    blimp = card(11, "Blimp flyover", old["id"], 16384, labels=[by_name["Research"]])
    data["cards"] = [press, venue, badges, posters, photographer, retro, quote, landing, date, logo, blimp]

    data["checklists"] = [
        checklist(1, press, "Draft", 16384, [
            (1, "Outline", True, 16384), (2, "Quotes", False, 49152), (3, "First draft", True, 32768)]),
        checklist(2, landing, "Launch", 32768, [(4, "Deploy", False, 16384), (5, "Announce", False, 32768)]),
        checklist(3, landing, "Build", 16384, [(6, "Markup", True, 16384), (7, "Styles", True, 32768)]),
        # The checklist of a card since deleted.
        checklist(4, card(99, "Deleted", todo["id"], 1), "Orphan", 16384, [(8, "Nothing", False, 1)]),
    ]

    day = timedelta(days=1)
    data["actions"] = [
        comment(10, landing["id"], landing["name"], "Mockups are in.", EPOCH + 2 * day, grace),
        comment(11, landing["id"], landing["name"], "Looks **great**.", EPOCH + 3 * day, ada),
        comment(12, landing["id"], landing["name"], "Shipped to staging.", EPOCH + 5 * day, alan,
                embed_author=False),
        comment(13, press["id"], press["name"], "Draft attached.", EPOCH + 1 * day + timedelta(hours=2), ada),
        comment(14, press["id"], press["name"], "Needs a quote from Grace.", EPOCH + 4 * day, alan),
        comment(15, tid("card", 99), "Deleted", "On a card since deleted.", EPOCH, ada),
        other_action(20, "createCard", press["id"], EPOCH, ada),
        other_action(21, "createCard", landing["id"], EPOCH, grace),
        other_action(22, "updateCard", landing["id"], EPOCH + day, grace),
        other_action(23, "addMemberToCard", landing["id"], EPOCH + day, alan),
        other_action(24, "createList", landing["id"], EPOCH, ada),
    ]
    data["actions"].sort(key=lambda action: action["date"], reverse=True)  # Trello writes newest first
    return data


# MARK: - Generated boards

WORDS = ["plan", "review", "ship", "draft", "call", "design", "fix", "order", "book", "write", "test", "clean",
         "the", "budget", "venue", "release", "page", "report", "team", "client", "notes", "printer", "logo"]
FIRST = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken", "Margaret", "Niklaus"]
LAST = ["Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen", "Thompson", "Hamilton", "Wirth"]


def generated_board(number, name, list_count, per_list, seed):
    rng = random.Random(seed)
    data = board(number, name)
    lists = [trello_list(100 + index, f"List {index + 1}", 16384 * (index + 1)) for index in range(list_count)]
    data["lists"] = rng.sample(lists, len(lists))
    labels = [label(100 + index, colour.capitalize(), colour) for index, colour in enumerate(COLOURS)]
    labels.append(label(110, "", "green_light"))
    data["labels"] = labels
    members = [member(100 + index, f"{FIRST[index]} {LAST[index]}", FIRST[index].lower()) for index in range(8)]
    data["members"] = members

    cards, checklists, actions = [], [], []
    for index in range(list_count * per_list):
        the_list = lists[index // per_list]
        title = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 6))).capitalize()
        due = stamp(EPOCH + timedelta(hours=rng.randint(0, 24 * 300))) if index % 5 == 0 else None
        the_card = card(
            1000 + index, f"{title} #{index}", the_list["id"], round(rng.uniform(1, 1_000_000), 4),
            desc=" ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 30))),
            closed=index % 10 == 9, labels=rng.sample(labels, rng.randint(0, 3)),
            members=rng.sample(members, rng.randint(0, 2)), due=due, due_complete=due is not None and index % 7 == 0)
        cards.append(the_card)
        for position in range(index % 3):
            checklist_number = 1000 + 3 * index + position
            items = [
                (10 * checklist_number + item, f"Step {item + 1}", rng.random() < 0.5, 16384 * rng.randint(1, 64))
                for item in range(1 + (index + position) % 5)
            ]
            checklists.append(checklist(checklist_number, the_card, f"Checklist {position + 1}", 16384 * (position + 1),
                                        items))
        for position in range(index % 4):
            moment = EPOCH + timedelta(hours=index, minutes=17 * position)
            text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 12)))
            actions.append(comment(1000 + 4 * index + position, the_card["id"], the_card["name"], text, moment,
                                   rng.choice(members)))
    data["cards"] = rng.sample(cards, len(cards))
    data["checklists"] = checklists
    actions.sort(key=lambda action: action["date"], reverse=True)
    data["actions"] = actions
    return data


# MARK: - Refused inputs

NOT_JSON = """Card Name,List Name,Labels,Due Date
Write press release,To Do,Copy,2026-12-24
Book venue,To Do,Events,
"""


def not_a_board():
    """What Trello exports for one card: a card, not a board."""
    return card(1, "Write press release", tid("list", 3), 16384)


def unknown_list():
    data = board(2, "Dangling card")
    todo = trello_list(3, "To Do", 16384)
    data["lists"] = [todo]
    data["cards"] = [
        card(1, "Fine", todo["id"], 16384),
        card(2, "Lost card", tid("list", 404), 16384),
    ]
    return data


def write(name, value, pretty):
    text = json.dumps(value, indent=2 if pretty else None, separators=None if pretty else (",", ":"),
                      ensure_ascii=False)
    (OUTPUT / name).write_text(text + "\n", encoding="utf-8")


def main():
    OUTPUT.mkdir(parents=True, exist_ok=True)
    write("small-board.json", small_board(), pretty=True)
    write("large-board.json", generated_board(2, "Large board", 6, 100, SEED), pretty=False)
    write("thousand-cards.json", generated_board(3, "Thousand cards", 8, 125, SEED + 1), pretty=False)
    (OUTPUT / "not-json.txt").write_text(NOT_JSON, encoding="utf-8")
    write("not-a-board.json", not_a_board(), pretty=True)
    write("unknown-list.json", unknown_list(), pretty=True)
    for path in sorted(OUTPUT.iterdir()):
        print(f"{path.name}: {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
