from django.db import migrations


def agreed_portraits(apps, schema_editor):
    """A public portrait was one whose player agreed to SoL's privacy policy ("agreedprivacy" "A"): that agreement
    is now the player's recorded consent (tournaments.consent), which decides whether the portrait is shown."""
    Picture = apps.get_model("sol", "Picture")
    Player = apps.get_model("tournaments", "Player")
    agreed = Picture.objects.filter(kind="portrait", public=True, player__isnull=False).values("player_id")
    Player.objects.filter(pk__in=agreed, consent_source="").update(
        publish_name=True, publish_portrait=True, publish_rating=True, consent_source="sol"
    )


class Migration(migrations.Migration):
    dependencies = [
        ("sol", "0003_picture_public"),
        ("tournaments", "0023_player_consent"),
    ]

    operations = [migrations.RunPython(agreed_portraits, migrations.RunPython.noop)]
