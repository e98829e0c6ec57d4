from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from core.errors import ServiceError
from core.page_cache import public_page
from tournaments import display, invitations, officials, services
from tournaments.embedding import EMBED_PARAM
from tournaments.forms import AppointForm, EventForm, NewOfficialForm, RemoveOfficialForm, TournamentForm
from tournaments.models import Event, Tournament
from tournaments.permissions import can_create_tournament, is_chief_referee, is_secretary
from tournaments.scoping import secretary_tournament, visible_tournament
from tournaments.selectors import event_entries, search_text


def home(request):
    tournaments = (
        Tournament.objects.visible_to(request.user)
        .select_related("host_club")
        .annotate(event_count=Count("events", distinct=True))
    )
    waiting = invitations.pending_for(request.user).count() if request.user.is_authenticated else 0
    return render(
        request,
        "tournaments/home.html",
        {"tournaments": tournaments, "can_create": can_create_tournament(request.user), "invitations": waiting},
    )


@public_page
def tournament_detail(request, slug):
    tournament = visible_tournament(request, slug)
    events = tournament.events.annotate(entry_count=Count("entries", filter=Q(entries__withdrawn=False))).order_by(
        "name"
    )
    return render(
        request,
        "tournaments/tournament_detail.html",
        {
            "tournament": tournament,
            "events": events,
            "is_secretary": is_secretary(request.user, tournament),
            "is_official": is_chief_referee(request.user, tournament),
            "is_umpire": request.user.is_authenticated and tournament.umpires.filter(pk=request.user.pk).exists(),
            "is_player": hasattr(request.user, "player"),
        },
    )


@public_page(params=("q",))
def event_detail(request, slug, event_id):
    tournament = visible_tournament(request, slug)
    event = get_object_or_404(Event, pk=event_id, tournament=tournament)
    query = search_text(request.GET.get("q"))
    secretary = is_secretary(request.user, tournament)
    return render(
        request,
        "tournaments/event_detail.html",
        {
            "tournament": tournament,
            "event": event,
            "entries": event_entries(event, query),
            "query": query,
            "entry_count": event.entries.count(),
            "is_secretary": secretary,
        },
    )


@login_required
def tournament_create(request):
    if not can_create_tournament(request.user):
        raise PermissionDenied(_("Only secretaries create tournaments."))
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        tournament = services.create_tournament(request.user, **form.cleaned_data)
        messages.success(request, _("%(tournament)s created.") % {"tournament": tournament})
        return redirect(tournament)
    return render(request, "tournaments/form.html", {"form": form, "title": _("New tournament")})


@login_required
def tournament_edit(request, slug):
    tournament = secretary_tournament(request, slug)
    form = TournamentForm(request.POST or None, instance=tournament)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Tournament saved."))
        return redirect(tournament)
    context = {
        "form": form,
        "title": _("Edit %(tournament)s") % {"tournament": tournament},
        # What a listed site puts in its own page to frame the tournament's (tournaments.embedding).
        "embed_url": f"{request.build_absolute_uri(tournament.get_absolute_url())}?{EMBED_PARAM}=1",
        "embed_origins": tournament.embed_origins,
    }
    return render(request, "tournaments/form.html", context)


@login_required
def event_create(request, slug):
    tournament = secretary_tournament(request, slug)
    form = EventForm(request.POST or None, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        event = form.save()
        messages.success(request, _("Event %(event)s created.") % {"event": event.name})
        return redirect(event)
    return render(
        request,
        "tournaments/form.html",
        {"form": form, "title": _("New event in %(tournament)s") % {"tournament": tournament}},
    )


# The set-password link of the account just created, kept in the session for the page shown after the redirect:
# the link is a secret, so it is shown once, to the secretary who made the account, and never put in a URL.
NEW_ACCOUNT_KEY = "officials_new_account"


@login_required
def tournament_officials(request, slug):
    """The secretaries, chief referees and umpires; invite an account, or create one and invite it; remove one."""
    tournament = secretary_tournament(request, slug)
    roles = display.ROLE_CHOICES
    posted = request.POST if request.method == "POST" else None
    action = request.POST.get("action")
    appoint_form = AppointForm(posted if action == "appoint" else None, prefix="appoint", roles=roles)
    new_form = NewOfficialForm(posted if action == "create" else None, prefix="new", roles=roles)
    if posted is not None:
        form = {"appoint": appoint_form, "create": new_form}.get(action) or RemoveOfficialForm(posted)
        if form.is_valid():
            try:
                return officials_action(request, tournament, action, form.cleaned_data)
            except ServiceError as error:
                if form is appoint_form or form is new_form:
                    error.show_on(form)
                else:
                    messages.error(request, error.message)
        elif form not in (appoint_form, new_form):
            messages.error(request, _("Choose the official to remove from the list."))
    new_account = request.session.pop(NEW_ACCOUNT_KEY, None) if posted is None else None
    if new_account and new_account.get("tournament") != tournament.pk:
        new_account = None
    people = officials.officials_of(tournament)
    lists = [(role, display.ROLE_TITLES[role], people[role]) for role in officials.FIELDS]
    return render(
        request,
        "tournaments/officials.html",
        {
            "tournament": tournament,
            "lists": lists,
            "appoint_form": appoint_form,
            "new_form": new_form,
            "new_account": new_account,
        },
    )


def officials_action(request, tournament, action, data):
    """Carry out one of the Officials page's forms; a refusal (ServiceError) goes back to the page. An invitation
    says the same whether the account exists or not (tournaments.invitations)."""
    role = data["role"]
    if action == "appoint":
        invitations.invite(tournament, role, data["user"], invited_by=request.user)
        messages.success(request, display.INVITED[role] % {"tournament": tournament})
    elif action == "create":
        site = request.build_absolute_uri("/")
        fields = {key: data[key] for key in ("name", "email", "username")}
        account = invitations.create_and_invite(tournament, role, **fields, invited_by=request.user, site=site)
        if account is None:
            messages.success(request, display.MAILED % {"email": data["email"]})
        else:
            request.session[NEW_ACCOUNT_KEY] = {
                "tournament": tournament.pk,
                "person": officials.person(account.user),
                "username": account.user.get_username(),
                "link": account.link,
            }
    else:
        user = officials.find_member(tournament, role, data["user"])
        officials.remove(tournament, role, user)
        messages.success(request, display.REMOVED[role] % {"person": officials.person(user), "tournament": tournament})
        if user == request.user and not is_secretary(request.user, tournament):
            return redirect(tournament)
    return redirect("tournament-officials", tournament.slug)
