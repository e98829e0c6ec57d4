"""Small SoL files of our own, in the shapes SoL 3, 4 and 5 write (see sol/README.md): a federation and a club,
six players (one of them merged from an older record), a rating with rates, a championship, a prized Swiss
tourney with a final, and a tourney not yet played."""

import copy
import datetime
import gzip
import io
import json
import zipfile

import yaml

GUIDS = {name: f"{index:032x}" for index, name in enumerate(
    ["fed", "club", "ann", "bob", "cid", "dan", "eva", "fay", "old_bob", "rating", "champ", "t1", "t2"], start=1
)}  # fmt: skip
PEOPLE = [  # (key, first, last, sex, birth)
    ("ann", "Ann", "Arno", "F", datetime.date(1990, 1, 2)),
    ("bob", "Bob", "Berti", "M", datetime.date(1985, 3, 4)),
    ("cid", "Cid", "Conti", "M", None),
    ("dan", "Dan", "Dotti", "M", datetime.date(1970, 5, 6)),
    ("eva", "Eva", "Enna", "F", None),
    ("fay", "Fay", "Fumi", "F", datetime.date(2001, 7, 8)),
]
# Swiss turns: (competitor1, competitor2, score1, score2); competitor numbers follow PEOPLE's order.
TURNS = [
    [(1, 2, 25, 10), (3, 4, 12, 20), (5, 6, 25, 0)],
    [(1, 4, 25, 15), (2, 5, 18, 9), (3, 6, 25, 5)],
    [(1, 3, 13, 13), (4, 2, 25, 24), (6, 5, 20, 3)],
]
MODIFIED = datetime.datetime(2024, 5, 1, 12, 0)


def players():
    records = []
    for key, first, last, sex, birth in PEOPLE:
        record = {"guid": GUIDS[key], "modified": MODIFIED, "firstname": first, "lastname": last, "sex": sex}
        record.update({"nationality": "ITA", "club": 2, "federation": 1, "agreedprivacy": "A"})
        if birth:
            record["birthdate"] = birth
        records.append(record)
    records[1]["merged"] = [[GUIDS["old_bob"], "Berti", "Roberto", ""]]
    return records


def swiss_matches():
    matches = []
    for turn, pairs in enumerate(TURNS, start=1):
        for board, (c1, c2, s1, s2) in enumerate(pairs, start=1):
            matches.append(
                {"competitor1": c1, "competitor2": c2, "turn": turn, "board": board, "score1": s1, "score2": s2}
            )
    matches[0]["boards"] = [
        {"number": 1, "coins1": 9, "queen": "1"},
        {"number": 2, "coins2": 7},
        {"number": 3, "coins1": 13},
    ]
    final = {"competitor1": 1, "competitor2": 4, "turn": 4, "board": 1, "score1": 10, "score2": 25, "final": True}
    return matches + [final]


def competitors(prizes):
    # points, bucholz, netscore, totscore as SoL stores them after turn 3 (finals excluded)
    figures = [(5, 9, 25, 63), (2, 11, -7, 52), (3, 11, 12, 50), (4, 10, -1, 60), (2, 6, -1, 37), (2, 7, -28, 25)]
    return [
        {"players": [n], "points": p, "bucholz": b, "netscore": ns, "totscore": ts, "prize": str(prizes[n - 1])}
        for n, (p, b, ns, ts) in enumerate(figures, start=1)
    ]


def sol5():
    """SoL 5's documents (users, clubs with isfederation, players with agreedprivacy and merged, rates)."""
    head = {
        "users": [{"email": "lele@example.org", "firstname": "Lele", "lastname": "G"}],
        "clubs": [
            {"guid": GUIDS["fed"], "modified": MODIFIED, "description": "Federazione Carrom", "prizes": "fixed",
             "couplings": "serial", "isfederation": True, "nationality": "ITA", "emblem": "fed.png"},
            {"guid": GUIDS["club"], "modified": MODIFIED, "description": "Carrom Club Roma", "prizes": "fixed",
             "couplings": "serial", "nationality": "ITA"},
        ],
        "players": players(),
        "ratings": [
            {"guid": GUIDS["rating"], "modified": MODIFIED, "description": "Italian rating", "level": "2",
             "inherit": False, "tau": "0.5", "default_rate": 1500, "default_deviation": 350,
             "default_volatility": "0.06", "lower_rate": 1600, "higher_rate": 2600, "outcomes": "guido", "club": 1},
        ],
        "rates": [
            {"rating": 1, "player": n, "date": datetime.date(2024, 1, 1), "rate": 1500 + 10 * n, "deviation": 300,
             "volatility": "0.06"} for n in range(1, 4)
        ],
        "championships": [
            {"guid": GUIDS["champ"], "modified": MODIFIED, "club": 1, "description": "Campionato 2024",
             "prizes": "fixed", "couplings": "serial", "skipworstprizes": 0, "playersperteam": 1, "rating": 1},
        ],
    }  # fmt: skip
    played = {
        "guid": GUIDS["t1"], "modified": MODIFIED, "championship": 1, "description": "Torneo di Roma",
        "date": datetime.date(2024, 5, 1), "currentturn": 4, "rankedturn": 4, "prized": True, "system": "swiss",
        "couplings": "serial", "delaytoppairing": 1, "delaycompatriotpairing": 0, "duration": 45, "prealarm": 5,
        "phantomscore": 25, "retirements": "none", "finalkind": "simple", "matcheskind": "simple",
        "competitors": competitors([16, 13, 14, 18, 11, 12]), "matches": swiss_matches(), "hosting_club": 2,
        "rating": 1, "location": "Roma", "finals": 1, "finalturns": True,
    }  # fmt: skip
    waiting = copy.deepcopy(played)
    waiting.update(
        guid=GUIDS["t2"], description="Torneo di Milano", date=datetime.date(2024, 6, 1), currentturn=0, rankedturn=0,
        prized=False, matches=[], finals=0, finalturns=False,
    )  # fmt: skip
    for competitor in waiting["competitors"]:
        competitor.update(points=0, bucholz=0, netscore=0, totscore=0)
        competitor.pop("prize")
    return [head, played, waiting]


def sol4():
    """SoL 4: no merged players, no federation flag nor agreed privacy."""
    documents = sol5()
    for record in documents[0]["players"]:
        record.pop("merged", None)
        record.pop("agreedprivacy", None)
        record.pop("federation", None)
    documents[0]["clubs"][0].pop("isfederation")
    return documents


def sol3():
    """SoL 3: no users (owners are players), phones on players, no guids on rates' ratings' owner."""
    documents = sol4()
    head = documents[0]
    del head["users"]
    for record in head["players"]:
        record["phone"] = "+39 06 000"
    head["clubs"][1]["owner"] = 1
    return documents


def as_yaml(documents):
    return yaml.safe_dump_all(documents, allow_unicode=True).encode()


def as_json(documents):
    return json.dumps(documents, default=str).encode()


def gzipped(data):
    return gzip.compress(data)


def backup(data, pictures=None):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("everything.sol", data)
        for name, content in (pictures or {"emblems/fed.png": b"\x89PNG fed"}).items():
            archive.writestr(name, content)
    return out.getvalue()
