"""Invitations to be an official of a tournament: how a secretary appoints one.

A secretary invites an account by its user name or e-mail address, or makes a new account and invites it; the
appointment takes effect when the account's owner accepts, on their account page or through the API. They may
decline, and leave later (never as the last secretary: tournaments.officials.remove).

The secretary's answer is the same whether an account has that name or not, whether it is already an official or
already invited, and never shows an account's e-mail address: inviting tells nobody who has an account. The
invited person is told (a notification, e-mailed when they have an address); the secretaries are told the answer.
Each operation is one transaction."""

from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.errors import Conflict
from tournaments import officials
from tournaments.display import ANSWER_WHERE, APPOINTED, DECLINED, INVITATION, REMOVED
from tournaments.mail import Mail
from tournaments.models import Invitation, Notification, Profile
from tournaments.notifications import notify, person_name
from tournaments.tasks import send_later

SUBJECT_LENGTH = Notification._meta.get_field("subject").max_length


@dataclass
class NewAccount:
    user: object
    role: str
    link: str  # the set-password link, absolute when the caller gave the site's address


def site_url(path, site=""):
    """The URL of `path` on the site: DJANGO_SITE_URL's when set (never a request's Host, which the sender of a
    request chooses), else `site`, the address the request came to."""
    return (getattr(settings, "SITE_URL", "") or site).rstrip("/") + path


# ---------------------------------------------------------------- reading


def pending_for(user):
    """The invitations waiting for `user`'s answer, newest first."""
    return Invitation.objects.filter(user=user, status=Invitation.Status.PENDING).select_related(
        "tournament", "invited_by"
    )


def appointments_of(user):
    """[(tournament, role)] of every tournament `user` is an official of, by tournament then role."""
    rows = [
        (tournament, role)
        for role in officials.ROLES
        for tournament in getattr(user, f"tournaments_as_{role}").all()  # tournaments_as_umpire...
    ]
    order = {role: index for index, role in enumerate(officials.ROLES)}
    return sorted(rows, key=lambda row: (-row[0].start_date.toordinal(), row[0].name, order[row[1]]))


# ---------------------------------------------------------------- writing


def invite(tournament, role, identifier, invited_by=None):
    """Invite the account named by `identifier` (officials.account_named). Returns the new invitation, or None
    when there is no such account, it holds the role already or is invited to it: the caller answers the same."""
    officials.check_role(role)
    user = officials.account_named(identifier)
    if user is None:
        return None
    with transaction.atomic():
        invitation = _invite(officials.locked(tournament), role, user, invited_by)
        if invitation is not None:
            tell_invited(invitation)
    return invitation


def _invite(tournament, role, user, invited_by):
    if officials.members(tournament, role).filter(pk=user.pk).exists():
        return None
    invitation, created = Invitation.objects.get_or_create(
        tournament=tournament,
        user=user,
        role=role,
        status=Invitation.Status.PENDING,
        defaults={"invited_by": invited_by},
    )
    return invitation if created else None


def tell_invited(invitation):
    def message():
        subject = INVITATION[invitation.role] % invitation_names(invitation)
        return subject[:SUBJECT_LENGTH], ANSWER_WHERE % {"url": site_url(reverse("account"))}

    notify([invitation.user], invitation.tournament, message, url=reverse("account"), key=f"invitation:{invitation.pk}")


def invitation_names(invitation):
    inviter = invitation.invited_by
    return {"person": officials.person(inviter) if inviter else _("A secretary"), "tournament": invitation.tournament}


def create_and_invite(tournament, role, *, name, email="", username="", invited_by=None, site=""):
    """Make an account without a password and invite it; its set-password link (absolute from DJANGO_SITE_URL, else
    from `site`, "https://carrom.example.org", when given) goes by e-mail after commit when an address is given.
    When an account has that address already, that account is invited instead and nothing is made: the answer to
    an address must not tell.
    Returns the NewAccount, or None when an address was given (the caller shows neither link nor user name)."""
    officials.check_role(role)
    name, email, username = officials.check_new_account(name, email, username)
    with transaction.atomic():
        tournament = officials.locked(tournament)
        existing = list(officials.accounts_with_email(email)[:2]) if email else []
        if existing:
            only = existing[0] if len(existing) == 1 and existing[0].is_active else None
            invitation = _invite(tournament, role, only, invited_by) if only else None
            if invitation is not None:
                tell_invited(invitation)
            return None
        user = officials.create_account(name, email, username)
        invitation = _invite(tournament, role, user, invited_by)
        link = site_url(officials.set_password_path(user), site)
        if email:
            mail_link(invitation, link, site)
            return None
    return NewAccount(user=user, role=role, link=link)


def mail_link(invitation, link, site):
    """The new account's e-mail, in the tournament's language (its owner has chosen none yet), written in the
    caller's transaction and sent once it commits."""
    user, tournament = invitation.user, invitation.tournament
    language = (
        Profile.objects.filter(user=user).exclude(language="").values_list("language", flat=True).first()
        or tournament.language
        or settings.LANGUAGE_CODE
    )
    days = max(1, settings.PASSWORD_RESET_TIMEOUT // 86400)
    with translation.override(language):
        subject = INVITATION[invitation.role] % invitation_names(invitation)
        lines = [
            _("Your user name is %(username)s. Choose your password here:") % {"username": user.get_username()},
            link,
            ngettext(
                "The link works until you have chosen your password, for %(days)s day at most.",
                "The link works until you have chosen your password, for %(days)s days at most.",
                days,
            )
            % {"days": days},
            ANSWER_WHERE % {"url": site_url(reverse("account"), site)},
        ]
    text = "\n\n".join(lines)
    send_later(tournament, [Mail(user.email, subject, text, person_name(user), language)])


@transaction.atomic
def answer(invitation, accept):
    """Accept (the appointment takes effect) or decline a waiting invitation; the secretaries are told."""
    tournament = officials.locked(invitation.tournament)
    invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
    if invitation.status != Invitation.Status.PENDING:
        raise Conflict("invitation", _("This invitation has been answered already."))
    invitation.status = Invitation.Status.ACCEPTED if accept else Invitation.Status.DECLINED
    invitation.answered_at = timezone.now()
    invitation.save(update_fields=["status", "answered_at"])
    if accept:
        officials.members(tournament, invitation.role).add(invitation.user)
    said = APPOINTED if accept else DECLINED
    tell_secretaries(tournament, invitation.user, said[invitation.role], f"invitation-answer:{invitation.pk}")
    return invitation


@transaction.atomic
def leave(user, tournament, role):
    """`user` stops being an official in `role` (officials.remove: never the last secretary); the other
    secretaries are told."""
    officials.remove(tournament, role, user)
    tell_secretaries(tournament, user, REMOVED[role])


def tell_secretaries(tournament, user, sentence, key=""):
    def message():
        return (sentence % {"person": officials.person(user), "tournament": tournament.name})[:SUBJECT_LENGTH], ""

    readers = tournament.secretaries.exclude(pk=user.pk)
    notify(readers, tournament, message, url=reverse("tournament-officials", args=[tournament.slug]), key=key)
