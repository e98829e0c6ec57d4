from django.contrib import admin

from registration.models import EventRegistration, SignUp


@admin.register(EventRegistration)
class EventRegistrationAdmin(admin.ModelAdmin):
    """Read only: the secretary's page and the API change a window through registration.services (which lets the
    waiting list in when the cap is raised)."""

    list_display = ["event", "opens_at", "closes_at", "closed", "cap", "public_sign_up"]
    list_filter = ["closed", "public_sign_up"]
    search_fields = ["event__name", "event__tournament__name"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(SignUp)
class SignUpAdmin(admin.ModelAdmin):
    """Read only: sign-ups come from the public form and leave the list on the secretary's page."""

    list_display = ["__str__", "event", "status", "created_at", "confirmed_at", "entry"]
    list_filter = ["status"]
    search_fields = ["first_name", "last_name", "email", "event__name"]
    exclude = ["token"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
