"""The world the leak walk (tests/test_leak_walk.py) walks: a draft tournament and a published one, both in play,
with private data planted where a careless page, export or PDF could show it, and the seven identities who look.

Both tournaments have a Swiss stage with a published round and a result, a round robin, a knockout waiting for the
Swiss qualifiers, the demo's late arrival (ICF 143) and protest (ICF XVIII) with a photo, personal and match links,
a rating and a championship. Every player has a date of birth and an e-mail address, every account an e-mail
address and an API token. The draft's players are entered in the draft only: their names are the draft's secret.

Each secret names the identities that may see it, by the project's rules (written here, not read from the code
under test): the tournament's officials see its draft; whoever runs tournaments looks every player up, to enter
them (tournaments.privacy); a date of birth goes to the secretaries and chief referees of the player's
tournaments; photos of a protest to the tournament's umpires and officials; a personal link to its player and the
secretaries; an e-mail address and an API token to nobody but their owner."""

import smtplib
from dataclasses import dataclass, field
from datetime import date, timedelta

from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils.formats import date_format
from django.utils.translation import override
from rest_framework.authtoken.models import Token

from demo import late_arrival as late_arrival_demo
from demo import protest as protest_demo
from demo.brackets import SOURCE_EVENT
from federations.services import invite_federation
from history.championships.models import Championship
from history.ratings.models import Rate, Rating
from history.sol.models import ImportJob
from matches.featured.services import feature_match
from matches.scoring.services import record_result
from players import outbox
from players.links import match_link, personal_link, personal_token
from protests.models import Protest, ProtestPhoto
from stages.models import Stage
from stages.services import draw_stage, publish_round, publish_stage
from tests.factories import (
    ClubFactory,
    EntryFactory,
    EventFactory,
    HeartbeatFactory,
    PlayerFactory,
    StageFactory,
    TournamentFactory,
    UserFactory,
    WebhookFactory,
)
from tournaments import mail
from tournaments.mail import Mail
from tournaments.models import Invitation, Tournament
from webhooks.models import Delivery

DRAFT_NAME = "Veiled Draft Cup"
DRAFT_SURNAME = "Zarkovine"  # every draft player's last name starts so
MAIL_DOMAIN = "leak.example"
FORGED_TOKEN = "p999999.forged:not-a-signature"
EXCEL_EPOCH = date(1899, 12, 30)  # a date in an XLSX cell is a count of days since then
LANGUAGES = ("en", "de", "fr", "it", "hi")

ANONYMOUS, LINK, PLAYER = "anonymous", "personal link", "player with an account"
UMPIRE, UMPIRE_ELSEWHERE = "umpire of the tournament", "umpire of another tournament"
SECRETARY_ELSEWHERE, SECRETARY = "secretary of another tournament", "the secretary"
IDENTITIES = (ANONYMOUS, LINK, PLAYER, UMPIRE, UMPIRE_ELSEWHERE, SECRETARY_ELSEWHERE, SECRETARY)
RUN_TOURNAMENTS = {SECRETARY, SECRETARY_ELSEWHERE}  # both in the "Secretary" group


@dataclass
class Secret:
    what: str
    needles: list  # any of these in an answer shows it
    seen_by: set  # the identities that may see it
    shown: bool = True  # some answer shows it to them (an e-mail address or an API token: none)


@dataclass
class Identity:
    name: str
    user: object  # None: nobody signed in
    token: str  # the personal link's token it holds (a forged one if none)


@dataclass
class Side:
    """One tournament's objects, by the names URL parameters give them."""

    tournament: object
    objects: dict = field(default_factory=dict)


@dataclass
class World:
    draft: Side
    published: Side
    identities: list
    secrets: list


def birth_needles(born):
    """A date of birth as an answer may carry it: ISO (JSON, YAML), as each language writes dates, and as an
    XLSX cell's number."""
    needles = {born.isoformat(), f"<v>{(born - EXCEL_EPOCH).days}</v>"}
    for language in LANGUAGES:
        with override(language):
            needles |= {date_format(born, "DATE_FORMAT"), date_format(born, "SHORT_DATE_FORMAT")}
    return sorted(needles)


def account(name, secretary=False):
    user = UserFactory(username=name, email=f"{name}@{MAIL_DOMAIN}", secretary=secretary)
    Token.objects.create(user=user)
    return user


def players(count, first, surname=None):
    """`count` players, each with a date of birth (day 13 or later: no day reads as a month) and an address."""
    made = []
    for number in range(first, first + count):
        born = date(1950, 1, 13) + timedelta(days=391 * number)
        fields = {"date_of_birth": born, "email": f"player{number}@{MAIL_DOMAIN}"}
        if surname:
            fields["last_name"] = f"{surname}{number}"
        made.append(PlayerFactory(**fields))
    return made


