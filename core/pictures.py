"""Pictures people upload (a written protest's photos, a SoL backup's portraits): judged from their header before a
single pixel is decoded, decoded only within a bound of pixels and for one frame, and kept as a copy Pillow writes,
never as the bytes that came in.

A PNG of 347 KB may hold 9,400 x 9,500 pixels: decoded, 270 MB. The header says so for free, so the bound is
checked there (Pillow's own MAX_IMAGE_PIXELS, set for the whole project by core.apps, raises too above it). An
animated image is refused rather than shown as its first frame: evidence must be what the official saw. The copy
is written from the pixels alone: EXIF (a phone's position, its owner, the time) and every other chunk are left
behind, the orientation the camera noted is applied to the pixels, and whatever rode along in the file (a zip or a
page appended to a PNG, a script in a comment) is gone, so the stored file is a plain image of the type it is
served as. A photo (JPEG, or WebP without transparency) is kept as JPEG; a drawing or a scan with transparency
(PNG, GIF, WebP with alpha) as PNG, losslessly.
"""

import io
import struct
from dataclasses import dataclass

from PIL import Image, ImageOps, UnidentifiedImageError

# What phones, scanners and browsers give; Pillow is not even asked to parse anything else (TIFF, PSD, EPS...).
# Pillow's JPEG reader also opens MPO, a phone's JPEG with a second picture (a depth map, a preview) after the
# first: it is kept as the JPEG it starts with.
FORMATS = ("JPEG", "PNG", "WEBP", "GIF")
PHOTOGRAPHS = ("JPEG", "MPO", "WEBP")
JPEG_QUALITY = 90
# Pillow modes each kind of copy is written in.
JPEG_MODES = ("L", "RGB")
PNG_MODES = ("L", "LA", "RGB", "RGBA")
# What Pillow raises for a file that is no image of those formats, or a damaged one, while reading or decoding it.
UNREADABLE = (
    UnidentifiedImageError,
    OSError,
    SyntaxError,
    ValueError,
    EOFError,
    IndexError,
    TypeError,
    KeyError,
    struct.error,
)


class NotAPicture(Exception):
    """Why an upload is not kept: it is no readable image, it has more pixels than allowed, or it is animated."""

    UNREADABLE = "unreadable"
    TOO_MANY_PIXELS = "pixels"
    ANIMATED = "animated"

    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


@dataclass
class Picture:
    data: bytes  # the image as Pillow wrote it
    image_format: str  # "JPEG" or "PNG"
    width: int
    height: int


def reencode(file, max_pixels):
    """A clean copy of the image in `file` (a file object), or NotAPicture. At most `max_pixels` are decoded, one
    frame only; the copy carries no metadata and stands the way the camera was held."""
    try:
        file.seek(0)
        with Image.open(file, formats=FORMATS) as image:
            width, height = image.size
            if width * height > max_pixels:
                raise NotAPicture(NotAPicture.TOO_MANY_PIXELS)
            if image.format != "MPO" and getattr(image, "is_animated", False):
                raise NotAPicture(NotAPicture.ANIMATED)
            image.load()  # the first frame only; a truncated or corrupt file fails here
            image_format, pixels = _target(image)
            if pixels is not image:
                image.close()  # the decoded source is freed before the copy is turned and written
        ImageOps.exif_transpose(pixels, in_place=True)
        pixels.info = {}  # no EXIF, ICC profile, text chunk or comment goes into the copy
        buffer = io.BytesIO()
        if image_format == "JPEG":
            pixels.save(buffer, "JPEG", quality=JPEG_QUALITY)
        else:
            pixels.save(buffer, "PNG")
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        # Over Pillow's own bound (core.apps) before the header could be looked at here.
        raise NotAPicture(NotAPicture.TOO_MANY_PIXELS) from None
    except UNREADABLE:
        raise NotAPicture(NotAPicture.UNREADABLE) from None
    return Picture(buffer.getvalue(), image_format, *pixels.size)


def _target(image):
    """The format of the copy, and the pixels in a mode it is written in (the image itself when it already is)."""
    alpha = "A" in image.getbands() or "transparency" in image.info
    if image.format in PHOTOGRAPHS and not alpha:
        image_format, mode = "JPEG", "L" if image.mode in ("1", "L") else "RGB"
    elif image.mode in PNG_MODES:
        image_format, mode = "PNG", image.mode
    else:
        image_format, mode = "PNG", "RGBA" if alpha else ("L" if image.mode in ("1", "I;16") else "RGB")
    if image.mode == mode:
        return image_format, image
    return image_format, image.convert(mode)
