"""What a SoL import left behind, in the admin: changed by importing again, not by hand."""

from django.contrib import admin

from core.admin import ReadOnlyAdmin
from history.sol.models import ImportedTourney, ImportJob, Picture, PlayerAlias


@admin.register(PlayerAlias)
class PlayerAliasAdmin(ReadOnlyAdmin):
    list_display = ["guid", "player"]
    search_fields = ["guid", "player__first_name", "player__last_name"]
    list_select_related = ["player"]


@admin.register(Picture)
class PictureAdmin(ReadOnlyAdmin):
    list_display = ["name", "kind", "player", "club"]
    list_filter = ["kind"]
    search_fields = ["name"]
    list_select_related = ["player", "club"]


@admin.register(ImportJob)
class ImportJobAdmin(ReadOnlyAdmin):
    """The log of uploaded SoL files: who imported what, and how it ended."""

    list_display = ["created_at", "file_name", "user", "status", "done", "total"]
    list_filter = ["status"]
    search_fields = ["file_name", "user__username", "message"]
    list_select_related = ["user"]
    exclude = ["upload"]  # a link to it would point at MEDIA_URL, which is never served


@admin.register(ImportedTourney)
class ImportedTourneyAdmin(ReadOnlyAdmin):
    list_display = ["tournament", "digest"]
    search_fields = ["tournament__name", "digest"]
    list_select_related = ["tournament"]
