"""The prize categories' content type moves with the model (its permissions and admin log entries come along)."""

from django.db import migrations

from core.moves import move_content_types


class Migration(migrations.Migration):
    dependencies = [
        ("prizes", "0001_initial"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("admin", "0003_logentry_add_action_flag_choices"),
    ]

    operations = [
        move_content_types("tournaments", "prizes", ["prizecategory"]),
    ]
