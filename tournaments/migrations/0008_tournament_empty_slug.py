"""A tournament saved with an empty slug (its name had no Latin letter or digit) has no address, and the home page
failed on it for everyone: it gets the slug a new tournament of that name would get. Other slugs stay as they are."""

from django.db import migrations
from django.utils.text import slugify

FALLBACK = "tournament"  # tournaments.models.SLUG_FALLBACK, written out: a migration does not follow the model


def give_empty_slugs_one(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    for tournament in Tournament.objects.filter(slug=""):
        base = slugify(tournament.name)[:152].strip("-_") or FALLBACK
        taken = set(Tournament.objects.filter(slug__startswith=base).values_list("slug", flat=True))
        slug, number = base, 1
        while slug in taken:
            number += 1
            slug = f"{base}-{number}"
        tournament.slug = slug
        tournament.save(update_fields=["slug"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0007_stage_models_move_to_stages")]

    operations = [migrations.RunPython(give_empty_slugs_one, migrations.RunPython.noop)]
