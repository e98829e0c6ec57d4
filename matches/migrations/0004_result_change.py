# The audit log of a match moves from the score card's app to the match's own: the table and its rows stay, only
# the project state and the content type (its permissions and admin log entries) learn the new label. Numbered 0004:
# stages.0001 and scoring.0001 replace the "matches" migrations 0001 to 0003 of before the split into one app per
# concern, and a database made then still records them as applied.

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

from core.moves import move_content_types


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('scoring', '0003_walkover_scores'),
        ('stages', '0004_match_rest_deadline'),
        ('contenttypes', '0002_remove_content_type_name'),
        ('auth', '0012_alter_user_first_name_max_length'),
        ('admin', '0003_logentry_add_action_flag_choices'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='ResultChange',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('at', models.DateTimeField(db_index=True, default=django.utils.timezone.now)),
                        ('before', models.JSONField(blank=True, null=True)),
                        ('after', models.JSONField(blank=True, null=True)),
                        ('reason', models.TextField(blank=True)),
                        ('what', models.CharField(choices=[('board_added', 'Board added'), ('boards_voided', 'Boards voided'), ('result', 'Result recorded'), ('confirmed', 'Result confirmed'), ('walkover', 'Walkover'), ('retired', 'Retired'), ('status', 'Status changed'), ('replay', 'Replay from board'), ('toss', 'Toss'), ('schedule', 'Table or time changed'), ('umpire', 'Umpire changed'), ('reported', 'Reported at the board'), ('forfeit', 'Forfeit (late arrival)'), ('forfeit_cancelled', 'Forfeit cancelled'), ('time_limit', 'Time limit (second bell)'), ('withheld', 'Result withheld (protest)'), ('released', 'Result released (protest decided)')], max_length=20)),
                        ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='changes', to='stages.match')),
                        ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'matches_resultchange',
                        'ordering': ['match', 'at', 'pk'],
                    },
                ),
            ],
        ),
        move_content_types("scoring", "matches", ["resultchange"]),
    ]
