"""The pages of the entries window: the secretary's (dates, cap, public sign-up, close and reopen, the sign-ups and
the waiting list), and the public ones (the sign-up form, the confirmation page of the e-mailed link)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from core.errors import ServiceError
from core.numbers import object_id
from registration import display, selectors, services
from registration.forms import SignUpForm, WindowForm
from registration.throttle import too_many
from tournaments.entry_views import secretary_event
from tournaments.models import Event
from tournaments.scoping import visible_tournament

# ---------------------------------------------------------------- the secretary's page


@login_required
def window_page(request, slug, event_id):
    event = secretary_event(request, slug, event_id)
    window = selectors.registration_of(event)
    action = request.POST.get("action") if request.method == "POST" else None
    initial = {name: getattr(window, name) for name in WindowForm.base_fields} if window else {}
    form = WindowForm(request.POST if action == "save" else None, initial=initial)
    try:
        if action == "save" and form.is_valid():
            services.set_registration(event, **form.cleaned_data)
            messages.success(request, _("The entries window of %(event)s is saved.") % {"event": event.name})
            return redirect("registration-window", slug, event.pk)
        if action in ("close", "reopen"):
            services.set_registration(event, closed=action == "close")
            done = _("Entries are closed.") if action == "close" else _("Entries are open again.")
            messages.success(request, done)
            return redirect("registration-window", slug, event.pk)
        if action == "remove":
            row = services.remove_sign_up(event, object_id(request.POST.get("sign_up", "")))
            messages.success(request, _("%(name)s is off the list.") % {"name": row.name})
            return redirect("registration-window", slug, event.pk)
    except ServiceError as error:
        if action == "save":
            error.show_on(form)
        else:
            messages.error(request, error.message)
    window = selectors.registration_of(event)
    is_open = selectors.entries_open(event)
    context = {
        "event": event,
        "tournament": event.tournament,
        "form": form,
        "window": window,
        "is_open": is_open,
        "state": display.window_state(window, is_open, timezone.now()),
        "sign_ups": selectors.sign_ups_of(event),
        "field_errors": field_errors(form),
        "entry_count": event.entries.filter(withdrawn=False).count(),
    }
    return render(request, "registration/window.html", context, status=400 if form.errors else 200)


def field_errors(form):
    """(field, its errors) of the form's fields in error, for the summary above the form (_form_errors.html)."""
    return [(form[name], errors) for name, errors in form.errors.items() if name in form.fields]


# ---------------------------------------------------------------- the public form


def public_event(request, slug, event_id):
    tournament = visible_tournament(request, slug)
    return get_object_or_404(Event.objects.select_related("tournament"), pk=event_id, tournament=tournament)


def sign_up_page(request, slug, event_id):
    event = public_event(request, slug, event_id)
    window = selectors.registration_of(event)
    refusal = services.sign_up_refusal(event)
    if refusal:
        takes_sign_ups = refusal is not services.NO_PUBLIC_FORM
        state = display.window_state(window, False, timezone.now()) if takes_sign_ups else refusal
        context = {"event": event, "state": state, "window": window if takes_sign_ups else None}
        return render(request, "registration/closed.html", context, status=400 if request.method == "POST" else 200)
    doubles = event.kind == Event.Kind.DOUBLES
    asks = services.details_asked(event)
    form = SignUpForm(request.POST if request.method == "POST" else None, doubles=doubles, asks=asks)
    status = 200
    if request.method == "POST" and form.is_valid():
        refused = too_many(request, form.cleaned_data["email"])
        if refused:
            form.add_error(None, refused)
            status = 429
        else:
            try:
                row = services.sign_up(
                    event, form.cleaned_data, translation.get_language() or "", request.build_absolute_uri("/")
                )
            except ServiceError as error:
                error.show_on(form)
            else:
                context = {"event": event, "sign_up": row, "hours": services.confirm_hours()}
                return render(request, "registration/signed_up.html", context)
    if form.errors and status == 200:
        status = 400
    context = {
        "event": event,
        "form": form,
        "doubles": doubles,
        "field_errors": field_errors(form),
        "state": display.window_state(window, True, timezone.now()),
    }
    return render(request, "registration/sign_up.html", context, status=status)


# ---------------------------------------------------------------- the e-mailed link


def confirm_page(request, slug, token):
    """GET shows the sign-up and a button (mail scanners open links: a GET changes nothing); POST confirms."""
    row = selectors.sign_up_of_token(token)
    if row is None or row.event.tournament.slug != slug:
        raise Http404(_("This confirmation link is not valid."))
    if request.method == "POST":
        try:
            services.confirm(row.token)
        except ServiceError as error:
            messages.error(request, error.message)
        return redirect("sign-up-confirm", slug, row.token)
    context = {
        "sign_up": row,
        "event": row.event,
        "expired": services.is_expired(row),
        "place": selectors.place_on_waiting_list(row),
    }
    return render(request, "registration/confirm.html", context)
