"""A player's rates, in the copy of their data (tournaments.consent.player_data)."""

from history.ratings.models import Rate


def answer_player_data(sender, player, **kwargs):
    rates = Rate.objects.filter(player=player).select_related("rating").order_by("rating__name", "date")
    return {
        "rates": [
            {"rating": rate.rating.name, "date": rate.date.isoformat(), "rate": rate.rate, "deviation": rate.deviation}
            for rate in rates
        ]
    }
