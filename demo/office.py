"""The office league of shared/laws/office-league-rules.txt: its real participant list, `office` rules, and its
hall."""

from datetime import date, time

from matches.scheduling.services import update_venue
from tournaments.models import Venue

PLAYERS = [
    "Harsh K Shah",
    "Kiritkumar B Shah",
    "Ilaben K Shah",
    "Amol Gupta",
    "Vatsan J",
    "Mr Jadav",
    "Isha Jadav",
    "Neelam Warekar",
    "Nitin Warekar",
    "Ranjan Revanker",
    "Vikrant Vishwarsao",
    "Shashank Bhide",
    "Sumedha Bhide",
    "Anushka Garge",
    "Divyesh Ravichandran",
    "Rajesh Devaraj",
    "Ramachandran kaunder",
    "Namrata Revankar",
    "Vivek gangal",
    "Prejil Alexander",
    "Sumeet Kamat",
    "Mansi Galvankar",
    "Farah N",
    "Nimit Patel",
    "Aryan Patel",
    "Mouna shree",
    "Purvaansh Valera",
    "Shaji John",
    "Vikas Hawaldar",
    "Datta Sonawadekar",
    "Namrata",
]

# The doubles list spells some names differently from the participant list. "Ranjankumar" is read as participant
# 10, Ranjan Revanker (the only Ranjan), and "Namrata" as participant 31, whose listed name is exactly "Namrata".
PAIRS = [
    ("Divyesh Ravichandran", "Rajesh Devaraj"),
    ("Vikas Hawaldar", "Vivek gangal"),
    ("Ramachandran kaunder", "Vikrant Vishwarsao"),
    ("Ranjan Revanker", "Namrata"),
    ("Nitin Warekar", "Neelam Warekar"),
]

COUNTRY = "IND"
CLUB = "Office Carrom Club"


def split_name(full_name):
    words = [word[:1].upper() + word[1:] for word in full_name.split()]
    if len(words) == 1:
        return words[0], ""
    return " ".join(words[:-1]), words[-1]


def singles_csv():
    lines = ["first_name,last_name,country,club"]
    for name in PLAYERS:
        first, last = split_name(name)
        lines.append(f"{first},{last},{COUNTRY},{CLUB}")
    return "\n".join(lines) + "\n"


def doubles_csv():
    lines = ["first_name,last_name,country,club,pair"]
    for number, pair in enumerate(PAIRS, 1):
        for name in pair:
            first, last = split_name(name)
            lines.append(f"{first},{last},{COUNTRY},{CLUB},{number}")
    return "\n".join(lines) + "\n"


# The league's recreation room: four boards; a one-board group game (office, Game Rules) takes a 20-minute slot. The
# league plays its first Monday afternoon and the Tuesday, with a lunch break, never at night.
TABLES, MATCH_MINUTES, REST_MINUTES = 4, 20, 5
SESSIONS = [
    (date(2018, 6, 25), time(12, 30), time(18, 0)),
    (date(2018, 6, 26), time(9, 0), time(13, 0)),
    (date(2018, 6, 26), time(14, 0), time(18, 0)),
]


def set_up_hall(tournament):
    """The league's hall and playing sessions, on the first load only: a hall the secretary has changed is kept."""
    if Venue.objects.filter(tournament=tournament).exists():
        return
    sessions = [{"date": day, "start": start, "end": end} for day, start, end in SESSIONS]
    update_venue(tournament, TABLES, MATCH_MINUTES, REST_MINUTES, sessions)
