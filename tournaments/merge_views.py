"""The merge page `players/merge/`: find two records of one person by name, see them side by side, confirm. For
staff and whoever runs tournaments (they see every player); the merge itself is allowed as the API allows it
(tournaments.permissions.can_merge_players)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _

from core.errors import ServiceError
from tournaments import merging
from tournaments.forms import MergePlayersForm
from tournaments.merge_selectors import find_players, player_record
from tournaments.permissions import can_merge_players, is_official_somewhere
from tournaments.privacy import players_visible_to
from tournaments.selectors import search_text


def merge_reader(request):
    user = request.user
    if not (user.is_staff or is_official_somewhere(user)):
        raise PermissionDenied(_("Only staff and tournament officials merge players."))
    return players_visible_to(user)


@login_required
def merge_players(request):
    """GET `q` finds players by name; GET `kept` and `merged` shows the two side by side; POST merges them."""
    players = merge_reader(request)
    posted = request.method == "POST"
    chosen = request.POST if posted else request.GET
    form = MergePlayersForm(chosen if posted or "kept" in chosen or "merged" in chosen else None, players=players)
    pair = form.is_valid() and (form.cleaned_data["kept"], form.cleaned_data["merged"])
    if posted and pair:
        kept, merged = pair
        name = merged.full_name
        try:
            if not can_merge_players(request.user, kept, merged):
                raise ServiceError(None, merge_refused())
            merging.merge_players(kept, merged)
        except ServiceError as error:
            error.show_on(form)
        else:
            messages.success(request, _("%(merged)s merged into %(kept)s.") % {"merged": name, "kept": kept})
            return redirect(f"{reverse('players-merge')}?{urlencode({'q': kept.full_name})}")
    page = context(request, players, form, pair)
    return render(request, "tournaments/merge_players.html", page, status=400 if posted else 200)


def merge_refused():
    return _("Only staff, or a secretary of every tournament both players are entered in, may merge them.")


def context(request, players, form, pair):
    query = search_text(request.GET.get("q") or request.POST.get("q"))
    side_by_side = None
    if pair:
        kept, merged = pair
        refusal = merging.merge_refusal(kept, merged)
        if refusal is None and not can_merge_players(request.user, kept, merged):
            refusal = ServiceError(None, merge_refused())
        records = [player_record(kept, request.user), player_record(merged, request.user)]
        side_by_side = {
            "kept": records[0],
            "merged": records[1],
            "records": records,
            "refusal": refusal.message if refusal else "",
            "swap": urlencode({"q": query, "kept": merged.pk, "merged": kept.pk}),
        }
    return {"query": query, "found": find_players(players, query), "form": form, "pair": side_by_side}
