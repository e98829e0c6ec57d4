from django.apps import AppConfig


class RegistrationConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "registration"

    def ready(self):
        from django.db import transaction
        from django.db.models.signals import post_delete

        from core.page_cache import watch
        from registration.models import EventRegistration
        from registration.services import promote_waiting, promote_waiting_of
        from tournaments.models import Entry
        from tournaments.signals import entry_withdrawn

        watch(EventRegistration, "event__tournament")  # the event page offers the sign-up form

        def entry_withdrawn_heard(sender, entry, **kwargs):
            if entry.withdrawn:  # a place is free: the waiting list's first goes in
                promote_waiting(entry.event)

        entry_withdrawn.connect(entry_withdrawn_heard, weak=False, dispatch_uid="registration.promote_waiting")

        def entry_removed(sender, instance, **kwargs):
            # After the commit: an entry is also deleted with its whole event, which then takes no one.
            event_id = instance.event_id
            transaction.on_commit(lambda: promote_waiting_of(event_id), robust=True)

        post_delete.connect(entry_removed, sender=Entry, weak=False, dispatch_uid="registration.entry_removed")
