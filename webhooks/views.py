"""The secretary's webhook page (/t/<slug>/webhook/): the receiver's URL, the secret (shown, made anew on asking),
a test ping, and the latest deliveries with their tries, the receiver's last status and answer, and "retry now"
for one not delivered. Each action calls a service."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from core.errors import ServiceError
from core.numbers import object_id
from tournaments.scoping import secretary_tournament
from webhooks import delivery, display, selectors, services
from webhooks.forms import WebhookForm


@login_required
def webhook_page(request, slug):
    tournament = secretary_tournament(request, slug)
    webhook = selectors.webhook_of(tournament)
    action = request.POST.get("action") if request.method == "POST" else None
    initial = {"url": webhook.url, "active": webhook.active} if webhook else None
    form = WebhookForm(request.POST if action == "save" else None, initial=initial)
    if action == "save" and form.is_valid():
        try:
            services.set_webhook(tournament, form.cleaned_data["url"], form.cleaned_data["active"])
        except ServiceError as error:
            error.show_on(form)
        else:
            messages.success(request, _("The webhook is saved."))
            return redirect("webhook", slug)
    elif action in ACTIONS:
        if webhook is None:
            raise Http404(_("This tournament has no webhook yet."))
        return ACTIONS[action](request, tournament, webhook)
    deliveries = selectors.latest_deliveries(tournament)
    for row in deliveries:
        row.state = display.delivery_state(row)
    context = {
        "tournament": tournament,
        "webhook": webhook,
        "form": form,
        "deliveries": deliveries,
        "headers": {
            "event": delivery.EVENT_HEADER,
            "id": delivery.ID_HEADER,
            "timestamp": delivery.TIMESTAMP_HEADER,
            "signature": delivery.SIGNATURE_HEADER,
        },
    }
    return render(request, "webhooks/webhook.html", context, status=400 if action == "save" else 200)


def new_secret(request, tournament, webhook):
    services.regenerate_secret(webhook)
    messages.success(request, _("A new secret is made: give it to the receiver."))
    return redirect("webhook", tournament.slug)


def ping(request, tournament, webhook):
    try:
        services.send_ping(webhook)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("A test ping is on its way: see its answer below."))
    return redirect("webhook", tournament.slug)


def retry(request, tournament, webhook):
    if services.retry_now(tournament, object_id(request.POST.get("delivery", ""))) is None:
        raise Http404(_("This delivery has been delivered already, or is not one of this tournament's."))
    messages.success(request, _("The delivery is being sent again."))
    return redirect("webhook", tournament.slug)


ACTIONS = {"secret": new_secret, "ping": ping, "retry": retry}
