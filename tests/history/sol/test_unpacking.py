"""Unpacking within bounds (sol.unpacking): what SoL and gzip allow still reads, what passes a bound is refused
with its message, however the archive is laid out."""

import io
import random
import zipfile

import pytest
from PIL import Image

from history.sol.importing import import_file
from history.sol.models import Picture
from history.sol.reading import SolFileError
from tests.history.sol import shapes
from tests.hostile.sol_files import Member, gzip_bytes, zip_of
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def noise_png(side, seed):
    """A real PNG (the import stores only pictures Pillow reads) that hardly compresses: about 3 x side² bytes."""
    pixels = random.Random(seed).randbytes(side * side * 3)
    out = io.BytesIO()
    Image.frombytes("RGB", (side, side), pixels).save(out, "PNG")
    return out.getvalue()


def backup_with(pictures, documents=None):
    documents = documents or shapes.sol5()
    return zip_of(
        [Member.deflated("everything.sol", shapes.as_yaml(documents))]
        + [Member.deflated(name, data) for name, data in pictures.items()]
    )


def test_a_gzip_of_several_members_padded_with_zeros_reads_as_gzip_does():
    text = shapes.as_yaml(shapes.sol5())
    middle = len(text) // 2
    summary = import_file(gzip_bytes(text[:middle]) + gzip_bytes(text[middle:]) + bytes(100), "history.sol.gz")
    assert len(summary.tournaments) == 2


def test_yaml_aliases_of_a_shared_value_read(settings):
    """PyYAML gives an anchor to a date object met twice (the fixture's `modified`): such a file is no bomb."""
    data = shapes.as_yaml(shapes.sol5())
    assert b"*id001" in data
    assert len(import_file(data).tournaments) == 2


def test_a_plain_text_past_the_bound_is_refused(settings):
    data = shapes.as_yaml(shapes.sol5())
    settings.SOL_MAX_MEMBER_BYTES = len(data) - 1
    with pytest.raises(SolFileError, match="this file would be larger than"):
        import_file(data)
    settings.SOL_MAX_MEMBER_BYTES = len(data)
    assert len(import_file(data).tournaments) == 2


def test_pictures_within_their_own_bound_but_not_together_are_refused(settings):
    documents = shapes.sol5()
    documents[0]["players"][0]["portrait"] = "ann.png"
    ann, fed = noise_png(40, 1), noise_png(40, 2)
    data = backup_with({"portraits/ann.png": ann, "emblems/fed.png": fed}, documents)
    text = len(shapes.as_yaml(documents))
    settings.SOL_MAX_UNPACKED_BYTES = text + len(ann) + len(fed) // 2  # the text and one picture fit, not both
    with pytest.raises(SolFileError, match="would hold more than .* in all"):
        import_file(data)
    assert not Tournament.objects.exists() and not Picture.objects.exists()
    settings.SOL_MAX_UNPACKED_BYTES = text + len(ann) + len(fed) + 1000
    import_file(data)
    assert sorted(Picture.objects.values_list("name", flat=True)) == ["ann.png", "fed.png"]


def test_members_are_counted_before_the_archive_is_read(settings):
    settings.SOL_MAX_MEMBERS = 3
    data = backup_with({"emblems/fed.png": b"fed", "emblems/b.png": b"b"})
    assert len(import_file(data).tournaments) == 2  # everything.sol and two pictures: three
    with pytest.raises(SolFileError, match="This archive holds more than 3 files"):
        import_file(backup_with({"emblems/fed.png": b"fed", "emblems/b.png": b"b", "readme.txt": b""}))


def test_a_directory_too_long_for_its_members_is_refused_unread(settings):
    settings.SOL_MAX_MEMBERS = 2
    data = backup_with({"emblems/" + "x" * 3000 + ".png": b""})  # 2 members, but a directory of 3 KB
    with pytest.raises(SolFileError, match="This archive holds more than 2 files"):
        import_file(data)


def test_a_zip64_archive_of_too_many_members_is_counted_too():
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:  # past 65,535 members zipfile writes zip64's end records
        archive.writestr("everything.sol", shapes.as_yaml(shapes.sol5()))
        for number in range(65_536):
            archive.writestr(f"emblems/{number}", b"")
    with pytest.raises(SolFileError, match="This archive holds more than 10000 files"):
        import_file(out.getvalue())


def test_a_picture_named_with_a_path_is_not_looked_up(tmp_path, settings):
    documents = shapes.sol5()
    documents[0]["players"][0]["portrait"] = "../../ann.png"
    far, near = noise_png(5, 1), noise_png(3, 2)
    import_file(backup_with({"portraits/../../ann.png": far, "portraits/ann.png": near}, documents))
    assert Image.open(Picture.objects.get(kind="portrait").image).size == (3, 3)
    assert not (tmp_path / "ann.png").exists()


def test_an_archive_that_is_not_one_is_damaged():
    with pytest.raises(SolFileError, match="This archive is damaged"):
        import_file(b"PK\x03\x04" + bytes(100))
