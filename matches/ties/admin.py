"""Line-ups in the admin: read to answer "who was named where?"; they are named through the services, which check
the format and make the rubbers, so the admin changes none of them."""

from django.contrib import admin

from core.admin import ReadOnlyAdmin
from matches.ties.models import LineUp


@admin.register(LineUp)
class LineUpAdmin(ReadOnlyAdmin):
    list_display = ["tie", "side", "rubber", "position", "player", "named_at"]
    search_fields = ["player__first_name", "player__last_name"]
    list_select_related = ["tie__round", "tie__entry_a", "tie__entry_b", "player"]
