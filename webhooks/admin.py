from django.contrib import admin

from webhooks.models import Delivery, Webhook


@admin.register(Webhook)
class WebhookAdmin(admin.ModelAdmin):
    list_display = ("tournament", "url", "active", "created_at")
    list_filter = ("active",)
    search_fields = ("tournament__name", "url")
    readonly_fields = ("secret_made_at",)
    exclude = ("secret",)  # shown to the tournament's secretaries on their page, not in lists


@admin.register(Delivery)
class DeliveryAdmin(admin.ModelAdmin):
    list_display = ("event", "event_id", "webhook", "status", "attempts", "last_status_code", "created_at")
    list_filter = ("status", "event")
    search_fields = ("event_id", "webhook__tournament__name")
    readonly_fields = ("event_id", "payload", "last_attempt_at", "last_status_code", "last_answer", "delivered_at")
    list_select_related = ("webhook__tournament",)
