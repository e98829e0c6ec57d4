# The playing hall (Venue) now belongs to the tournament's floor (tournaments.0015 takes it over): its table stays.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('scheduling', '0002_content_types'),
        ('tournaments', '0015_venue_moves_here'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[migrations.DeleteModel(name='Venue')]),
    ]
