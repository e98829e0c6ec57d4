"""The wording of a tournament's officials and of the invitations that appoint them. Whole sentences per role: the
role's name takes a different form inside each language's sentence."""

from django.utils.translation import gettext_lazy

from tournaments.models import CHIEF_REFEREE, SECRETARY, UMPIRE

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
APPOINTED = {
    SECRETARY: gettext_lazy("%(person)s is now a secretary of %(tournament)s."),
    CHIEF_REFEREE: gettext_lazy("%(person)s is now a chief referee of %(tournament)s."),
    UMPIRE: gettext_lazy("%(person)s is now an umpire of %(tournament)s."),
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
INVITED = {
    SECRETARY: gettext_lazy(
        "If an account has this user name or e-mail address, its owner is invited to be a secretary of "
        "%(tournament)s: they are listed here once they accept."
    ),
    CHIEF_REFEREE: gettext_lazy(
        "If an account has this user name or e-mail address, its owner is invited to be a chief referee of "
        "%(tournament)s: they are listed here once they accept."
    ),
    UMPIRE: gettext_lazy(
        "If an account has this user name or e-mail address, its owner is invited to be an umpire of "
        "%(tournament)s: they are listed here once they accept."
    ),
}
INVITATION = {
    SECRETARY: gettext_lazy("%(person)s invites you to be a secretary of %(tournament)s"),
    CHIEF_REFEREE: gettext_lazy("%(person)s invites you to be a chief referee of %(tournament)s"),
    UMPIRE: gettext_lazy("%(person)s invites you to be an umpire of %(tournament)s"),
}
DECLINED = {
    SECRETARY: gettext_lazy("%(person)s declined to be a secretary of %(tournament)s."),
    CHIEF_REFEREE: gettext_lazy("%(person)s declined to be a chief referee of %(tournament)s."),
    UMPIRE: gettext_lazy("%(person)s declined to be an umpire of %(tournament)s."),
}
MAILED = gettext_lazy(
    "An invitation has gone to %(email)s, with a link to choose a password if no account has this address yet. "
    "They are listed here once they accept."
)
ANSWER_WHERE = gettext_lazy("Accept or decline it on your account page: %(url)s")
