"""A tournament's officials (secretaries, chief referees, umpires), appointed and removed by its secretaries.

Reads (`officials_of`) and the three operations, each one transaction, that the Officials page and the API share:
appoint an existing account, appoint a new one (created without a password: its owner chooses one through the
set-password link, shown to the secretary and e-mailed when an address is given), and remove. A tournament always
keeps a secretary: nobody else may change it, nor appoint one again."""

from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import translation
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from core.errors import ServiceError
from tournaments.models import Profile, Tournament

User = get_user_model()

SECRETARY, CHIEF_REFEREE, UMPIRE = "secretary", "chief_referee", "umpire"
# role → the tournament's field that holds it; the order of the page and of the API's list.
FIELDS = {SECRETARY: "secretaries", CHIEF_REFEREE: "chief_referees", UMPIRE: "umpires"}
ROLES = list(FIELDS)  # the API's values (settings.SPECTACULAR_SETTINGS names their enum)
ROLE_CHOICES = [
    (SECRETARY, gettext_lazy("Secretary")),
    (CHIEF_REFEREE, gettext_lazy("Chief referee")),
    (UMPIRE, gettext_lazy("Umpire")),
]
ROLE_TITLES = {
    SECRETARY: gettext_lazy("Secretaries"),
    CHIEF_REFEREE: gettext_lazy("Chief referees"),
    UMPIRE: gettext_lazy("Umpires"),
}
# Whole sentences per role: the role's name takes a different form inside each language's sentence.
APPOINTED = {
    SECRETARY: gettext_lazy("%(person)s is now a secretary of %(tournament)s."),
    CHIEF_REFEREE: gettext_lazy("%(person)s is now a chief referee of %(tournament)s."),
    UMPIRE: gettext_lazy("%(person)s is now an umpire of %(tournament)s."),
}
ALREADY = {
    SECRETARY: gettext_lazy("%(person)s is already a secretary of this tournament."),
    CHIEF_REFEREE: gettext_lazy("%(person)s is already a chief referee of this tournament."),
    UMPIRE: gettext_lazy("%(person)s is already an umpire of this tournament."),
}
NOT_ONE = {
    SECRETARY: gettext_lazy("%(person)s is not a secretary of this tournament."),
    CHIEF_REFEREE: gettext_lazy("%(person)s is not a chief referee of this tournament."),
    UMPIRE: gettext_lazy("%(person)s is not an umpire of this tournament."),
}
REMOVED = {
    SECRETARY: gettext_lazy("%(person)s is no longer a secretary of %(tournament)s."),
    CHIEF_REFEREE: gettext_lazy("%(person)s is no longer a chief referee of %(tournament)s."),
    UMPIRE: gettext_lazy("%(person)s is no longer an umpire of %(tournament)s."),
}
MAIL_SUBJECT = {
    SECRETARY: gettext_lazy("You are a secretary of %(tournament)s"),
    CHIEF_REFEREE: gettext_lazy("You are a chief referee of %(tournament)s"),
    UMPIRE: gettext_lazy("You are an umpire of %(tournament)s"),
}
USERNAME_FALLBACK = "official"  # a name with no Latin letter or digit (Devanagari, say) gives no user name of its own
USERNAME_ROOM = User._meta.get_field("username").max_length - 8  # room for the "2", "3"... that makes one free
USERNAME_TRIES = 5


@dataclass
class NewAccount:
    user: object
    role: str
    link: str  # the set-password link, absolute when the caller gave the site's address
    mailed: bool


# ---------------------------------------------------------------- reading


def person(user):
    """How the pages and messages name an official: their full name, else their user name."""
    return user.get_full_name() or user.get_username()


def officials_of(tournament):
    """{role: [users]} in FIELDS' order, each list by user name: one query per role."""
    return {
        role: list(getattr(tournament, field).order_by("username").only("username", "first_name", "last_name", "email"))
        for role, field in FIELDS.items()
    }


def members(tournament, role):
    return getattr(tournament, FIELDS[role])


def check_role(role):
    if role not in FIELDS:
        raise ServiceError("role", _("Choose secretary, chief referee or umpire."))


def find_account(identifier):
    """The account a secretary names by its user name or e-mail address (either in any case)."""
    identifier = (identifier or "").strip()
    if not identifier:
        raise ServiceError("user", _("Give a user name or an e-mail address."))
    found = list(User.objects.filter(username__iexact=identifier)[:2])
    if len(found) != 1:
        found = list(User.objects.filter(email__iexact=identifier)[:2])
    if len(found) > 1:
        raise ServiceError("user", _("Several accounts have this e-mail address: give the user name instead."))
    if not found:
        raise ServiceError("user", _("No account has this user name or e-mail address."))
    if not found[0].is_active:
        raise ServiceError("user", _("This account is switched off."))
    return found[0]


def find_member(tournament, role, identifier):
    """One of the tournament's officials in `role`, named by id, user name or e-mail address (the API's DELETE)."""
    check_role(role)
    identifier = str(identifier or "").strip()
    if not identifier:
        raise ServiceError("user", _("Give a user name or an e-mail address."))
    people = members(tournament, role)
    by_id = people.filter(pk=int(identifier)) if identifier.isascii() and identifier.isdigit() else people.none()
    found = by_id.first() or people.filter(username__iexact=identifier).first()
    found = found or people.filter(email__iexact=identifier).first()
    if found is None:
        raise ServiceError("user", NOT_ONE[role] % {"person": identifier})
    return found


