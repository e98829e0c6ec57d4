import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("stages", "0009_stage_page_version"),
        ("tournaments", "0024_tournament_embed_origins"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # The whole-column indexes are dropped by name (Django's names, the same on SQLite and PostgreSQL): altering
        # the fields would copy the whole match table once per field on SQLite.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="match",
                    name="group",
                    field=models.ForeignKey(
                        blank=True,
                        db_index=False,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="matches",
                        to="stages.group",
                    ),
                ),
                migrations.AlterField(
                    model_name="match",
                    name="report_deadline",
                    field=models.DateTimeField(blank=True, null=True),
                ),
                migrations.AlterField(
                    model_name="match",
                    name="rest_deadline",
                    field=models.DateTimeField(blank=True, null=True),
                ),
                migrations.AlterField(
                    model_name="match",
                    name="result_entered_by",
                    field=models.ForeignKey(
                        blank=True,
                        db_index=False,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                migrations.AlterField(
                    model_name="match",
                    name="stage",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="matches",
                        to="stages.stage",
                    ),
                ),
                migrations.AlterField(
                    model_name="match",
                    name="tie",
                    field=models.ForeignKey(
                        blank=True,
                        db_index=False,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="rubbers",
                        to="stages.match",
                    ),
                ),
                migrations.AlterField(
                    model_name="match",
                    name="umpire",
                    field=models.ForeignKey(
                        blank=True,
                        db_index=False,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="umpired_matches",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                migrations.AlterField(
                    model_name="match",
                    name="winner",
                    field=models.ForeignKey(
                        blank=True,
                        db_index=False,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="tournaments.entry",
                    ),
                ),
            ],
            database_operations=[
                migrations.RunSQL(
                    'DROP INDEX IF EXISTS "matches_match_stage_id_2d116ccf"',
                    'CREATE INDEX "matches_match_stage_id_2d116ccf" ON "matches_match" ("stage_id")',
                ),
                migrations.RunSQL(
                    'DROP INDEX IF EXISTS "matches_match_tie_id_c07ed11d"',
                    'CREATE INDEX "matches_match_tie_id_c07ed11d" ON "matches_match" ("tie_id")',
                ),
                migrations.RunSQL(
                    'DROP INDEX IF EXISTS "matches_match_group_id_6ea4c108"',
                    'CREATE INDEX "matches_match_group_id_6ea4c108" ON "matches_match" ("group_id")',
                ),
                migrations.RunSQL(
                    'DROP INDEX IF EXISTS "matches_match_umpire_id_8a464619"',
                    'CREATE INDEX "matches_match_umpire_id_8a464619" ON "matches_match" ("umpire_id")',
                ),
                migrations.RunSQL(
                    'DROP INDEX IF EXISTS "matches_match_winner_id_a3e9b2c1"',
                    'CREATE INDEX "matches_match_winner_id_a3e9b2c1" ON "matches_match" ("winner_id")',
                ),
                migrations.RunSQL(
                    'DROP INDEX IF EXISTS "matches_match_result_entered_by_id_e6b65052"',
                    'CREATE INDEX "matches_match_result_entered_by_id_e6b65052" ON "matches_match" ("result_entered_by_id")',
                ),
                migrations.RunSQL(
                    'DROP INDEX IF EXISTS "matches_match_report_deadline_e08c16ef"',
                    'CREATE INDEX "matches_match_report_deadline_e08c16ef" ON "matches_match" ("report_deadline")',
                ),
                migrations.RunSQL(
                    'DROP INDEX IF EXISTS "matches_match_rest_deadline_8e9aa86a"',
                    'CREATE INDEX "matches_match_rest_deadline_8e9aa86a" ON "matches_match" ("rest_deadline")',
                ),
            ],
        ),
        migrations.AddIndex(
            model_name="match",
            index=models.Index(condition=models.Q(("group__isnull", False)), fields=["group"], name="match_group_set"),
        ),
        migrations.AddIndex(
            model_name="match",
            index=models.Index(
                condition=models.Q(("umpire__isnull", False)), fields=["umpire"], name="match_umpire_set"
            ),
        ),
        migrations.AddIndex(
            model_name="match",
            index=models.Index(
                condition=models.Q(("winner__isnull", False)), fields=["winner"], name="match_winner_set"
            ),
        ),
        migrations.AddIndex(
            model_name="match",
            index=models.Index(
                condition=models.Q(("result_entered_by__isnull", False)),
                fields=["result_entered_by"],
                name="match_result_entered_by_set",
            ),
        ),
        migrations.AddIndex(
            model_name="match",
            index=models.Index(
                condition=models.Q(("report_deadline__isnull", False)),
                fields=["report_deadline"],
                name="match_report_deadline_set",
            ),
        ),
        migrations.AddIndex(
            model_name="match",
            index=models.Index(
                condition=models.Q(("rest_deadline__isnull", False)),
                fields=["rest_deadline"],
                name="match_rest_deadline_set",
            ),
        ),
    ]
