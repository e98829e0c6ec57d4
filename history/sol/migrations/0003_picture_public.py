from django.db import migrations, models


def emblems_public(apps, schema_editor):
    """A club's emblem was always meant to be shown; a portrait stays hidden until its player's agreement is known
    (a SoL backup imported again brings it)."""
    apps.get_model("sol", "Picture").objects.filter(kind="emblem").update(public=True)


class Migration(migrations.Migration):
    dependencies = [
        ("sol", "0002_import_job_started_at"),
    ]

    operations = [
        migrations.AddField(
            model_name="picture",
            name="public",
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(emblems_public, migrations.RunPython.noop),
    ]