def set_password_path(user):
    """The path of the page where `user` chooses a password (Django's password reset token: it works until the
    password is set, and for PASSWORD_RESET_TIMEOUT at most)."""
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    return reverse("password_reset_confirm", args=[uid, default_token_generator.make_token(user)])


# ---------------------------------------------------------------- writing


def _locked(tournament):
    """The tournament's row, locked: two secretaries removing each other at once cannot leave it with none."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _add(tournament, role, user):
    if members(tournament, role).filter(pk=user.pk).exists():
        raise ServiceError("user", ALREADY[role] % {"person": person(user)})
    members(tournament, role).add(user)


@transaction.atomic
def appoint(tournament, role, identifier):
    """Appoint the account named by user name or e-mail address."""
    check_role(role)
    user = find_account(identifier)
    _add(_locked(tournament), role, user)
    return user


@transaction.atomic
def remove(tournament, role, user):
    """Remove `user` from `role`; the last secretary stays."""
    check_role(role)
    tournament = _locked(tournament)
    if not members(tournament, role).filter(pk=user.pk).exists():
        raise ServiceError("user", NOT_ONE[role] % {"person": person(user)})
    if role == SECRETARY and not tournament.secretaries.exclude(pk=user.pk).exists():
        raise ServiceError(
            "user",
            _("%(person)s is the last secretary of this tournament: appoint another secretary first, then remove them.")
            % {"person": person(user)},
        )
    members(tournament, role).remove(user)


def create_and_appoint(tournament, role, *, name, email="", username="", appointed_by=None, site=""):
    """Create an account without a password and appoint it. `site` ("https://carrom.example.org") makes the
    set-password link absolute, as an e-mail needs it. The e-mail, if any, leaves once the transaction commits."""
    check_role(role)
    name, email, username = (name or "").strip(), (email or "").strip(), (username or "").strip()
    if not name:
        raise ServiceError("name", _("Give the new official's name."))
    if email:
        _check_email(email)
    if username:
        _check_username(username)
    with transaction.atomic():
        tournament = _locked(tournament)
        user = _create_user(name, email, username)
        members(tournament, role).add(user)
        link = site.rstrip("/") + set_password_path(user)
        if email:
            transaction.on_commit(lambda: _mail_link(tournament, role, user, link, appointed_by))
    return NewAccount(user=user, role=role, link=link, mailed=bool(email))


def _check_email(email):
    try:
        validate_email(email)
    except ValidationError:
        raise ServiceError("email", _("Enter a valid e-mail address.")) from None
    if User.objects.filter(email__iexact=email).exists():
        raise ServiceError(
            "email", _("An account with this e-mail address exists already: appoint it by its e-mail address.")
        )


def _check_username(username):
    try:
        User.username_validator(username)
    except ValidationError:
        raise ServiceError(
            "username", _("A user name holds letters, digits and @ . + - _ only, without spaces.")
        ) from None
    if len(username) > USERNAME_ROOM:
        raise ServiceError("username", _("This user name is too long."))
    if User.objects.filter(username__iexact=username).exists():
        raise ServiceError("username", _("This user name is taken: choose another, or leave it empty."))


def username_base(name):
    """The user name a person's name asks for: "Asha Rao" → "asha.rao"; accents dropped, other scripts left out."""
    return slugify(name).replace("-", ".")[:USERNAME_ROOM].strip("._") or USERNAME_FALLBACK


def free_username(base):
    """`base`, or `base2`, `base3` ... the first that no account has (in any case)."""
    taken = {
        name.casefold() for name in User.objects.filter(username__istartswith=base).values_list("username", flat=True)
    }
    username, number = base, 1
    while username.casefold() in taken:
        number += 1
        username = f"{base}{number}"
    return username


def _create_user(name, email, username):
    first_name, _space, last_name = name.partition(" ")
    fields = {"first_name": first_name[:150], "last_name": last_name.strip()[:150], "email": email}
    if username:
        user = User(username=username, **fields)
        user.set_unusable_password()
        user.save()
        return user
    base = username_base(name)
    for _attempt in range(USERNAME_TRIES):
        user = User(username=free_username(base), **fields)
        user.set_unusable_password()
        try:
            # A savepoint: an account made at the same moment may take the name first, and the next one is tried.
            with transaction.atomic():
                user.save()
            return user
        except IntegrityError:
            continue
    raise ServiceError("username", _("No free user name was found: give one."))


def _mail_link(tournament, role, user, link, appointed_by):
    """The new official's e-mail, in the tournament's language (they have chosen none yet)."""
    language = (
        Profile.objects.filter(user=user).exclude(language="").values_list("language", flat=True).first()
        or tournament.language
        or settings.LANGUAGE_CODE
    )
    days = max(1, settings.PASSWORD_RESET_TIMEOUT // 86400)
    with translation.override(language):
        subject = MAIL_SUBJECT[role] % {"tournament": tournament.name}
        lines = [
            APPOINTED[role] % {"person": person(user), "tournament": tournament.name},
            _("Your user name is %(username)s. Choose your password here:") % {"username": user.get_username()},
            link,
            ngettext(
                "The link works until you have chosen your password, for %(days)s day at most.",
                "The link works until you have chosen your password, for %(days)s days at most.",
                days,
            )
            % {"days": days},
        ]
        if appointed_by is not None:
            lines.append(_("Appointed by %(person)s.") % {"person": person(appointed_by)})
    send_mail(subject, "\n\n".join(lines), None, [user.email], fail_silently=True)
