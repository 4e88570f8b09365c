#!/usr/bin/env python3
"""Writes testdata/wn: a tiny fake WordNet in the real files' layout, with
the byte offsets the index files point at. Run from dict/wordnet:
python3 testdata/make_fake.py. The glosses are invented for the tests."""
import os

LICENCE = "  1 This is a tiny fake WordNet for the tests of package wordnet.  \n  2 Its lines imitate the layout of WordNet 3.0's files.  \n"
LONG = ("a deliberately long gloss that goes on and on about nothing in particular, "
        "so that the definition must be shortened at a word boundary before it reaches "
        "the limit of one hundred and sixty characters; \"an example\"")

# pos -> list of (lemma, tagsense_cnt, [glosses, most frequent first])
ENTRIES = {
    "noun": [
        ("box", 3, ["a test container with a lid"]),
        ("cat", 18, ["a small test feline: house cats; wildcats; \"the cat sat\"", "a second sense"]),
        ("goose", 4, ["a test bird that honks"]),
        ("ice_cream", 2, ["a frozen test dessert"]),
        ("run", 2, ["a test score in cricket"]),
    ],
    "verb": [
        ("run", 40, ["move fast on foot in a test; \"run to the shop\""]),
    ],
    "adj": [
        ("long", 9, [LONG]),
    ],
}
EXC = {
    "noun": ["geese goose\n"],
    "verb": ["ran run\n"],
}

out = os.path.join(os.path.dirname(__file__), "wn")
os.makedirs(out, exist_ok=True)
code = {"noun": "n", "verb": "v", "adj": "a"}
for pos, entries in ENTRIES.items():
    data = LICENCE
    index = LICENCE
    for lemma, tagged, glosses in entries:
        offsets = []
        for g in glosses:
            off = len(data.encode())
            offsets.append(off)
            data += "%08d 05 %s 01 %s 0 000 | %s  \n" % (off, code[pos], lemma, g)
        index += "%s %s %d 1 @ %d %d %s  \n" % (
            lemma, code[pos], len(offsets), len(offsets), tagged,
            " ".join("%08d" % o for o in offsets))
    open(os.path.join(out, "data." + pos), "w").write(data)
    open(os.path.join(out, "index." + pos), "w").write(index)
for pos, lines in EXC.items():
    open(os.path.join(out, pos + ".exc"), "w").write("".join(lines))
