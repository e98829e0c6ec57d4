"""The self-umpired score card opened by a match's link (no account), and the chief referee's page that settles a
disagreement between the two sides.

The card page is the umpire's card page (scoring/card.html, the same forms and the same services) with the side's
panel on top: who you are, what waits for whom, confirm or disagree. A token that opens nothing is a 404."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.errors import NotAllowed, ServiceError
from matches.permissions import MatchRights, is_official
from matches.scoring import display, selectors
from matches.scoring.forms import FinalScoreForm
from matches.scoring.views import ENTRY, SAVES
from players import card_services, links
from players.models import SelfReport
from players.throttle import link_rate_limited
from stages.forms import parse_games
from stages.models import Match, Round
from stages.rules_round import score_example_of
from tournaments.models import Tournament
from tournaments.permissions import is_chief_referee


class DisagreeForm(FinalScoreForm):
    """The other side's own version of the result, A's points first, and what went wrong in their eyes."""

    action = "disagree"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["games"].label = _("Your version of the final score")

    note = forms.CharField(label=gettext_lazy("What is wrong with the entered result?"), max_length=500, required=False)


class SettleForm(forms.Form):
    choice = forms.ChoiceField(widget=forms.RadioSelect)
    games = forms.CharField(
        label=gettext_lazy("The right result (only for your own)"),
        help_text=gettext_lazy("Each game, A's points first: 25-10, or 25-10, 12-25, 25-0."),
        max_length=80,
        required=False,
    )
    reason = forms.CharField(label=gettext_lazy("Reason (kept in the match's history)"), max_length=500, required=False)

    def __init__(self, *args, names, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["choice"].choices = [
            ("entered", _("The result entered by side %(side)s") % {"side": names["entered"]}),
            ("other", _("The version of side %(side)s") % {"side": names["other"]}),
            ("games", _("My own: the result below")),
        ]

    def clean_games(self):
        text = self.cleaned_data["games"].strip()
        return parse_games(text) if text else None

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("choice") == "games" and not cleaned.get("games"):
            self.add_error("games", _("Enter the right result."))
        return cleaned


# ---------------------------------------------------------------- the side's card


def opened_match(slug, match_id, token):
    """The match and side the token opens, or 404: forged, revoked, expired, another match or tournament, or a
    preview round (its draw can still change)."""
    found = links.match_side_from_token(token, match_id)
    if found is None:
        raise Http404(_("This link is not valid. Ask the tournament secretary for your match's link."))
    match, side = found
    if match.stage.event.tournament.slug != slug or match.round.status != Round.Status.PUBLISHED:
        raise Http404(_("This link is not valid. Ask the tournament secretary for your match's link."))
    return match, side


def report_of(match):
    return SelfReport.objects.filter(match=match).first()


def side_panel(match, side, report, page, disagree_form=None):
    """What the side's panel shows: who they are, what they may do now, and why not."""
    names = page["names"]
    may_confirm = card_services.may_confirm(match, report, side)
    panel = {
        "side": side.upper(),
        "name": names[side.upper()],
        "opponent": names[card_services.other(side).upper()],
        "cannot_enter": card_services.may_enter(match, report, side),
        "cannot_confirm": may_confirm,
        "disputed": card_services.disputed(report),
        "report": report,
    }
    if may_confirm is None:
        panel["disagree_form"] = disagree_form or DisagreeForm(names=names, example=score_example_of(match))
    return panel


@link_rate_limited
def match_play(request, slug, match_id, token):
    """The match's card for the side whose link this is: GET shows it, POST makes one entry (an action of the
    umpire's card, "confirm" or "disagree") and shows it again."""
    match, side = opened_match(slug, match_id, token)
    bound = {}
    if request.method == "POST":
        action = request.POST.get("action", "")
        try:
            done = post_action(request, match, side, action, bound)
        except ServiceError as error:  # refused: nothing changed; the card as it now stands, with the reason
            if action in bound and not isinstance(error, NotAllowed):  # the law's refusal, on the form kept
                error.show_on(bound[action])
            else:
                messages.error(request, error.message)
                return redirect(request.path)
        else:
            if done:
                messages.success(request, done)
                return redirect(request.path + ENTRY)
        related = ("stage__event__tournament", "round", "entry_a", "entry_b")
        match = Match.with_rubbers.select_related(*related).get(pk=match.pk)
    return render(request, "scoring/card.html", card_context(match, side, bound))


