"""Unpacking a SoL file within bounds. A `.sol.gz` or a backup `.zip` may hold far more than it weighs (a 522 KB
gzip holds 512 MiB of zeros), so nothing is unpacked whole: each part (the SoL text, one portrait or emblem) is
read as a stream and refused once it passes SOL_MAX_MEMBER_BYTES, the parts of one file together once they pass
SOL_MAX_UNPACKED_BYTES. A backup's members are counted in its central directory before zipfile reads it (each
costs zipfile half a kilobyte: a 100 MB archive of empty members would cost 600 MB), refused by their declared
sizes before they are read and by what they hold while they are; an archive inside the archive is refused, as SoL
never writes one."""

import copy
import lzma
import struct
import zipfile
import zlib
from pathlib import PurePosixPath

from django.conf import settings
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _

from history.sol.errors import SolFileError

CHUNK = 64 * 1024
GZIP_MAGIC = b"\x1f\x8b"
ZIP_MAGIC = b"PK\x03\x04"
GZIP_WBITS = 16 + zlib.MAX_WBITS  # zlib reads the gzip header and trailer itself
BACKUP_DUMP = "everything.sol"
PICTURE_FOLDERS = ("portraits/", "emblems/")
# What zipfile cannot read in a member: damaged data, a method or an encryption it does not know.
MEMBER_ERRORS = (
    zipfile.BadZipFile, zlib.error, lzma.LZMAError, EOFError, OSError, NotImplementedError, RuntimeError, ValueError
)  # fmt: skip
# A central directory entry: its signature, its fixed part's size, and where the three lengths after it sit.
DIRECTORY_ENTRY, DIRECTORY_ENTRY_SIZE, DIRECTORY_LENGTHS_AT = b"PK\x01\x02", 46, 28
END_RECORD, END_RECORD_SIZE, LONGEST_COMMENT = b"PK\x05\x06", 22, 65535
ZIP64_LOCATOR, ZIP64_LOCATOR_SIZE, ZIP64_END_RECORD = b"PK\x06\x07", 20, b"PK\x06\x06"
# A directory entry of a real backup takes about 100 bytes (46 and a name such as "portraits/<uuid>.jpg"): a
# directory larger than this many bytes per allowed member cannot list few enough of them.
DIRECTORY_BYTES_PER_MEMBER = 1024


def is_archive(data):
    return bytes(data[:4]) == ZIP_MAGIC or bytes(data[:2]) == GZIP_MAGIC


class Budget:
    """What one file may still unpack to: SOL_MAX_UNPACKED_BYTES for all its parts, SOL_MAX_MEMBER_BYTES each."""

    def __init__(self):
        self.left = settings.SOL_MAX_UNPACKED_BYTES

    def check_declared(self, what, size):
        """Refuse a part by the size its archive declares, before reading it."""
        if size > settings.SOL_MAX_MEMBER_BYTES:
            raise too_large(what, settings.SOL_MAX_MEMBER_BYTES)

    def collect(self, chunks, what):
        """The bytes of `chunks` (an iterable of bytes), refused as soon as they pass a bound."""
        data = bytearray()
        for chunk in chunks:
            data += chunk
            if len(data) > settings.SOL_MAX_MEMBER_BYTES:
                raise too_large(what, settings.SOL_MAX_MEMBER_BYTES)
            if len(data) > self.left:
                raise SolFileError(
                    _("Unpacked, this file would hold more than %(limit)s in all: it is refused.")
                    % {"limit": filesizeformat(settings.SOL_MAX_UNPACKED_BYTES)}
                )
        self.left -= len(data)
        return data


def too_large(what, limit):
    return SolFileError(
        _("Unpacked, %(part)s would be larger than %(limit)s: it is refused.")
        % {"part": what, "limit": filesizeformat(limit)}
    )


def nested(what):
    return SolFileError(
        _("%(part)s is itself an archive (zip or gzip); SoL never packs one archive in another, so it is refused.")
        % {"part": what}
    )


def read_plain(source, budget):
    """The text of a `.sol` that is not compressed."""
    return budget.collect(iter(lambda: source.read(CHUNK), b""), _("this file"))


def gunzip(source, budget):
    """The unpacked text of a `.sol.gz` (a gzip stream, possibly of several members, as gzip itself allows)."""
    data = budget.collect(gzip_chunks(source), _("this file"))
    if is_archive(data):
        raise nested(_("The content of this gzip file"))
    return data


def gzip_chunks(source):
    decompressor, data, ended = zlib.decompressobj(GZIP_WBITS), b"", False
    while True:
        if not data and not ended:
            data = source.read(CHUNK)
            ended = not data
        try:
            chunk = decompressor.decompress(data, CHUNK)  # at most CHUNK bytes out, whatever came in
        except zlib.error as error:
            raise not_gzip(error) from error
        if chunk:
            yield chunk
        if decompressor.eof:
            data = next_gzip_member(source, decompressor.unused_data)
            if data is None:
                return
            decompressor, ended = zlib.decompressobj(GZIP_WBITS), False
        else:
            data = decompressor.unconsumed_tail
            if ended and not chunk and not data:
                raise not_gzip(_("it ends before its data does"))


