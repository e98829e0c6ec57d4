"""A tournament's officials (secretaries, chief referees, umpires): who they are, the accounts made for them, and
their removal. A secretary appoints nobody directly: they invite an account (tournaments.invitations), and its
owner's acceptance appoints it. A tournament always keeps a secretary: nobody else may change it, nor appoint one
again.

Reads (`officials_of`), finding an account by its name without telling whether it exists (`account_named`),
making an account without a password (its owner chooses one through the set-password link), and removing an
official; `appoint_without_invitation` is for the demo and the tests, whose people have agreed already."""

from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.text import slugify
from django.utils.translation import gettext as _

from core.errors import ServiceError
from tournaments.display import NOT_ONE
from tournaments.models import CHIEF_REFEREE, FIELDS, ROLES, SECRETARY, UMPIRE, Tournament  # noqa: F401 (callers name the roles here)

User = get_user_model()

USERNAME_FALLBACK = "official"  # a name with no Latin letter or digit (Devanagari, say) gives no user name of its own
USERNAME_ROOM = User._meta.get_field("username").max_length - 8  # room for the "2", "3"... that makes one free
USERNAME_TRIES = 5


# ---------------------------------------------------------------- reading


def person(user):
    """How the pages and messages name an official: their full name, else their user name."""
    return user.get_full_name() or user.get_username()


def officials_of(tournament):
    """{role: [users]} in FIELDS' order, each list by user name: one query per role. Their e-mail addresses are
    left out: an address is its owner's, and the site tells officials what they need to know."""
    return {
        role: list(getattr(tournament, field).order_by("username").only("username", "first_name", "last_name"))
        for role, field in FIELDS.items()
    }


def members(tournament, role):
    return getattr(tournament, FIELDS[role])


def check_role(role):
    if role not in FIELDS:
        raise ServiceError("role", _("Choose secretary, chief referee or umpire."))


def account_named(identifier):
    """The active account a secretary names by its user name, or by its e-mail address when only one account has
    it (either in any case); else None. Callers answer the same either way: naming an account must not tell
    whether it exists."""
    identifier = (identifier or "").strip()
    if not identifier:
        raise ServiceError("user", _("Give a user name or an e-mail address."))
    found = list(User.objects.filter(username__iexact=identifier)[:2])
    if len(found) != 1:
        found = list(User.objects.filter(email__iexact=identifier)[:2])
    if len(found) != 1 or not found[0].is_active:
        return None
    return found[0]


def accounts_with_email(email):
    return User.objects.filter(email__iexact=email)


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


def locked(tournament):
    """The tournament's row, locked: two secretaries removing each other at once cannot leave it with none."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


@transaction.atomic
def appoint_without_invitation(tournament, role, user):
    """Make `user` an official in `role` at once, without asking them. Only for the demo and the tests, whose
    people have agreed already (and for a tournament's creator, its first secretary): a secretary invites."""
    check_role(role)
    members(locked(tournament), role).add(user)


@transaction.atomic
def remove(tournament, role, user):
    """Remove `user` from `role`; the last secretary stays."""
    check_role(role)
    tournament = locked(tournament)
    if not members(tournament, role).filter(pk=user.pk).exists():
        raise ServiceError("user", NOT_ONE[role] % {"person": person(user)})
    if role == SECRETARY and not tournament.secretaries.exclude(pk=user.pk).exists():
        raise ServiceError(
            "user",
            _("%(person)s is the last secretary of this tournament: appoint another secretary first, then remove them.")
            % {"person": person(user)},
        )
    members(tournament, role).remove(user)


def check_new_account(name, email, username):
    """The new account's name, e-mail address and user name, stripped, or the ServiceError of the first that is
    wrong. An address some account has already is no error: the caller invites that account instead."""
    name, email, username = (name or "").strip(), (email or "").strip(), (username or "").strip()
    if not name:
        raise ServiceError("name", _("Give the new official's name."))
    if email:
        _check_email(email)
    if username:
        _check_username(username)
    return name, email, username


def _check_email(email):
    try:
        validate_email(email)
    except ValidationError:
        raise ServiceError("email", _("Enter a valid e-mail address.")) from None


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


def create_account(name, email, username):
    """An account without a password (its owner chooses one through set_password_path), its user name made from
    the name unless one is given."""
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
