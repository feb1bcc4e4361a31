#!/usr/bin/env python3
"""Writes Sources/Domain/Accounts/common-passwords.txt from Django's common-password list.

The list is the one Django's CommonPasswordValidator ships (django/contrib/auth/common-passwords.txt.gz,
BSD-3-Clause): 20,000 common passwords created by Royce Williams from breach corpora
(https://gist.github.com/roycewilliams/226886fd01572964e1431ac8afc999ce), lowercased and
deduplicated by Django. Only entries of at least 8 characters are kept: shorter passwords are
refused by the length rule anyway. The file holds one password a line, most common first, and
nothing else (a password may start with '#'); it is a resource of the Domain module, read once by
CommonPasswords.swift, whose doc comment names the wheel it came from.

    pip download django==5.2.19 --no-deps -d /tmp/django
    python3 Scripts/generate_common_passwords.py /tmp/django/django-5.2.19-py3-none-any.whl

Standard library only. The output is deterministic: the same wheel gives the same file.
"""

import gzip
import os
import sys
import zipfile

MEMBER = "django/contrib/auth/common-passwords.txt.gz"
MINIMUM = 8
HERE = os.path.dirname(os.path.abspath(__file__))
OUTPUT = os.path.join(HERE, "..", "Sources", "Domain", "Accounts", "common-passwords.txt")


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    wheel = sys.argv[1]
    with zipfile.ZipFile(wheel) as archive:
        lines = gzip.decompress(archive.read(MEMBER)).decode("utf-8").splitlines()
    kept = []
    seen = set()
    for line in lines:
        password = line.strip().lower()
        if len(password) < MINIMUM or password in seen:
            continue
        seen.add(password)
        kept.append(password)
    with open(OUTPUT, "w", encoding="utf-8", newline="\n") as out:
        for password in kept:
            out.write(password + "\n")
    print(f"wrote {len(kept)} of the {len(lines)} passwords of {os.path.basename(wheel)} to {os.path.relpath(OUTPUT)}; "
          "name the wheel and the count in CommonPasswords.swift's doc comment")
    return 0


if __name__ == "__main__":
    sys.exit(main())
