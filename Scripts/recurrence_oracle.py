#!/usr/bin/env python3
"""Writes Tests/Fixtures/recurrence-oracle.json: the first 60 occurrences of a few hundred
RRULEs, each from several first days (DTSTART), computed by python-dateutil.

The Swift test `RecurrenceOracleTests` (Tests/DomainTests) checks every date against
`RecurrenceRule` and `Recurrence`. Rerun after changing the rules below:

    pip install python-dateutil
    python3 Scripts/recurrence_oracle.py

Only rules that RFC 5545 allows are listed: dateutil also accepts ordinals in WEEKLY and DAILY
rules (and ignores them) and BYMONTHDAY in WEEKLY rules, which the RFC forbids and the engine
refuses; those refusals are tested in Swift. A first day that the rule does not yield is not an
occurrence, in dateutil and in the engine (the RFC leaves that case undefined), so starts that do
not match their rule are kept on purpose. dateutil also departs from the RFC in the first week
of a WEEKLY rule with BYSETPOS (see `occurrences`), which is corrected here. A rule that never
yields a day (the 29th of February in odd years only) gives an empty list: the engine must report
it as never occurring.
"""

import datetime
import itertools
import json
import os
import sys

import dateutil
from dateutil.rrule import rrulestr

OCCURRENCES = 60

# First days: a Tuesday (dateutil's and the RFC's 1997-09-02), a leap day, a Sunday, the 31st of
# a month, the first of a month, and a day in a non-leap February.
STARTS = ["1997-09-02", "2024-02-29", "2025-12-28", "2026-01-31", "2026-03-01", "2027-02-14"]

