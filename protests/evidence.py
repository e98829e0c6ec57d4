"""Photos carried by the written protest (ICF 144, 147: the signed paper, the board as it stood): images only, each
at most PROTEST_PHOTO_MAX_BYTES, at most PROTEST_PHOTOS_MAX per protest, stored through Django's storage API
(default_storage) and read by the officials only (protests.views.photo, protests.api.ProtestPhotoFileView).

Pillow reads every file before it is stored: a file that is not an image whatever its name says, a broken one, or
one whose pixels would not fit in memory (a "decompression bomb") is refused, and nothing is saved."""

import warnings

from django.conf import settings
from django.db import transaction
from django.http import FileResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from PIL import Image, UnidentifiedImageError

from matches.audit import signed_in
from protests import permissions
from protests.models import ProtestPhoto
from protests.services import ProtestError, lock

# Formats a phone or a scanner gives; anything else Pillow reads (TIFF, BMP, PSD...) is refused.
FORMATS = tuple(ProtestPhoto.EXTENSIONS)


def add_photo(protest, upload, user, caption=""):
    """Attach one photo to a protest not yet decided; `upload` is a Django UploadedFile. One transaction on the
    locked protest, so two uploads at once cannot pass the limit together."""
    with transaction.atomic():
        protest = lock(protest)
        if not permissions.can_log(user, protest.match):
            raise ProtestError("image", _("ICF 144: the written protest goes through the umpire or chief referee."))
        if protest.is_decided:
            raise ProtestError("image", _("This protest is decided; its evidence is closed."))
        limit = settings.PROTEST_PHOTOS_MAX
        if protest.photos.count() >= limit:
            message = ngettext(
                "A protest carries at most %(count)s photo.", "A protest carries at most %(count)s photos.", limit
            )
            raise ProtestError("image", message % {"count": limit})
        image_format, width, height = check_image(upload)
        photo = ProtestPhoto(
            protest=protest,
            image_format=image_format,
            size=upload.size,
            width=width,
            height=height,
            caption=caption.strip()[:200],
            uploaded_by=signed_in(user),
            uploaded_at=timezone.now(),
        )
        upload.seek(0)
        photo.image.save(upload.name or "photo", upload, save=False)  # through default_storage
        try:
            photo.save()
        except Exception:  # nothing half-saved: no row, so no file either
            photo.image.storage.delete(photo.image.name)
            raise
    return photo


def check_image(upload):
    """(format, width, height) of an image Pillow can read and fully decode; else ProtestError naming why."""
    maximum = settings.PROTEST_PHOTO_MAX_BYTES
    if upload is None or not upload.size:
        raise ProtestError("image", _("Choose a photo to attach."))
    if upload.size > maximum:
        raise ProtestError(
            "image",
            _("This photo is %(size)s bytes; a protest photo is at most %(maximum)s bytes.")
            % {"size": f"{upload.size:,}", "maximum": f"{maximum:,}"},
        )
    not_image = ProtestError("image", _("This file is not a photo (JPEG, PNG, WebP or GIF image)."))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            upload.seek(0)
            with Image.open(upload) as image:
                image_format, (width, height) = image.format, image.size
                if image_format not in FORMATS:
                    raise not_image
                image.verify()  # the structure, checksums
            upload.seek(0)
            with Image.open(upload) as image:
                image.load()  # every pixel: a truncated or corrupt file fails here
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombError,
            Image.DecompressionBombWarning):  # fmt: skip
        raise not_image from None
    return image_format, width, height


def photos_for(user, protest):
    """The protest's photos `user` may see: all of them for the officials and umpires, none for anyone else."""
    if not permissions.can_see_evidence(user, protest.match):
        return ProtestPhoto.objects.none()
    return protest.photos.all()


def photo_of(user, tournament, protest_pk, photo_pk):
    """The photo, if `user` may see it; None otherwise (the caller answers 404, telling nothing)."""
    photo = (
        ProtestPhoto.objects.select_related("protest__match__stage__event__tournament")
        .filter(pk=photo_pk, protest_id=protest_pk, protest__match__stage__event__tournament=tournament)
        .first()
    )
    if photo is None or not permissions.can_see_evidence(user, photo.protest.match):
        return None
    return photo


def photo_response(photo):
    """The image, for this reader only: never cached by a shared cache, never sniffed as anything else."""
    response = FileResponse(photo.image.open("rb"), content_type=photo.content_type)
    response["Cache-Control"] = "private, no-store"
    response["X-Content-Type-Options"] = "nosniff"
    return response