def in_play(tournament, secretary, umpire, field):
    """The tournament in play (as the API fuzz's world): returns the objects its URLs name."""
    club = ClubFactory()
    for player in field:
        player.club = club
        player.save()
    # The tournament's webhook hears what follows: its deliveries name the players as the public pages do.
    webhook = WebhookFactory(tournament=tournament)
    event = EventFactory(tournament=tournament, name=SOURCE_EVENT, rule_set="icf")
    entries = [EntryFactory(event=event, seed=seed, members=[p]) for seed, p in enumerate(field, 1)]
    swiss = StageFactory(event=event, order=1, name="Swiss", kind=Stage.Kind.SWISS, rounds_planned=3)
    first_round = draw_stage(swiss)
    publish_round(first_round)
    played = first_round.matches.exclude(entry_b=None).order_by("number").first()
    record_result(played, [(25, 10), (25, 12)], confirm=True, user=secretary)  # ICF 57
    robin = StageFactory(event=event, order=2, name="Robin", kind=Stage.Kind.ROUND_ROBIN, keep_apart="")
    draw_stage(robin)
    publish_stage(robin)
    StageFactory(event=event, order=3, name="Final", kind=Stage.Kind.KNOCKOUT, source=swiss, qualifiers=4)
    late_arrival_demo.load(tournament, umpire)
    protest_demo.load(tournament, umpire)
    protest = Protest.objects.get(match__stage__event__tournament=tournament)
    photo = ProtestPhoto.objects.create(
        protest=protest,
        image=SimpleUploadedFile("p.gif", b"GIF89a" + photo_marker(tournament), content_type="image/gif"),
        image_format="GIF",
        size=40,
        width=1,
        height=1,
    )
    for side in ("a", "b"):
        match_link(protest.match, side)
    rating = Rating.objects.create(name=f"Rating of {tournament.slug}")
    for player in field:
        Rate.objects.create(
            rating=rating, player=player, date=tournament.start_date, rate=1500, deviation=350, volatility="0.06"
        )
    championship = Championship.objects.create(name=f"Championship of {tournament.slug}", club=club)
    championship.tournaments.add(tournament)
    return {
        "club": club,
        "event": event,
        "entry": entries[0],
        "player": field[0],
        "other": field[1],
        "stage": swiss,
        "round": first_round,
        "match": protest.match,
        "protest": protest,
        "photo": photo,
        "rating": rating,
        "championship": championship,
        "featured": feature_match(tournament, played, user=secretary),  # a match on stream: its overlay names them
        "delivery": failed_once(webhook.deliveries.get(event=Delivery.Event.RESULT_CONFIRMED)),
    }


def failed_once(delivery):
    """A delivery the receiver refused once: the secretary may send it again at once."""
    Delivery.objects.filter(pk=delivery.pk).update(attempts=1, last_status_code=500, last_answer="Receiver down")
    return delivery


def photo_marker(tournament):
    return f"protest-photo-of-{tournament.slug}".encode()