RULES = [
    # DAILY
    "FREQ=DAILY",
    "FREQ=DAILY;INTERVAL=3",
    "FREQ=DAILY;INTERVAL=10;COUNT=5",
    "FREQ=DAILY;BYMONTH=1,6",
    "FREQ=DAILY;BYDAY=MO,WE,FR",
    "FREQ=DAILY;BYMONTHDAY=1,15,-1",
    "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29",
    "FREQ=DAILY;BYMONTH=12;BYDAY=SA,SU",
    "FREQ=DAILY;INTERVAL=2;BYDAY=TU",
    "FREQ=DAILY;UNTIL=20270101",
    # WEEKLY
    "FREQ=WEEKLY",
    "FREQ=WEEKLY;INTERVAL=2",
    "FREQ=WEEKLY;BYDAY=MO,WE,FR",
    "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;WKST=SU",
    "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SU;WKST=MO",
    "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SU;WKST=SU",
    "FREQ=WEEKLY;INTERVAL=3;BYDAY=SA,SU;WKST=TH",
    "FREQ=WEEKLY;BYMONTH=1,2,3;BYDAY=SA",
    "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
    "FREQ=WEEKLY;BYDAY=SA,SU;BYSETPOS=1",
    "FREQ=WEEKLY;INTERVAL=3;COUNT=10",
    "FREQ=WEEKLY;BYDAY=SU;UNTIL=20261231",
    # MONTHLY: Korean large marts' closing days
    "FREQ=MONTHLY;BYDAY=2SU,4SU",
    "FREQ=MONTHLY;BYDAY=2MO,4MO",
    "FREQ=MONTHLY;BYDAY=2WE,4WE",
    "FREQ=MONTHLY;BYMONTHDAY=10,25",
    "FREQ=MONTHLY;BYDAY=SU;BYSETPOS=2,4",
    "FREQ=MONTHLY;BYDAY=2SU,4SU;COUNT=24",
    "FREQ=MONTHLY;BYDAY=2SU,4SU;UNTIL=20271231",
    # MONTHLY: dateutil's own cases and the RFC's shapes
    "FREQ=MONTHLY",
    "FREQ=MONTHLY;INTERVAL=2",
    "FREQ=MONTHLY;BYDAY=1TU,-1TH",
    "FREQ=MONTHLY;BYDAY=3TU,-3TH",
    "FREQ=MONTHLY;BYDAY=1FR",
    "FREQ=MONTHLY;BYDAY=-1FR",
    "FREQ=MONTHLY;BYDAY=-2MO",
    "FREQ=MONTHLY;BYDAY=5SU",
    "FREQ=MONTHLY;BYDAY=-5SA",
    "FREQ=MONTHLY;INTERVAL=2;BYDAY=1SU,-1SU",
    "FREQ=MONTHLY;INTERVAL=2;BYDAY=TU",
    "FREQ=MONTHLY;BYDAY=MO,TU",
    "FREQ=MONTHLY;BYMONTHDAY=-1",
    "FREQ=MONTHLY;BYMONTHDAY=-3",
    "FREQ=MONTHLY;BYMONTHDAY=-31",
    "FREQ=MONTHLY;BYMONTHDAY=1,-1",
    "FREQ=MONTHLY;BYMONTHDAY=2,15",
    "FREQ=MONTHLY;BYMONTHDAY=29",
    "FREQ=MONTHLY;BYMONTHDAY=30",
    "FREQ=MONTHLY;BYMONTHDAY=31",
    "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1",
    "FREQ=MONTHLY;BYMONTHDAY=-1,-2,-3;BYSETPOS=2",
    "FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=29",
    "FREQ=MONTHLY;BYMONTH=1,4,7,10;BYDAY=1MO",
    "FREQ=MONTHLY;INTERVAL=18;BYMONTHDAY=10,11,12,13,14,15",
    "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13",
    "FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13",
    "FREQ=MONTHLY;BYDAY=MO;BYMONTHDAY=-7,-6,-5,-4,-3,-2,-1",
    "FREQ=MONTHLY;BYDAY=2TU;BYMONTHDAY=8,9,10",
    "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
    "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2",
    "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1,-1",
    "FREQ=MONTHLY;BYDAY=TU,WE,TH;BYSETPOS=3",
    "FREQ=MONTHLY;BYDAY=SA,SU;BYSETPOS=1,3,-1",
    "FREQ=MONTHLY;INTERVAL=3;BYDAY=-1WE;COUNT=8",
    "FREQ=MONTHLY;BYMONTHDAY=10,25;UNTIL=20280101",
    # YEARLY
    "FREQ=YEARLY",
    "FREQ=YEARLY;INTERVAL=2",
    "FREQ=YEARLY;BYMONTH=6,7",
    "FREQ=YEARLY;INTERVAL=2;BYMONTH=1,2,3",
    "FREQ=YEARLY;BYMONTH=3;BYDAY=TH",
    "FREQ=YEARLY;BYMONTH=6,7,8;BYDAY=TH",
    "FREQ=YEARLY;BYDAY=20MO",
    "FREQ=YEARLY;BYDAY=1MO,-1MO",
    "FREQ=YEARLY;BYDAY=-1SU",
    "FREQ=YEARLY;BYDAY=53MO",
    "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH",
    "FREQ=YEARLY;BYMONTH=5;BYDAY=-1MO",
    "FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
    "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
    "FREQ=YEARLY;BYMONTHDAY=1",
    "FREQ=YEARLY;BYMONTHDAY=-1;BYMONTH=2",
    "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29",
    "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=25",
    "FREQ=YEARLY;BYDAY=FR;BYMONTHDAY=13",
    "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8",
    "FREQ=YEARLY;BYMONTH=1,2,3;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
    "FREQ=YEARLY;BYMONTH=12;BYDAY=-1FR",
    "FREQ=YEARLY;BYMONTHDAY=-1;BYSETPOS=-1",
    "FREQ=YEARLY;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA;COUNT=31",
    "FREQ=YEARLY;COUNT=10;BYMONTH=6,7",
    "FREQ=YEARLY;UNTIL=20500101",
]


WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

