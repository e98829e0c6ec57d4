from django.contrib import admin

from federations.models import DelegateAction, Delegation, EventFee, FeePayment, Quota, SentEntry


class QuotaInline(admin.TabularInline):
    model = Quota
    extra = 0


@admin.register(Delegation)
class DelegationAdmin(admin.ModelAdmin):
    list_display = ("federation", "tournament", "invited_at")
    list_filter = ("tournament",)
    exclude = ("key",)
    inlines = [QuotaInline]


@admin.register(SentEntry)
class SentEntryAdmin(admin.ModelAdmin):
    list_display = ("entry", "delegation", "sent_at")
    list_select_related = ("entry", "delegation__federation")
    raw_id_fields = ("entry",)


@admin.register(DelegateAction)
class DelegateActionAdmin(admin.ModelAdmin):
    list_display = ("at", "delegation", "kind", "entry_name", "event")
    list_filter = ("kind",)
    readonly_fields = ("delegation", "kind", "event", "entry", "entry_name", "at")


@admin.register(Quota)
class QuotaAdmin(admin.ModelAdmin):
    list_display = ("delegation", "event", "places")
    list_select_related = ("delegation__federation", "delegation__tournament", "event")


@admin.register(EventFee)
class EventFeeAdmin(admin.ModelAdmin):
    list_display = ("event", "amount", "currency")
    list_select_related = ("event",)


@admin.register(FeePayment)
class FeePaymentAdmin(admin.ModelAdmin):
    list_display = ("entry", "status", "method", "paid_on", "recorded_at")
    list_filter = ("status", "method")
    raw_id_fields = ("entry",)
    readonly_fields = ("recorded_by",)
