# The playing hall (Venue) moves to the tournament's floor, where Swiss pairing (stages) reads its tables and
# scheduling books them: its table and rows stay, only the project state and its content type learn the new label.

import django.db.models.deletion
from django.db import migrations, models

from core.moves import move_content_types


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0014_prize_categories_move_to_prizes'),
        ('scheduling', '0002_content_types'),
        ('contenttypes', '0002_remove_content_type_name'),
        ('auth', '0012_alter_user_first_name_max_length'),
        ('admin', '0003_logentry_add_action_flag_choices'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Venue',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('tables', models.PositiveSmallIntegerField(default=8, help_text='Carrom boards (tables) in the hall.')),
                        ('match_minutes', models.PositiveSmallIntegerField(default=60, help_text="Time a match's slot takes.")),
                        ('rest_minutes', models.PositiveSmallIntegerField(default=10, help_text="Minimum rest between a player's matches.")),
                        ('tournament', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='venue_setup', to='tournaments.tournament')),
                    ],
                    options={
                        'db_table': 'matches_venue',
                    },
                ),
            ],
        ),
        move_content_types("scheduling", "tournaments", ["venue"]),
    ]
