"""Hostile SoL files, made in the test (no big binary in the repository): bombs of each format the upload takes
(YAML aliases, a .sol.gz, a backup .zip with a big member, a lying header, an archive in the archive, many
members), files of the wrong shape and polyglots. Each case is (name, file name, bytes, what the answer says)."""

import copy
import functools
import struct
import zlib
from dataclasses import dataclass

import yaml

from tests.history.sol import shapes

BOMB_BYTES = 512 * 2**20  # what the reproductions held: 512 MiB in 522 KB
STORED, DEFLATED = 0, 8


@functools.cache
def deflated_zeros(size=BOMB_BYTES):
    """(raw deflate stream, CRC-32) of `size` zero bytes: 522 KB for 512 MiB, made in about a second."""
    compressor, chunk, crc, parts = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS), bytes(2**20), 0, []
    for _ in range(size // len(chunk)):
        parts.append(compressor.compress(chunk))
        crc = zlib.crc32(chunk, crc)
    parts.append(compressor.flush())
    return b"".join(parts), crc


def gzip_of(deflated, crc, size):
    """A gzip file around a raw deflate stream (what gzip.compress writes, without compressing again)."""
    header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"
    return header + deflated + struct.pack("<II", crc, size & 0xFFFFFFFF)


def gzip_bytes(data):
    return gzip_of(raw_deflate(data), zlib.crc32(data), len(data))


def raw_deflate(data):
    compressor = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    return compressor.compress(data) + compressor.flush()


@dataclass
class Member:
    """A zip member as written: its payload as stored, and the sizes and CRC its headers declare (which a hostile
    archive need not tell truly)."""

    name: str
    payload: bytes
    size: int
    crc: int
    method: int = DEFLATED

    @classmethod
    def deflated(cls, name, data):
        return cls(name, raw_deflate(data), len(data), zlib.crc32(data))


def zip_of(members):
    """A zip archive of `members`, written by hand so that a header may declare what it likes."""
    body, directory = bytearray(), bytearray()
    for member in members:
        name = member.name.encode()
        offset = len(body)
        fixed = (20, 0, member.method, 0, 0x21, member.crc, len(member.payload), member.size, len(name))
        body += struct.pack("<4sHHHHHIIIHH", b"PK\x03\x04", *fixed, 0) + name + member.payload
        directory += struct.pack("<4sHHHHHHIIIHHHHHII", b"PK\x01\x02", 20, *fixed, 0, 0, 0, 0, 0, offset) + name
    end = struct.pack("<4sHHHHIIH", b"PK\x05\x06", 0, 0, len(members), len(members), len(directory), len(body), 0)
    return bytes(body + directory + end)


def sol_yaml(documents=None):
    return shapes.as_yaml(documents or shapes.sol5())


def with_portrait(name):
    documents = shapes.sol5()
    documents[0]["players"][0]["portrait"] = name
    return sol_yaml(documents)


# A "billion laughs" in SoL's clothes: nine lists of nine aliases to the list before (9**9 "lol"), the last one a
# club's name, which the import writes out as text.
ALIAS_BOMB = (
    b'l1: &l1 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    + b"".join(f"l{n}: &l{n} [{','.join([f'*l{n - 1}'] * 9)}]\n".encode() for n in range(2, 10))
    + b"clubs:\n- description: *l9\n  nationality: ITA\nplayers: []\n"
)


def long_text_repeated():
    """A tourney whose one megabyte of text is repeated by 200 aliases: 200 MB when the record is walked."""
    text = yaml.safe_dump_all(shapes.sol5()[:2], allow_unicode=True)
    return (text + "notes: &x " + "x" * 2**20 + "\nmore: [" + ", ".join(["*x"] * 200) + "]\n").encode()


def self_referring():
    """A tourney holding a list that holds itself (`&a [*a]`): PyYAML builds it, json.dumps of it never ends."""
    return (yaml.safe_dump_all(shapes.sol5()[:2], allow_unicode=True) + "notes: &a [1, *a]\n").encode()


def dense_yaml():
    """A first document of a million values (four bytes each): 4 MiB of YAML PyYAML would take 300 MB to build."""
    return gzip_bytes(sol_yaml().replace(b"users:", b"unread:\n" + b"- 1\n" * 1_000_000 + b"users:", 1))


def deep_json():
    return b"[" * 100_000 + b"]" * 100_000


def gzip_bomb():
    deflated, crc = deflated_zeros()
    return gzip_of(deflated, crc, BOMB_BYTES)


def zip_bomb():
    """A backup whose portrait holds 512 MiB, as its headers say."""
    deflated, crc = deflated_zeros()
    portrait = Member("portraits/ann.png", deflated, BOMB_BYTES, crc)
    return zip_of([Member.deflated("everything.sol", with_portrait("ann.png")), portrait])


def lying_zip(member="portraits/ann.png"):
    """A backup whose member declares 1 KiB (with the CRC of its first KiB) and holds 512 MiB."""
    deflated, crc = deflated_zeros()
    lying = Member(member, deflated, 1024, zlib.crc32(bytes(1024)))
    dump = [] if member == "everything.sol" else [Member.deflated("everything.sol", with_portrait("ann.png"))]
    return zip_of([*dump, lying])


def slightly_lying_zip():
    """A backup whose portrait declares 10 bytes (and the CRC of all it holds) and holds 1,000."""
    data = b"\x89PNG" + bytes(996)
    portrait = Member("portraits/ann.png", raw_deflate(data), 10, zlib.crc32(data))
    return zip_of([Member.deflated("everything.sol", with_portrait("ann.png")), portrait])


def declared_huge_zip():
    """A backup whose portrait declares 3 GiB and holds a few bytes."""
    data = b"\x89PNG small"
    portrait = Member("portraits/ann.png", raw_deflate(data), 3 * 2**30, zlib.crc32(data))
    return zip_of([Member.deflated("everything.sol", with_portrait("ann.png")), portrait])


def nested_zip():
    inner = zip_of([Member.deflated("everything.sol", sol_yaml())])
    return zip_of([Member.deflated("everything.sol", inner)])


def nested_gzip_bomb():
    return zip_of([Member("everything.sol", *gzip_member_of_bomb())])


def gzip_member_of_bomb():
    """A stored member holding the gzip bomb: (payload, size, crc)."""
    bomb = gzip_bomb()
    return bomb, len(bomb), zlib.crc32(bomb), 0


def many_members(count=20_000):
    members = [Member.deflated("everything.sol", sol_yaml())]
    members += [Member(f"emblems/{n}.png", b"", 0, 0, STORED) for n in range(count)]
    return zip_of(members)


def gzip_and_zip():
    """A polyglot: a gzip of a SoL file, then a backup zip (zipfile finds an archive after anything)."""
    return gzip_bytes(sol_yaml()) + zip_of([Member.deflated("everything.sol", sol_yaml())])


def truncated_gzip():
    whole = gzip_bytes(sol_yaml())
    return whole[: len(whole) // 2]


def yaml_with_nul():
    return sol_yaml().replace(b"Carrom Club Roma", b"Carrom\x00Club Roma", 1)


def wrong(change):
    """SoL's documents with `change(documents)` applied, as YAML."""
    documents = copy.deepcopy(shapes.sol5())
    change(documents)
    return sol_yaml(documents)


def nulled(value):
    """Every value of SoL's documents replaced by null, lists and records kept."""
    if isinstance(value, dict):
        return {key: nulled(item) for key, item in value.items()}
    if isinstance(value, list):
        return [nulled(item) for item in value]
    return None


def set_path(documents, path, value):
    *holders, last = path
    target = documents
    for key in holders:
        target = target[key]
    target[last] = value


def wrong_at(path, value):
    return wrong(lambda documents: set_path(documents, path, value))


# (id, file name, bytes (a function, so that nothing is made before it is needed), what the message says)
CASES = [
    ("alias-bomb", "laughs.sol", lambda: ALIAS_BOMB, "aliases"),
    ("long-text-repeated", "notes.sol", long_text_repeated, "aliases"),
    ("alias-to-itself", "loop.sol", self_referring, "names its own list or record"),
    ("dense-yaml", "dense.sol.gz", dense_yaml, "more than 500000 values"),
    ("deep-json", "deep.sol", deep_json, "This is not valid JSON"),
    ("gzip-bomb", "bomb.sol.gz", gzip_bomb, "this file would be larger than 16.0 MB"),
    ("zip-bomb", "bomb.zip", zip_bomb, "portraits/ann.png would be larger than 16.0 MB"),
    ("zip-lying-header", "lying.zip", lying_zip, "portraits/ann.png would be larger than 16.0 MB"),
    ("zip-lying-dump", "lying-dump.zip", lambda: lying_zip("everything.sol"), "everything.sol would be larger than"),
    ("zip-lying-a-little", "lie.zip", slightly_lying_zip, "portraits/ann.png declares 10 bytes but holds 1000"),
    ("zip-declared-huge", "huge.zip", declared_huge_zip, "portraits/ann.png would be larger than 16.0 MB"),
    ("nested-zip", "nested.zip", nested_zip, "everything.sol is itself an archive"),
    ("nested-gzip-bomb", "nested-gz.zip", nested_gzip_bomb, "is itself an archive"),
    ("many-members", "many.zip", many_members, "This archive holds more than 10000 files"),
    ("gzip-and-zip", "polyglot.sol.gz", gzip_and_zip, "holds something else after its data"),
    ("truncated-gzip", "cut.sol.gz", truncated_gzip, "cut short"),
    ("yaml-with-nul", "nul.sol", yaml_with_nul, "This is not valid YAML"),
    (
        "players-a-mapping",
        "shape1.sol",
        lambda: wrong_at([1, "competitors", 4, "players"], {"first": 5}),
        "Tournament 1, competitor 5: 'players' should be a list, not a record of fields.",
    ),
    (
        "competitors-a-mapping",
        "shape2.sol",
        lambda: wrong_at([2, "competitors"], {"one": {"players": [1]}}),
        "Tournament 2: 'competitors' should be a list, not a record of fields.",
    ),
    (
        "match-a-list",
        "shape3.sol",
        lambda: wrong_at([1, "matches", 2], [1, 2, 25, 10]),
        "Tournament 1, match 3 should be a record of fields, not a list.",
    ),
    (
        "score-as-text",
        "shape4.sol",
        lambda: wrong_at([1, "matches", 0, "score1"], "twenty-five"),
        "Tournament 1, match 1: 'score1' should be a whole number from 0 to 32767, not the text “twenty-five”.",
    ),
    (
        "board-a-number",
        "shape5.sol",
        lambda: wrong_at([1, "matches", 0, "boards", 1], 7),
        "Tournament 1, match 1, board 2 should be a record of fields, not the number 7.",
    ),
    (
        "players-list-a-mapping",
        "shape6.sol",
        lambda: wrong_at([0, "players"], {"ann": {"firstname": "Ann"}}),
        "The clubs and players: 'players' should be a list, not a record of fields.",
    ),
    (
        "merged-entry-text",
        "shape7.sol",
        lambda: wrong_at([0, "players", 1, "merged", 0], "old bob"),
        "Player 2, 'merged' item 1 should be a list, not the text “old bob”.",
    ),
    ("null-everywhere", "nulls.sol", lambda: sol_yaml(nulled(shapes.sol5())), "Club 1 lacks its description."),
]
