"""An invented Eurocup-style singles field: 64 players from 12 countries, rated, for Swiss rounds under `ecc` rules."""

import random

from stages.models import Stage

SWISS_ROUNDS = 5  # a Eurocup day of Swiss rounds (SoL's default for a one-day event)

COUNTRIES = {
    "FRA": (
        "Carrom Club de Paris",
        [
            "Julien Moreau",
            "Camille Laurent",
            "Mathieu Girard",
            "Élodie Petit",
            "Nicolas Roux",
            "Antoine Fournier",
        ],
    ),
    "GER": (
        "Carrom Berlin",
        ["Jonas Becker", "Lena Hoffmann", "Felix Schäfer", "Tobias Koch", "Mia Richter", "Lukas Wolf"],
    ),
    "ITA": (
        "Carrom Milano",
        ["Marco Bianchi", "Giulia Ricci", "Luca Romano", "Sara Colombo", "Davide Greco"],
    ),
    "POL": (
        "Carrom Kraków",
        [
            "Piotr Nowak",
            "Anna Wiśniewska",
            "Tomasz Wójcik",
            "Kasia Lewandowska",
            "Marek Zieliński",
            "Paweł Kamiński",
        ],
    ),
    "CZE": (
        "Carrom Praha",
        ["Jan Novák", "Petra Svobodová", "Martin Dvořák", "Lukáš Černý", "Eva Procházková"],
    ),
    "SUI": ("Carrom Zürich", ["Luca Meier", "Nina Keller", "Reto Brunner", "Simon Baumann", "Laura Frei"]),
    "BEL": ("Carrom Gent", ["Pieter Claes", "Sofie Peeters", "Wout Janssens", "Lotte Maes", "Arne Willems"]),
    "NED": ("Carrom Utrecht", ["Daan de Vries", "Sanne Bakker", "Bram Visser", "Femke Smit", "Joris Mulder"]),
    "GBR": (
        "London Carrom Club",
        ["Oliver Smith", "Amelia Jones", "Harry Patel", "Isla Taylor", "Jack Brown"],
    ),
    "SWE": (
        "Carrom Göteborg",
        ["Erik Lindqvist", "Maja Johansson", "Oskar Nilsson", "Elsa Berg", "Axel Holm"],
    ),
    "AUT": (
        "Carrom Wien",
        ["Florian Gruber", "Katharina Huber", "Stefan Wagner", "Julia Pichler", "Michael Steiner"],
    ),
    "ESP": (
        "Carrom Barcelona",
        ["Pablo García", "Lucía Martínez", "Javier López", "Marta Sánchez", "Diego Torres", "Alba Romero"],
    ),
}


def players():
    """(first, last, country, club, rating) for every invented player, in a fixed order."""
    rows = []
    for country, (club, names) in COUNTRIES.items():
        for name in names:
            first, last = name.split(" ", 1)
            rows.append((first, last, country, club))
    # Ratings are invented but fixed, so the demo draws the same event every time.
    rng = random.Random(2026)
    return [(*row, rng.randint(1200, 2100)) for row in rows]


def entries_csv():
    ranked = sorted(players(), key=lambda row: -row[4])
    lines = ["first_name,last_name,country,club,rating,seed"]
    for seed, (first, last, country, club, rating) in enumerate(ranked, 1):
        lines.append(f"{first},{last},{country},{club},{rating},{seed}")
    return "\n".join(lines) + "\n"


def swiss_stage(event):
    """The event's Swiss stage, not paired yet: its page offers "Pair round 1". Once only (load_demo runs again)."""
    stage, _new = Stage.objects.get_or_create(
        event=event,
        name="Swiss rounds",
        defaults={"order": 1, "kind": Stage.Kind.SWISS, "rounds_planned": SWISS_ROUNDS, "first_round_by_rating": True},
    )
    return stage