def post_action(request, match, side, action, bound):
    """Make the posted entry; the success message, or None when its form (left in `bound`) is invalid."""
    names = display.side_names(match)
    if action == "confirm":
        card_services.confirm(match, side)
        return display.saved("confirm")
    if action == "disagree":
        form = bound[action] = DisagreeForm(request.POST, names=names, example=score_example_of(match))
        if not form.is_valid():
            return None
        card_services.disagree(match, side, form.cleaned_data["games"], form.cleaned_data["note"])
        return _("Your version is with the chief referee, beside the entered one. Nothing counts until they decide.")
    builders = selectors.card_page(match)["builders"] if card_services.players_keep_card(match) else {}
    if action not in builders:
        reason = card_services.may_enter(match, report_of(match), side)
        raise ServiceError(
            "action", reason or _("That entry is not open on this score card now; the page shows what is.")
        )
    form = bound[action] = builders[action](request.POST)
    if not form.is_valid():
        return None
    card_services.enter(match, side, lambda locked: SAVES[action](locked, form, None))
    return display.saved(action, form.cleaned_data)


def card_context(match, side, bound):
    page = selectors.card_page(match)
    report = report_of(match)
    panel = side_panel(match, side, report, page, bound.get("disagree"))
    if panel["cannot_enter"]:
        page["builders"] = {}
    # The umpire's card page for a visitor with no account: its forms and announcements, no start, no history.
    context = selectors.card_page_context(MatchRights(AnonymousUser(), match), page, bound)
    if panel["cannot_enter"]:
        context["announcements"] = []
    context.update(can_confirm=False, side_panel=panel)  # the panel has its own confirm and disagree
    return context


# ---------------------------------------------------------------- the chief referee settles


def official_match(request, slug, match_id):
    match = selectors.visible_match(request.user, slug, match_id)
    if not is_official(request.user, match):
        raise PermissionDenied(_("Only the secretaries and chief referees of the tournament settle disagreements."))
    return match


@login_required
def settle(request, slug, match_id):
    """Both versions of a disputed self-umpired result side by side; the official chooses one or enters the right
    one (or corrects the card on the officials' score card page)."""
    match = official_match(request, slug, match_id)
    report = get_object_or_404(SelfReport, match=match)
    entered, other_side = report.entered_by_side.upper(), card_services.other(report.entered_by_side).upper()
    names = {"entered": entered, "other": other_side}
    form = SettleForm(request.POST or None, names=names)
    open_dispute = card_services.disputed(report) and match.status in card_services.TO_CONFIRM
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            card_services.settle(match, request.user, data["choice"], data.get("games"), data.get("reason", ""))
        except ServiceError as error:
            error.show_on(form)
        else:
            messages.success(request, _("Disagreement settled: the result is confirmed."))
            return redirect("match-detail", slug, match.pk)
    page = selectors.score_card(match)
    context = {
        **page,
        "tournament": match.stage.event.tournament,
        "report": report,
        "form": form,
        "open_dispute": open_dispute,
        "entered_side": entered,
        "other_side": other_side,
        "other_games": ", ".join(f"{a}–{b}" for a, b in (report.other_version or {}).get("games", [])),
    }
    return render(request, "players/settle.html", context)


@login_required
def disagreements(request, slug):
    """The tournament's self-umpired matches whose sides disagree, waiting for the chief referee."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not is_chief_referee(request.user, tournament):
        raise PermissionDenied(_("Only the secretaries and chief referees of the tournament settle disagreements."))
    reports = (
        SelfReport.objects.filter(match__stage__event__tournament=tournament, state=SelfReport.State.DISPUTED)
        .exclude(match__status=Match.Status.CONFIRMED)
        .select_related("match__stage__event", "match__round", "match__entry_a", "match__entry_b")
        .order_by("disputed_at")
    )
    return render(request, "players/disagreements.html", {"tournament": tournament, "reports": list(reports)})
