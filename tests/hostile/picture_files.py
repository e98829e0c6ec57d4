"""Hostile pictures, made when a test asks for them (nothing large is committed, and nothing large is held while
they are made): PNGs whose few hundred kilobytes declare 89 million pixels or more, written row by row; animated
GIF, PNG and WebP of hundreds of frames; a PNG that is also a zip and a web page; a PNG with a text chunk that
unpacks into 64 MB; a phone's photo with its position and orientation in EXIF."""

import io
import struct
import zipfile
import zlib

from PIL import Image

# The PNG of the report: 347 KB, 9,400 x 9,500 pixels, 270 MB once decoded in RGB.
REPORTED = (9400, 9500)


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_of(width, height, colour=2):
    """A PNG of `width` x `height` black pixels (RGB when `colour` is 2), compressed row by row as it is written."""
    header = struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)
    row = b"\x00" + bytes(width * (3 if colour == 2 else 1))  # filter byte, then the pixels
    compressor, parts = zlib.compressobj(9), []
    for _ in range(height):
        parts.append(compressor.compress(row))
    parts.append(compressor.flush())
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", b"".join(parts)) + chunk(b"IEND", b"")


def reported_png():
    return png_of(*REPORTED)


def just_over_png():
    """More pixels than the bound (4096 x 4096) yet fewer than twice it, where Pillow by itself only warns."""
    return png_of(5000, 4000, colour=0)


def animated(image_format, frames=400):
    images = [Image.new("RGB", (64, 48), (frame % 256, 80, 160)) for frame in range(frames)]
    buffer = io.BytesIO()
    images[0].save(buffer, image_format, save_all=True, append_images=images[1:], duration=20, loop=0)
    return buffer.getvalue()


def animated_gif():
    return animated("GIF")


def animated_png():
    return animated("PNG")


def animated_webp():
    return animated("WEBP")


def small_png(**options):
    buffer = io.BytesIO()
    Image.new("RGB", (40, 30), (200, 30, 30)).save(buffer, "PNG", **options)
    return buffer.getvalue()


PAGE = b"<html><body><script>document.title='polyglot'</script></body></html>"


def polyglot():
    """A PNG that is a web page in a text chunk and a zip appended after its end: an image viewer, a browser that
    sniffs and an unzipper each find what they look for."""
    png = small_png()
    end = png.rindex(b"IEND") - 4
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("index.html", PAGE)
    return png[:end] + chunk(b"tEXt", b"Comment\x00" + PAGE) + png[end:] + archive.getvalue()


def text_bomb():
    """A small PNG whose compressed text chunk unpacks into 64 MB."""
    png = small_png()
    end = png.rindex(b"IEND") - 4
    compressor = zlib.compressobj(9)
    packed = b"".join(compressor.compress(bytes(2**20)) for _ in range(64)) + compressor.flush()
    return png[:end] + chunk(b"zTXt", b"Comment\x00\x00" + packed) + png[end:]


def phone_photo():
    """A JPEG of 60 x 40 pixels taken with the phone turned (EXIF orientation 6), carrying where it was taken."""
    exif = Image.Exif()
    exif[0x0112] = 6  # orientation: turn 90 degrees clockwise to show
    exif[0x010F] = "PhoneMaker"
    exif.get_ifd(0x8825)[2] = (19.0, 4.0, 33.0)  # GPS latitude: Mumbai
    buffer = io.BytesIO()
    Image.new("RGB", (60, 40), (30, 90, 160)).save(buffer, "JPEG", exif=exif, quality=95)
    return buffer.getvalue()


def mpo_photo():
    """A phone's MPO: a JPEG followed by a second picture (a depth map)."""
    first, second = Image.new("RGB", (60, 40), (30, 90, 160)), Image.new("RGB", (60, 40), (0, 0, 0))
    buffer = io.BytesIO()
    first.save(buffer, "MPO", save_all=True, append_images=[second])
    return buffer.getvalue()
