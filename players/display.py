"""The players' news in words: what a player is told when their round is drawn, their match is called or moved.
Each function is called in the reader's language (tournaments.notifications.notify_players) and returns
(subject, body). Times are the venue's local time."""

from django.utils import timezone
from django.utils.formats import time_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext


def clock(moment):
    return time_format(timezone.localtime(moment), "H:i") if moment else ""


def where(match):
    """Table and time in one sentence, or what is not known yet."""
    if match.table and match.planned_at:
        return _("Table %(table)s at %(time)s.") % {"table": match.table, "time": clock(match.planned_at)}
    if match.table:
        return _("Table %(table)s; the time is not set yet.") % {"table": match.table}
    if match.planned_at:
        return _("At %(time)s; the table is not set yet.") % {"time": clock(match.planned_at)}
    return _("The table and time are not set yet.")


def drawn_news(match, opponent):
    subject = _("%(round)s of %(stage)s is drawn") % {"round": match.round.display_name, "stage": match.stage.name}
    if opponent is None:
        return subject, _("You have a bye in this round.")
    return subject, " ".join((_("You play %(opponent)s.") % {"opponent": opponent.name}, where(match)))


def call_words(match):
    """What a called match tells its players, on their page, in the API and in the notice: never "time to be
    announced" once it is called."""
    if match.table:
        return _("Go to table %(table)s now") % {"table": match.table}
    return _("Your match is called: go to the officials' desk now")


def called_news(match, opponent):
    opponent_name = opponent.name if opponent else _("your opponent")
    subject = call_words(match)
    body = _("%(round)s: your match against %(opponent)s is called.") % {
        "round": match.round.display_name,
        "opponent": opponent_name,
    }
    if match.report_deadline:
        body = " ".join((body, _("Be at your table by %(time)s.") % {"time": clock(match.report_deadline)}))
    return subject, body


def moved_news(match, opponent):
    opponent_name = opponent.name if opponent else _("your opponent")
    body = _("%(round)s against %(opponent)s:") % {"round": match.round.display_name, "opponent": opponent_name}
    return _("Your match has moved"), " ".join((body, where(match)))


NEWS = {"drawn": drawn_news, "called": called_news, "moved": moved_news}


# What each news is, in the officials' list of news not delivered (players.news_views).
NEWS_LABELS = {
    "drawn": gettext_lazy("Round drawn"),
    "called": gettext_lazy("Match called"),
    "moved": gettext_lazy("Match moved"),
}


def news_label(news):
    return NEWS_LABELS.get(news, news)


def unfinished():
    """The error of a try that never came back (its worker stopped or killed on its time limit)."""
    return _("The last try did not finish: its worker stopped or ran out of time.")


def undelivered_notice(news, matches, error):
    """What the officials are told when a news is given up: (subject, body)."""
    subject = _("News not delivered to the players: %(news)s") % {"news": news_label(news)}
    body = ngettext(
        "The players of %(count)s match were not told: %(error)s",
        "The players of %(count)s matches were not told: %(error)s",
        matches,
    ) % {"count": matches, "error": error.rstrip(".")}
    # The error is a worker's own words, with or without a full stop: the way to try again goes on a line of its own.
    return subject, "\n".join((body + ".", _("Open the list of news not delivered to try again.")))


def mail_notice(count, error):
    """What the officials are told when e-mails have not left after their tries, or were refused: (subject, body)."""
    subject = ngettext("%(count)s e-mail not delivered", "%(count)s e-mails not delivered", count) % {"count": count}
    body = _("The last error: %(error)s") % {"error": error.rstrip(".")}
    return subject, "\n".join((body + ".", _("Open the list of news not delivered to try again.")))


def chance_percent(chance, sure=False, out=False):
    """A chance as a phone shows it, in whole percents: "100 %" and "0 %" only when the points already decide it
    (`sure`, `out`); an estimate that never saw the other outcome says "> 99 %" or "< 1 %"."""
    if sure:
        return _("100 %")
    if out:
        return _("0 %")
    if chance >= 0.995:
        return _("> 99 %")
    if chance < 0.005:
        return _("< 1 %")
    return _("%(percent)s %%") % {"percent": round(chance * 100)}


def places_label(first, last):
    """Finishing places as a band: "1", "3–4"."""
    return str(first) if first == last else f"{first}–{last}"
