"""The referee's desk pages: a match's conduct panel (for its umpire on a phone, and the chief referee) and the
tournament's disciplinary record (officials only, printable)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import ServiceError
from matches.conduct import display, rest, selectors, services
from matches.conduct.forms import BackForm, ConcedeForm, LossForm, PlayerForm
from matches.scoring.selectors import visible_match
from tournaments.models import Player, Tournament
from tournaments.permissions import is_chief_referee

DONE = {
    "warning": gettext_lazy("Warning recorded."),
    "loss": gettext_lazy("Loss of the entire match recorded; the match ends as a walk-over."),
    "concede": gettext_lazy("Concession recorded."),
    "back": gettext_lazy("Marked back at the board."),
}


def build_forms(panel, data=None):
    players = [(row["side"], row["player"]) for row in panel["players"]]
    return {
        "warning": PlayerForm(data, players=players, prefix="warning"),
        "loss": LossForm(data, players=players, clauses=panel["laws"].losses, prefix="loss"),
        "concede": ConcedeForm(data, match=panel["match"], prefix="concede"),
        "back": BackForm(data, match=panel["match"], prefix="back"),
    }


def save(action, form, match, user):
    data = form.cleaned_data
    if action in ("warning", "loss"):
        player = Player.objects.filter(pk=data["player"]).first()
        if action == "warning":
            return services.record_warning(match, player, user, note=data["note"])
        return services.record_loss(match, player, data["clause"], user, note=data["note"])
    if action == "concede":
        return services.concede(match, data["side"], data["scope"], user)
    return rest.mark_back(match, data["side"], user)


@login_required
def match_conduct(request, slug, match_id):
    match = visible_match(request.user, slug, match_id)
    if not services.may_record(request.user, match):
        raise PermissionDenied(display.may_not())
    panel = selectors.match_panel(match, request.user)
    forms = build_forms(panel)
    if request.method == "POST":
        action = request.POST.get("action", "")
        if action not in forms:
            messages.error(request, _("Choose an action of this page."))
            return redirect("match-conduct", slug, match.pk)
        form = forms[action] = build_forms(panel, request.POST)[action]
        if form.is_valid():
            try:
                save(action, form, match, request.user)
            except ServiceError as error:
                error.show_on(form)
                match.refresh_from_db()  # show the match as it now stands (another official may have recorded)
                panel = selectors.match_panel(match, request.user)
            else:
                messages.success(request, DONE[action])
                return redirect("match-conduct", slug, match.pk)
    context = {"tournament": match.stage.event.tournament, "match": match, "panel": panel, "forms": forms}
    return render(request, "conduct/match.html", context)


@login_required
def disciplinary_record(request, slug):
    tournament = get_object_or_404(Tournament.objects.visible_to(request.user), slug=slug)
    if not is_chief_referee(request.user, tournament):
        raise PermissionDenied(_("The disciplinary record is for the tournament's chief referees and secretaries."))
    context = {
        "tournament": tournament,
        "people": selectors.disciplinary_record(tournament),
        "log": selectors.conduct_log(tournament),
    }
    return render(request, "conduct/record.html", context)