# Families of rules written out in full, each from three of the first days.
GENERATED_STARTS = ["1997-09-02", "2024-02-29", "2026-01-31"]
GENERATED = (
    # The n-th (and n-th last) weekday of every month.
    [f"FREQ=MONTHLY;BYDAY={n}{day}" for day in WEEKDAYS for n in (1, 2, 3, 4, -1, -2)]
    # Two closing days a month, as marts have, for every weekday.
    + [f"FREQ=MONTHLY;BYDAY=2{day},4{day}" for day in WEEKDAYS]
    + [f"FREQ=MONTHLY;INTERVAL=2;BYDAY=1{day},3{day}" for day in WEEKDAYS]
    # Every day of the month, counted from the start and from the end.
    + [f"FREQ=MONTHLY;BYMONTHDAY={day}" for day in range(1, 32)]
    + [f"FREQ=MONTHLY;BYMONTHDAY={day}" for day in range(-7, 0)]
    # The n-th weekday of a month of the year.
    + [f"FREQ=YEARLY;BYMONTH={month};BYDAY={n}{WEEKDAYS[(month + n) % 7]}"
       for month in range(1, 13) for n in (1, -1)]
    # Ordinals over the whole year.
    + [f"FREQ=YEARLY;BYDAY={n}{day}" for day in ("MO", "FR", "SU") for n in (1, 10, 26, -1, -10)]
    # Two-weekly and three-weekly rules with every week start.
    + [f"FREQ=WEEKLY;INTERVAL={interval};BYDAY=MO,SA,SU;WKST={start}"
       for interval in (2, 3) for start in WEEKDAYS]
    # Work days picked by position.
    + [f"FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS={position}" for position in (1, 2, 3, 4, 5, -1, -2, -3, -4, -5)]
    # Days of the month picked by position, leap days included.
    + [f"FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=27,28,29;BYSETPOS={position}" for position in (1, 2, 3, -1, -2)]
    # Intervals.
    + [f"FREQ=DAILY;INTERVAL={interval}" for interval in (2, 5, 7, 30, 100)]
    + [f"FREQ=WEEKLY;INTERVAL={interval};BYDAY=TU,FR" for interval in (2, 4, 5)]
    + [f"FREQ=MONTHLY;INTERVAL={interval};BYMONTHDAY=31" for interval in (2, 3, 5, 7)]
    + [f"FREQ=MONTHLY;INTERVAL={interval};BYDAY=-1SU" for interval in (2, 3, 6)]
    + [f"FREQ=YEARLY;INTERVAL={interval};BYMONTH=2;BYMONTHDAY=29" for interval in (1, 2, 4, 8)]
    # A day of a month of the year, from the start and from the end.
    + [f"FREQ=YEARLY;BYMONTH={month};BYMONTHDAY={day}" for month in range(1, 13) for day in (15, -1)]
    # One weekday, every day, week or month, and a weekday on a day of the month.
    + [f"FREQ=DAILY;BYDAY={day}" for day in WEEKDAYS]
    + [f"FREQ=WEEKLY;BYDAY={day}" for day in WEEKDAYS]
    + [f"FREQ=MONTHLY;BYDAY={day};BYMONTHDAY=13" for day in WEEKDAYS]
    # Counts and ends.
    + [f"FREQ=MONTHLY;BYDAY=2SU,4SU;COUNT={count}" for count in (1, 2, 7, 30)]
    + [f"FREQ=WEEKLY;BYDAY=MO,WE;UNTIL={until}" for until in ("19970930", "20240331", "20270101")]
)
# The families overlap the hand-written rules: keep each rule once.
GENERATED = [rule for rule in dict.fromkeys(GENERATED) if rule not in RULES]


def occurrences(rule, start):
    """The first OCCURRENCES days of `rule` from `start`, as YYYY-MM-DD."""
    first = datetime.datetime.strptime(start, "%Y-%m-%d")
    expansion_start = first
    if "FREQ=WEEKLY" in rule and "BYSETPOS" in rule:
        # dateutil's first week holds only the days from DTSTART on, so its BYSETPOS picks among
        # those; RFC 5545 picks among the whole week's days and then drops the days before
        # DTSTART. Expand from the first day of DTSTART's week (same week, same BYDAY) instead.
        assert "COUNT" not in rule and "BYDAY" in rule, rule
        week_start = WEEKDAYS.index(rule.split("WKST=")[1][:2]) if "WKST=" in rule else 0
        expansion_start = first - datetime.timedelta(days=(first.weekday() - week_start) % 7)
    days = (day for day in rrulestr(rule, dtstart=expansion_start) if day >= first)
    return [day.strftime("%Y-%m-%d") for day in itertools.islice(days, OCCURRENCES)]


def main():
    plan = [(rule, start) for rule in RULES for start in STARTS]
    plan += [(rule, start) for rule in GENERATED for start in GENERATED_STARTS]
    cases = [{"rule": rule, "start": start, "occurrences": occurrences(rule, start)} for rule, start in plan]
    rules = {rule for rule, _ in plan}
    assert len(rules) == len(RULES) + len(GENERATED), "a rule is listed twice"
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = os.path.join(root, "Tests", "Fixtures", "recurrence-oracle.json")
    document = {
        "generator": "Scripts/recurrence_oracle.py",
        "dateutil": dateutil.__version__,
        "occurrencesPerCase": OCCURRENCES,
        "cases": cases,
    }
    with open(path, "w", encoding="utf-8") as file:
        json.dump(document, file, indent=0, separators=(",", ":"))
        file.write("\n")
    print(f"{len(rules)} rules, {len(cases)} cases -> {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
