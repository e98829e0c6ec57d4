# The audit log (ResultChange) now belongs to the match's own app (matches.0004 takes it over): its table stays.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0003_walkover_scores'),
        ('matches', '0004_result_change'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[migrations.DeleteModel(name='ResultChange')]),
    ]
