"""YAML within bounds. An alias (`*name`) repeats what its anchor (`&name`) names: nine lines of ten aliases each
make a 637-byte file of a billion values ("billion laughs"). PyYAML builds it cheaply, each alias being the same
object, but anything that walks it afterwards (the import writing a name, hashing a record) walks a billion values.

SoL writes its files with ruamel.yaml's safe dumper (SoL 5.26, `sol/models/bio.py`), which gives an anchor to an
object met twice in a document: never to its text or numbers, and its serializer builds each record afresh, so in
practice SoL writes no aliases; PyYAML's dumper (our benchmark's and other tools') would alias a date object used
twice. So aliases are allowed, but counted as what they repeat: written out in full, one document may hold at most
SOL_MAX_DOCUMENT_VALUES values and SOL_MAX_MEMBER_BYTES characters. The check walks the parser's events, holding
no document, before PyYAML builds any (building costs about 300 bytes a value: the bound on values keeps a
document that is merely dense, four bytes a value, from costing a gigabyte)."""

import yaml
from django.conf import settings
from django.utils.translation import gettext as _

from history.sol.errors import SolFileError

# libyaml's loader reads a large dump several times faster; the pure-Python one reads the same documents.
Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
# SoL nests six deep at most (a tourney's matches, a match's boards, a board's fields): far below this, and far
# below the recursion the import's own walk (a record's digest) would hit.
MAX_DEPTH = 32
OPENING = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
CLOSING = (yaml.SequenceEndEvent, yaml.MappingEndEvent)


class Size:
    """A node written out in full: its values, characters and depth."""

    __slots__ = ("anchor", "values", "characters", "depth")

    def __init__(self, anchor=None, values=1, characters=0, depth=0):
        self.anchor, self.values, self.characters, self.depth = anchor, values, characters, depth


def check_events(text):
    """Refuse a YAML text whose documents, aliases expanded, pass the bounds, or that nests too deeply, or whose
    alias names its own node or none. Errors of syntax are left to the loader, which says where they are."""
    most_values, most_characters = settings.SOL_MAX_DOCUMENT_VALUES, settings.SOL_MAX_MEMBER_BYTES
    anchors, opened, document, repeated = {}, [], 0, Size(values=0)
    try:
        for event in yaml.parse(text, Loader=Loader):
            if isinstance(event, OPENING):
                if len(opened) >= MAX_DEPTH:
                    raise too_deep()
                opened.append(Size(event.anchor, depth=1))
                continue
            if isinstance(event, yaml.ScalarEvent):
                size = Size(event.anchor, characters=len(event.value))
            elif isinstance(event, yaml.AliasEvent):
                size = anchors.get(event.anchor)
                if size is None:
                    raise SolFileError(
                        _("This YAML file has an alias (*%(name)s) that names its own list or record, or nothing.")
                        % {"name": event.anchor}
                    )
                if len(opened) + size.depth > MAX_DEPTH:
                    raise too_deep()
                repeated.values += size.values
                repeated.characters += size.characters
            elif isinstance(event, CLOSING):
                size = opened.pop()
            elif isinstance(event, yaml.DocumentStartEvent):
                anchors, document, repeated = {}, document + 1, Size(values=0)  # anchors are a document's own
                continue
            else:
                continue
            if size.anchor is not None and not isinstance(event, yaml.AliasEvent):
                anchors[size.anchor] = size
            if opened:
                parent = opened[-1]
                parent.values += size.values
                parent.characters += size.characters
                parent.depth = max(parent.depth, size.depth + 1)
                if parent.values > most_values or parent.characters > most_characters:
                    raise too_large(document, parent, repeated, most_values)
    except yaml.YAMLError:
        return  # the loader finds the same error and says where it is


def too_large(document, size, repeated, most_values):
    """The refusal of a document grown to `size`, `repeated` of it by aliases: theirs when they make most of it
    (a file of PyYAML's may alias a few dates and be large for its own values)."""
    if 2 * repeated.values > size.values or 2 * repeated.characters > size.characters:
        return SolFileError(
            _(
                "Document %(number)s of this YAML file repeats its parts through aliases (*name) beyond what a SoL "
                "file may hold: it is refused."
            )
            % {"number": document}
        )
    return SolFileError(
        _("Document %(number)s of this file holds more than %(count)s values: it is too large to import.")
        % {"number": document, "count": most_values}
    )


def too_deep():
    return SolFileError(
        _("This file nests lists and records more than %(depth)s deep; SoL never does, so it is refused.")
        % {"depth": MAX_DEPTH}
    )
