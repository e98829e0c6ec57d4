"""Photos carried by the written protest (ICF 144, 147: the signed paper, the board as it stood): images only, each
at most PROTEST_PHOTO_MAX_BYTES and PROTEST_PHOTO_MAX_PIXELS, one frame, at most PROTEST_PHOTOS_MAX per protest,
stored through Django's storage API (default_storage) and read by the officials only (protests.views.photo,
protests.api.ProtestPhotoFileView).

What is stored is the copy core.pictures writes from the pixels, never the upload: a file that is not an image
whatever its name says, a broken one, one of more pixels than allowed (judged from its header, before decoding) or
an animated one is refused and nothing is saved; the copy carries no EXIF (a phone's position, the time, its
owner) and nothing that rode along in the upload. Photos stored before the copies keep their files and are served
as they were."""

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction
from django.http import FileResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.pictures import NotAPicture, reencode
from matches.audit import signed_in
from protests import permissions
from protests.models import ProtestPhoto
from protests.services import ProtestError, lock

# Served with every photo: it is an image and nothing else, even to a browser that opens it on its own.
PHOTO_POLICY = "default-src 'none'; img-src 'self'; sandbox"


def add_photo(protest, upload, user, caption=""):
    """Attach one photo to a protest not yet decided; `upload` is a Django UploadedFile. The photo is checked and
    copied before the transaction, then the transaction on the locked protest checks again, so two uploads at once
    cannot pass the limit together and no lock is held while pixels are decoded."""
    check_may_add(protest, user)
    picture = check_image(upload)
    with transaction.atomic():
        protest = lock(protest)
        check_may_add(protest, user)
        photo = ProtestPhoto(
            protest=protest,
            image_format=picture.image_format,
            size=len(picture.data),
            width=picture.width,
            height=picture.height,
            caption=caption.strip()[:200],
            uploaded_by=signed_in(user),
            uploaded_at=timezone.now(),
        )
        photo.image.save("photo", ContentFile(picture.data), save=False)  # through default_storage
        try:
            photo.save()
        except Exception:  # nothing half-saved: no row, so no file either
            photo.image.storage.delete(photo.image.name)
            raise
    return photo


def check_may_add(protest, user):
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


def check_image(upload):
    """The copy of the photo to store (core.pictures.Picture); else ProtestError naming why."""
    maximum = settings.PROTEST_PHOTO_MAX_BYTES
    if upload is None or not upload.size:
        raise ProtestError("image", _("Choose a photo to attach."))
    if upload.size > maximum:
        raise ProtestError(
            "image",
            _("This photo is %(size)s bytes; a protest photo is at most %(maximum)s bytes.")
            % {"size": f"{upload.size:,}", "maximum": f"{maximum:,}"},
        )
    try:
        return reencode(upload, settings.PROTEST_PHOTO_MAX_PIXELS)
    except NotAPicture as refusal:
        raise ProtestError("image", refusal_message(refusal)) from None


def refusal_message(refusal):
    if refusal.reason == NotAPicture.TOO_MANY_PIXELS:
        pixels = settings.PROTEST_PHOTO_MAX_PIXELS
        message = _(
            "This photo has more pixels than the %(maximum)s a protest photo may have (%(megapixels)s million): "
            "send it at a smaller size; a phone's usual photo size will do."
        )
        return message % {"maximum": f"{pixels:,}", "megapixels": f"{pixels / 1e6:.1f}"}
    if refusal.reason == NotAPicture.ANIMATED:
        return _("This image is animated: attach a still photo (JPEG, PNG, WebP or GIF).")
    return _("This file is not a photo (JPEG, PNG, WebP or GIF image).")


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
    response["Content-Security-Policy"] = PHOTO_POLICY
    return response