def build():
    """The world, built once per test."""
    secretary = account("sec", secretary=True)
    umpire = account("ump")
    umpire_elsewhere, secretary_elsewhere = account("ump2"), account("sec2", secretary=True)
    player_user = account("playr")
    account("bystander")  # in no tournament: their address is nobody else's business
    published = TournamentFactory(status="published", name="Open Daylight Cup")
    draft = TournamentFactory(status="published", name=DRAFT_NAME)  # a draft once it is in play
    elsewhere = TournamentFactory(status="published", name="Far Away Open")
    for tournament in (published, draft):
        tournament.secretaries.add(secretary)
        tournament.umpires.add(umpire)
    elsewhere.secretaries.add(secretary_elsewhere)
    elsewhere.umpires.add(umpire_elsewhere)

    public_field = players(8, first=0)
    draft_field = players(8, first=8, surname=DRAFT_SURNAME)
    sides = {
        "published": Side(published, in_play(published, secretary, umpire, public_field)),
        "draft": Side(draft, in_play(draft, secretary, umpire, draft_field)),
    }
    Tournament.objects.filter(pk=draft.pk).update(status=Tournament.Status.DRAFT)
    draft.refresh_from_db()
    with_account, with_link = public_field[0], public_field[1]
    with_account.user = player_user
    with_account.save()
    job = ImportJob.objects.create(user=secretary, file_name="history.sol")
    for side in sides.values():
        side.objects["job"] = job
    # An umpire of another tournament, invited to be a chief referee of each: their invitations tell them the
    # tournaments' names, and nobody else learns who was invited.
    for side in sides.values():
        side.objects["invitation"] = Invitation.objects.create(
            tournament=side.tournament, user=umpire_elsewhere, role="chief_referee", invited_by=secretary
        )
    # Players' news still to send: its list is for the tournament's officials only.
    for side in sides.values():
        side.objects["news"] = outbox.record([side.objects["match"]], "moved")[0]
    # A federation invited to each, its delegate's link known to the secretaries (and the delegate) only.
    for side in sides.values():
        side.objects["delegation"] = invite_federation(
            side.tournament, name=f"Federation of {side.tournament.slug}", quotas={side.objects["event"]: 2}
        )
    # Beat and its workers running (core.heartbeat): /health/ answers 200 like every other page walked.
    for name in ("beat", "worker:deadlines", "worker:news"):
        HeartbeatFactory(name=name)
    # An e-mail the mail server refused, with the player's address and personal link: its officials see that it
    # did not leave, and to whom, never the address or the link.
    for side in sides.values():
        player = side.objects["player"]
        link = f"https://carrom.example/t/{side.tournament.slug}/me/{personal_token(side.tournament, player)}/"
        letter = Mail(player.email, "Your personal link", link, player.full_name, "en")
        [side.objects["mail"]] = mail.record(side.tournament, [letter])
        mail.failed([side.objects["mail"]], smtplib.SMTPRecipientsRefused({player.email: (550, b"No such mailbox")}))

    identities = [
        Identity(ANONYMOUS, None, FORGED_TOKEN),
        Identity(LINK, None, personal_token(published, with_link)),
        Identity(PLAYER, player_user, personal_token(published, with_account)),
        Identity(UMPIRE, umpire, FORGED_TOKEN),
        Identity(UMPIRE_ELSEWHERE, umpire_elsewhere, FORGED_TOKEN),
        Identity(SECRETARY_ELSEWHERE, secretary_elsewhere, FORGED_TOKEN),
        Identity(SECRETARY, secretary, personal_token(published, with_link)),
    ]
    own_player = {with_account.pk: PLAYER, with_link.pk: LINK}
    own_user = {player_user.pk: PLAYER, umpire.pk: UMPIRE, secretary.pk: SECRETARY}
    own_user |= {umpire_elsewhere.pk: UMPIRE_ELSEWHERE, secretary_elsewhere.pk: SECRETARY_ELSEWHERE}
    secrets = planted(sides, public_field, draft_field, own_player, own_user)
    return World(sides["draft"], sides["published"], identities, secrets)


def planted(sides, public_field, draft_field, own_player, own_user):
    """The secrets, each with who may see it."""
    draft, published = sides["draft"].tournament, sides["published"].tournament
    officials = {UMPIRE, SECRETARY}  # of both tournaments
    secrets = [
        Secret(f"the draft tournament {DRAFT_NAME!r}", [DRAFT_NAME], officials | {UMPIRE_ELSEWHERE}),  # invited
        # Whoever runs tournaments finds any player, to enter them; the draft's officials see its entries.
        Secret("a draft-only player's name", [DRAFT_SURNAME], officials | RUN_TOURNAMENTS),
    ]
    for player in [*public_field, *draft_field]:
        secrets.append(Secret(f"{player}'s date of birth", birth_needles(player.date_of_birth), {SECRETARY}))
        own = {own_player[player.pk]} if player.pk in own_player else set()
        secrets.append(Secret(f"{player}'s e-mail address", [player.email], own, shown=False))
    for tournament, field_ in ((published, public_field), (draft, draft_field)):
        for player in field_:
            own = {own_player[player.pk]} if player.pk in own_player else set()
            key = personal_link(tournament, player).key
            secrets.append(Secret(f"{player}'s personal link in {tournament}", [key], {SECRETARY} | own))
        photo = photo_marker(tournament).decode()
        secrets.append(Secret(f"the protest photo of {tournament}", [photo], officials))
        match = sides["published" if tournament == published else "draft"].objects["match"]
        for side in ("a", "b"):
            link = match_link(match, side)
            secrets.append(Secret(f"side {side}'s card link of {match}", [link.key], {SECRETARY}))
    for side in sides.values():
        delegation = side.objects["delegation"]
        secrets.append(Secret(f"the delegate's link of {delegation}", [delegation.key], {SECRETARY}))
    for user in User.objects.filter(email__endswith=MAIL_DOMAIN):
        own = {own_user[user.pk]} if user.pk in own_user else set()
        secrets.append(Secret(f"{user}'s e-mail address", [user.email], own, shown=False))
        secrets.append(Secret(f"{user}'s API token", [user.auth_token.key], set(), shown=False))
    return secrets