def next_gzip_member(source, data):
    """What follows a gzip member: zeros to the end (None: the file is over, gzip allows such padding), another
    member (its first bytes), or anything else: a file that is something else besides gzip, refused."""
    data = data.lstrip(b"\0")
    while not data:
        more = source.read(CHUNK)
        if not more:
            return None
        data = more.lstrip(b"\0")
    if not data.startswith(GZIP_MAGIC[: len(data)]):
        raise SolFileError(_("This gzip file holds something else after its data: it is refused."))
    return data


def not_gzip(error):
    return SolFileError(_("This is not a gzip file, or it is cut short: %(error)s") % {"error": error})


def damaged(error):
    return SolFileError(_("This archive is damaged: %(error)s") % {"error": error})


class Backup:
    """A SoL backup `.zip` read from `source` (a binary file that stays open while the import runs): its SoL text,
    and its portraits and emblems, each read when the import asks for it (`get`, as of a dict)."""

    def __init__(self, source, budget):
        self.budget = budget
        count_members(source, settings.SOL_MAX_MEMBERS)
        try:
            self.archive = zipfile.ZipFile(source)
            members = {info.filename: info for info in self.archive.infolist()}
        except MEMBER_ERRORS as error:
            raise damaged(error) from error
        if BACKUP_DUMP not in members:
            raise SolFileError(_("This archive holds no everything.sol: it is not a SoL backup."))
        self.pictures = {
            name: info for name, info in members.items() if name.startswith(PICTURE_FOLDERS) and not info.is_dir()
        }
        self.dump = members[BACKUP_DUMP]
        wanted = [self.dump, *self.pictures.values()]
        for info in wanted:
            budget.check_declared(info.filename, info.file_size)
        if sum(info.file_size for info in wanted) > settings.SOL_MAX_UNPACKED_BYTES:
            raise SolFileError(
                _("Unpacked, this file would hold more than %(limit)s in all: it is refused.")
                % {"limit": filesizeformat(settings.SOL_MAX_UNPACKED_BYTES)}
            )

    def text(self):
        return self.read(self.dump)

    def get(self, name):
        """The bytes of picture `name` ("portraits/<file>"), or None when the backup does not hold it. The file's
        name comes from a player's or club's record: only a plain file name in its folder is looked up."""
        file_name = name.partition("/")[2]
        if PurePosixPath(file_name).name != file_name or file_name in ("", ".", ".."):
            return None
        info = self.pictures.get(name)
        return None if info is None else self.read(info)

    def read(self, info):
        """A member's bytes. zipfile stops at the size a header declares; told a larger one, it reads what the
        member really holds, so that a header that lies is caught, not believed. Told twice the bound, it cannot
        stop (and check the CRC) before `collect` has refused a member past the bound."""
        told = copy.copy(info)
        told.file_size = 2 * settings.SOL_MAX_MEMBER_BYTES + 1
        try:
            with self.archive.open(told) as member:
                data = self.budget.collect(iter(lambda: member.read(CHUNK), b""), info.filename)
        except MEMBER_ERRORS as error:
            raise damaged(error) from error
        if len(data) != info.file_size:
            raise SolFileError(
                _("In this archive, %(part)s declares %(declared)s bytes but holds %(held)s: it is refused.")
                % {"part": info.filename, "declared": info.file_size, "held": len(data)}
            )
        if is_archive(data):
            raise nested(info.filename)
        return data


def count_members(source, most):
    """Refuse a zip whose central directory lists more than `most` members, counting the entries zipfile would
    read (it follows the directory's size, not the count the archive states) before zipfile reads any of them."""
    start, end = central_directory(source)
    if end - start > most * DIRECTORY_BYTES_PER_MEMBER:
        raise too_many(most)
    source.seek(start)
    directory = source.read(end - start)
    position = count = 0
    while directory[position : position + 4] == DIRECTORY_ENTRY and position + DIRECTORY_ENTRY_SIZE <= len(directory):
        name, extra, comment = struct.unpack_from("<HHH", directory, position + DIRECTORY_LENGTHS_AT)
        position += DIRECTORY_ENTRY_SIZE + name + extra + comment
        count += 1
        if count > most:
            raise too_many(most)


def too_many(most):
    return SolFileError(_("This archive holds more than %(count)s files: it is refused.") % {"count": most})


def central_directory(source):
    """(start, end) of a zip's central directory in `source`, found as zipfile finds it: it ends where the end
    record (or the zip64 end record) starts, and is as long as that record says."""
    source.seek(0, 2)
    size = source.tell()
    tail_start = max(0, size - END_RECORD_SIZE - LONGEST_COMMENT)
    source.seek(tail_start)
    tail = source.read()
    found = tail.rfind(END_RECORD)
    if found < 0 or found + END_RECORD_SIZE > len(tail):
        raise damaged(_("it has no end record"))
    end = tail_start + found
    (directory_size,) = struct.unpack_from("<I", tail, found + 12)
    locator = found - ZIP64_LOCATOR_SIZE
    if locator >= 0 and tail[locator : locator + 4] == ZIP64_LOCATOR:
        (record_at,) = struct.unpack_from("<Q", tail, locator + 8)
        source.seek(record_at)
        record = source.read(56)
        if len(record) < 56 or record[:4] != ZIP64_END_RECORD:
            raise damaged(_("its zip64 end record is missing"))
        (directory_size,) = struct.unpack_from("<Q", record, 40)
        end = record_at
    if directory_size > end:
        raise damaged(_("its central directory is larger than the archive"))
    return end - directory_size, end
