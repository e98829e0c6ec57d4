"""Walk-overs recorded before the rule sets said what one is worth carry an invented score (2-0 in games and 50-0
in points for a forfeit under ICF 143(i), the stage's bye score 25-0 for any other walk-over) that fed net-score
tie-breaks. Write each stored walk-over's figures again as its rule set gives them: ECC 18, 124: 25-0 per game;
ICF 143 and queen2 ¶10: no score (the win counts alone). Both sides absent (forfeited "ab") stays as it is."""

from django.db import migrations


def rewrite(apps, schema_editor):
    from rules.base import get_rule_set

    Match = apps.get_model("stages", "Match")
    walkovers = Match.objects.filter(status="walkover").exclude(winner=None).exclude(forfeited="ab")
    for match in walkovers.select_related("stage__event").iterator():
        rules = get_rule_set(match.stage.event.rule_set)
        absent = "b" if match.winner_id == match.entry_a_id else "a"
        figures = rules.walkover.figures(match.stage.games_per_match or rules.games_per_match, absent)
        if figures != (match.score_a, match.score_b, match.games_a, match.games_b):
            match.score_a, match.score_b, match.games_a, match.games_b = figures
            match.save(update_fields=["score_a", "score_b", "games_a", "games_b"])


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0002_content_types"),
        ("stages", "0004_match_rest_deadline"),
        ("tournaments", "0001_initial"),
    ]

    operations = [migrations.RunPython(rewrite, migrations.RunPython.noop)]
