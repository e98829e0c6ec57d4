"""Moving models between apps without losing what points at them.

A model that moves keeps its table (`db_table`), but Django knows it by app label: its content type, the
permissions granted on it and the admin's log entries would stay with the old label, and the new label would get
empty ones. `move_content_types` renames the content types instead, in a migration of the app that takes the
models over."""

from django.db import migrations


def move_content_types(old_app, new_app, models):
    """A migration operation: the content types of `models` (lower-case names) move from `old_app` to `new_app`."""

    def forwards(apps, schema_editor):
        move(apps, old_app, new_app, models)

    def backwards(apps, schema_editor):
        move(apps, new_app, old_app, models)

    return migrations.RunPython(forwards, backwards)


def move(apps, old_app, new_app, models):
    content_types = apps.get_model("contenttypes", "ContentType")
    for model in models:
        old = content_types.objects.filter(app_label=old_app, model=model).first()
        if old is None:
            continue  # a new database: the content type is created under the new label after migrating
        new = content_types.objects.filter(app_label=new_app, model=model).first()
        if new is None:
            old.app_label = new_app
            old.save(update_fields=["app_label"])
        else:
            merge(apps, old, new)


def merge(apps, old, new):
    """Both labels exist (the new one was made by an earlier `migrate`): keep the new content type and give it
    the old one's log entries and granted permissions."""
    apps.get_model("admin", "LogEntry").objects.filter(content_type=old).update(content_type=new)
    permissions = apps.get_model("auth", "Permission")
    for permission in permissions.objects.filter(content_type=old):
        twin, _ = permissions.objects.get_or_create(
            content_type=new, codename=permission.codename, defaults={"name": permission.name}
        )
        twin.user_set.add(*permission.user_set.all())
        twin.group_set.add(*permission.group_set.all())
    old.delete()
