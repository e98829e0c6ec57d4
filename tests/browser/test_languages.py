"""Every language, on a phone: the player's personal page, the umpire's score card and the secretary's stage page
are read in English and in each other language, and no label, heading or button of the other rendering may be
left as it reads in English. Names (players, tournament, event, stage), numbers and law numbers are the same in
every language and are not counted."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from players.links import personal_token
from tests.browser.conftest import PHONE
from tests.browser.test_umpire_and_player import knockout_of_four
from tests.factories import PASSWORD, UserFactory

# What a person reads as a label, a heading or something to press.
UI = "h1, h2, h3, h4, label, button, th, legend, summary, caption, a, option, dt, input[type=submit]"
# The switcher names each language in its own tongue on every rendering; the header shows the user's name.
SAME_IN_EVERY_LANGUAGE = ".languages, .who"
LAW = re.compile(r"\b(ICF|ECC)\s*\d+(\([a-z0-9]+\))*", re.IGNORECASE)
# Words that are written the same in that language as in English, checked one by one.
SAME_WORD = {
    "fr": {"Total", "Table", "Date", "Notes", "Points", "Documents", "Sets", "Match", "Tie-break", "Service", "Slam"},
    "it": {"Round", "Set", "Break", "Tie-break", "Bye", "Slam"},
    "de": {"Name", "Start", "Status", "Tie-break", "Bye", "Queen", "Board", "Striker", "Match", "Slam"},
    "hi": set(),
}


def ui_texts(page):
    return page.evaluate(
        """([ui, skip]) => [...document.querySelectorAll(ui)]
            .filter((e) => !e.closest(skip) && e.offsetParent !== null)
            .map((e) => (e.value && e.tagName === 'INPUT' ? e.value : e.innerText).trim().replace(/\\s+/g, ' '))
            .filter((t) => t)""",
        [UI, SAME_IN_EVERY_LANGUAGE],
    )


def words_of(text, names):
    """The words of `text` once names, law numbers and figures are taken out."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    text = LAW.sub(" ", text)
    return [w for w in re.findall(r"[^\W\d_]+(?:[-'’/][^\W\d_]+)*", text) if len(w) > 1]


def left_in_english(english, translated, names, language):
    """The labels of the translated page that read exactly as on the English page and hold a real word."""
    english = set(english)
    return sorted({text for text in translated if text in english and set(words_of(text, names)) - SAME_WORD[language]})


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["fr", "it", "de", "hi"])
def test_no_label_heading_or_button_is_left_in_english(live_server, phone, language):
    tournament, stage, semi, top_seed = knockout_of_four()
    secretary = UserFactory(username="secretary")
    tournament.secretaries.add(secretary)
    names = {tournament.name, stage.event.name, stage.name, "umpire", "secretary", "Carrom"}
    names |= {entry.name for entry in stage.event.entries.all()} | {p.full_name for p in (top_seed,)}
    pages = {
        "player": (None, reverse("player-schedule", args=[tournament.slug, personal_token(tournament, top_seed)])),
        "score card": ("umpire", reverse("match-card", args=[tournament.slug, semi.pk])),
        "stage": ("secretary", reverse("stage-detail", args=[tournament.slug, stage.pk])),
    }
    browser = phone.context.browser
    for title, (user, path) in pages.items():
        renderings = {}
        for shown in ("en", language):
            context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en-GB")
            context.add_cookies([{"name": "django_language", "value": shown, "url": live_server.url}])
            page = context.new_page()
            if user:  # in the language shown: the log-in button is not called "Log in" there
                page.goto(f"{live_server.url}{reverse('login')}?next={path}")
                page.fill("#id_username", user)
                page.fill("#id_password", PASSWORD)
                page.locator("#id_password").press("Enter")
                page.wait_for_url(f"**{path}")
            else:
                page.goto(live_server.url + path)
            expect(page.locator("html")).to_have_attribute("lang", shown)
            renderings[shown] = ui_texts(page)
            if shown == language:
                page.evaluate("document.fonts.ready.then(() => true)")
                assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], title
                page.screenshot(path=f"/tmp/{language}-{title.replace(' ', '-')}.png", full_page=True)
                if language == "hi":
                    assert re.search("[\u0900-\u097f]", page.locator("body").inner_text()), title
            context.close()
        assert len(renderings[language]) >= len(renderings["en"]) * 0.8, title  # the same page, not an error page
        leftovers = left_in_english(renderings["en"], renderings[language], names, language)
        assert not leftovers, f"{language} {title}: left in English: {leftovers}"
