"""The officials' list of news and e-mails not delivered: the players' news (players.outbox) the players have not
been told yet, and the e-mails (tournaments.mail) that have not left, why, and a "try again" button for each. For
the secretaries and chief referees, who are also told when a news is given up or e-mails fail for long. An e-mail
shows its reader's name and subject, never its address or body (which may hold a link that opens their page)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from players import display, outbox, tasks
from stages.models import Match
from tournaments import mail
from tournaments import tasks as mail_tasks
from tournaments.models import Tournament
from tournaments.permissions import is_chief_referee


def official_tournament(request, slug):
    tournament = get_object_or_404(Tournament, slug=slug)
    if not is_chief_referee(request.user, tournament):
        raise PermissionDenied(_("Only the secretaries and chief referees of the tournament see the players' news."))
    return tournament


@login_required
def undelivered_news(request, slug):
    tournament = official_tournament(request, slug)
    rows = outbox.undelivered(tournament)
    related = ("round", "stage__event", "entry_a", "entry_b")
    first = Match.objects.select_related(*related).in_bulk([row.match_ids[0] for row in rows if row.match_ids])
    for row in rows:
        row.label = display.news_label(row.news)
        row.first_match = first.get(row.match_ids[0]) if row.match_ids else None
        row.more_matches = max(len(row.match_ids) - 1, 0)
    mails = mail.undelivered(tournament)
    return render(request, "players/undelivered_news.html", {"tournament": tournament, "rows": rows, "mails": mails})


@login_required
@require_POST
def retry_news(request, slug, news_id):
    tournament = official_tournament(request, slug)
    if tasks.try_again(tournament, news_id) is None:
        raise Http404(_("This news has been sent already, or is not one of this tournament's."))
    messages.success(request, _("The news is being sent again."))
    return redirect("undelivered-news", slug)


@login_required
@require_POST
def retry_mail(request, slug, mail_id):
    tournament = official_tournament(request, slug)
    if mail_tasks.try_again(tournament, mail_id) is None:
        raise Http404(_("This e-mail has been sent already, or is not one of this tournament's."))
    messages.success(request, _("The e-mail is being sent again."))
    return redirect("undelivered-news", slug)
