import os
from datetime import date

from django.contrib.auth.models import Group, User
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils.translation import gettext as _

from demo import eurocup, nations, office
from demo import late_arrival as late_arrival_demo
from demo import protest as protest_demo
from demo import stream as stream_demo
from tournaments import officials
from tournaments.models import Club, Event, Tournament
from tournaments.services import import_entries

DEMO_USERS = [
    # user name, role in both demo tournaments
    ("secretary", officials.SECRETARY),
    ("chief", officials.CHIEF_REFEREE),
    ("umpire", officials.UMPIRE),
]


class Command(BaseCommand):
    help = "Load the demo tournaments: the office league (office rules) and a Eurocup Swiss event (ecc). Idempotent."

    @transaction.atomic
    def handle(self, *args, **options):
        password = os.environ.get("DEMO_PASSWORD", "carrom-demo")
        users = self.demo_users(password)

        office_club, _new = Club.objects.get_or_create(name=office.CLUB, defaults={"country": office.COUNTRY})
        league = self.tournament(
            "office-carrom-league-2018",
            "Office Carrom League",
            "Office recreation room",
            date(2018, 6, 25),
            date(2018, 7, 6),
            office_club,
        )
        self.event(league, "Office singles", Event.Kind.SINGLES, "office", office.singles_csv())
        self.event(league, "Office doubles", Event.Kind.DOUBLES, "office", office.doubles_csv())
        office.set_up_hall(league)

        host, _new = Club.objects.get_or_create(name="European Carrom Confederation", defaults={"is_federation": True})
        cup = self.tournament(
            "eurocup-demo-2026",
            "Eurocup Demo 2026",
            "Sportpark, Utrecht",
            date(2026, 11, 27),
            date(2026, 11, 29),
            host,
        )
        singles = self.event(cup, "Eurocup singles", Event.Kind.SINGLES, "ecc", eurocup.entries_csv())
        eurocup.swiss_stage(singles)  # ready to pair: the secretary's first tap is "Pair round 1"
        self.stdout.write(nations.load(cup))  # the national teams, in ties of singles and doubles

        for tournament in (league, cup):
            for username, role in DEMO_USERS:
                # The demo's secretary sets up its own world: its officials need no invitation to accept.
                officials.appoint_without_invitation(tournament, role, users[username])
        self.stdout.write(late_arrival_demo.load(cup, users["umpire"]))  # a player who never reports (ICF 143)
        self.stdout.write(protest_demo.load(cup, users["umpire"]))  # a protest awaiting its decision (ICF 151)
        self.stdout.write(stream_demo.load(cup, users["secretary"]))  # table 1 featured on stream
        names = ", ".join(username for username, _role in DEMO_USERS)
        self.stdout.write(
            self.style.SUCCESS(
                _("Demo loaded. Users %(users)s; password from DEMO_PASSWORD or 'carrom-demo'.") % {"users": names}
            )
        )

    def demo_users(self, password):
        secretaries, _new = Group.objects.get_or_create(name="Secretary")
        users = {}
        for username, _role in DEMO_USERS:
            user, created = User.objects.get_or_create(username=username)
            if created:
                user.set_password(password)
                user.save()
            users[username] = user
        secretaries.user_set.add(users["secretary"])
        return users

    def tournament(self, slug, name, venue, start, end, club):
        tournament, _new = Tournament.objects.get_or_create(
            slug=slug,
            defaults={
                "name": name,
                "venue": venue,
                "start_date": start,
                "end_date": end,
                "host_club": club,
                "status": Tournament.Status.PUBLISHED,
            },
        )
        return tournament

    def event(self, tournament, name, kind, rule_set, csv_text):
        event, _new = Event.objects.get_or_create(
            tournament=tournament, name=name, defaults={"kind": kind, "rule_set": rule_set}
        )
        summary = import_entries(event, csv_text)
        self.stdout.write(f"{event}: {summary}")
        return event
