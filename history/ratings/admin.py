from django.contrib import admin

from history.ratings.models import EventRating, Rate, Rating


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ["name", "level", "inheritance", "outcomes", "club", "recomputed_at"]
    list_filter = ["level", "outcomes"]
    search_fields = ["name", "guid"]


@admin.register(Rate)
class RateAdmin(admin.ModelAdmin):
    list_display = ["player", "rating", "date", "rate", "deviation", "volatility"]
    list_filter = ["rating"]
    search_fields = ["player__last_name", "player__first_name"]
    raw_id_fields = ["player"]
    date_hierarchy = "date"


@admin.register(EventRating)
class EventRatingAdmin(admin.ModelAdmin):
    list_display = ["event", "rating"]
    list_filter = ["rating"]
    raw_id_fields = ["event"]
