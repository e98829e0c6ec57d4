"""Every page, as the tournament's secretary, answers hostile input without a server error: query strings with
numbers too large for a column, digits int() refuses ("²"), words where ids go and NUL bytes; and forms posted
with the same values in every field.

The pages come from Django's URL resolver, so a new page is fuzzed without touching this file. Their path
parameters are the real slug and ids of a tournament in play (the API fuzz's `world`), so requests reach the views.
A form's fields are read from the pages that show it (its <input>, <select>, <textarea> and named buttons), so a
new field is fuzzed too. Each request runs in a savepoint that is rolled back: every request meets the same state.
The Django admin is left out: it is Django's own, and a secretary cannot open it.
"""

from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import quote, urlsplit

import pytest
from axes.models import AccessAttempt
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.urls import Resolver404, get_resolver, resolve

from tests.api.test_permission_matrix import url_for, url_params, walk

pytestmark = [pytest.mark.fuzz, pytest.mark.django_db]

HOSTILE = [
    "",
    "-1",
    "99999999999999999999",  # over any integer column
    "²",  # str.isdigit() says yes, int() says no
    "1e400",
    "abc",
    "x" * 5000,
    "\x00",  # PostgreSQL refuses a NUL byte in text
]
# What a form is posted with: the values that reach past a column or a parser (an empty field and a word are what
# every form's own tests already send).
FORM_HOSTILE = ["-1", "99999999999999999999", "²", "1e400", "x" * 5000, "\x00"]
# The query parameters the pages read, and some they do not.
QUERY_NAMES = ("event", "count", "round", "match", "fragment", "blank", "next", "status", "page", "since", "q")
NUL = "\x00"
UNSEEN_FORM = ("action", "round", "match", "confirm_results", "name")


def page_routes():
    """{route name or path: path pattern} of every page outside the API and the admin."""
    routes = {}
    for path, name, _ in walk(get_resolver().url_patterns):
        if path.lstrip("^").startswith(("api/", "admin/")):
            continue
        routes.setdefault(name or path, path)
    return routes


PAGES = page_routes()


def page_url(path, by_name):
    """The page's URL with the tournament's real slug and ids: `slug` is the tournament, `pk` the protest; on a
    delegate's pages, `token` is the federation's."""
    names = {"slug": by_name["tournament_slug"], "pk": by_name["protest_id"], "side": "a", **by_name}
    if "/federation/<str:token>/" in path:  # a delegate's pages: the federation's token, the entry it sent
        names.update(token=by_name["federation_token"], entry_id=by_name["federation_entry_id"])
    return url_for(path, {name: names[name] for name in url_params(path)})


@dataclass
class Form:
    """A POST form as a page shows it: the fields a person fills, the hidden ones with the values the page gave
    them (they say which action the view takes: `action=report`, `match=12`), its named buttons and file fields."""

    fields: set = field(default_factory=set)
    hidden: dict = field(default_factory=dict)
    buttons: list = field(default_factory=list)
    files: set = field(default_factory=set)

    def key(self):
        return tuple(sorted(self.fields)), tuple(sorted(self.hidden.items())), tuple(self.buttons), tuple(self.files)

    def variants(self, value):
        """`value` everywhere, hidden fields and buttons included; then, for each named button (or once), `value`
        in the fields a person fills, with the page's hidden values, so the view gets past choosing its action."""
        everywhere = dict.fromkeys([*self.fields, *self.hidden, *(name for name, _ in self.buttons)], value)
        yield everywhere | self.uploads(value)
        for press in [dict([button]) for button in self.buttons] or [{}]:
            yield dict.fromkeys(self.fields, value) | self.hidden | press | self.uploads(value)

    def uploads(self, value):
        return {name: SimpleUploadedFile("entries.csv", value.encode()) for name in self.files}


class Forms(HTMLParser):
    """The POST forms of a page, as (action path, Form)."""

    def __init__(self, page):
        super().__init__()
        self.page = page
        self.forms = []
        self.current = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            if (attrs.get("method") or "get").lower() == "post":
                self.current = Form()
                self.forms.append((urlsplit(attrs.get("action") or self.page).path or self.page, self.current))
            return
        name = attrs.get("name")
        if self.current is None or not name or name == "csrfmiddlewaretoken":
            return
        kind = (attrs.get("type") or "").lower()
        if tag == "button" or (tag == "input" and kind == "submit"):
            self.current.buttons.append((name, attrs.get("value") or ""))
        elif tag == "input" and kind == "file":
            self.current.files.add(name)
        elif tag == "input" and kind == "hidden":
            self.current.hidden[name] = attrs.get("value") or ""
        elif tag in ("input", "select", "textarea"):
            self.current.fields.add(name)

    def handle_endtag(self, tag):
        if tag == "form":
            self.current = None


def route_of(url):
    try:
        match = resolve(url)
    except Resolver404:
        return None
    return match.route and next((name for name, path in PAGES.items() if path == match.route), None)


SHOWN_ON = {}


def forms_of(route, client, by_name):
    """The different forms that post to `route`, read fresh from the pages that show them, so their hidden ids are
    this tournament's. Which pages show which forms does not change with the ids: found once per run."""
    if not SHOWN_ON:
        for page in PAGES:
            for target, _ in read_forms(page, client, by_name):
                SHOWN_ON.setdefault(target, set()).add(page)
    forms = {}
    for page in sorted(SHOWN_ON.get(route, ())):
        for target, form in read_forms(page, client, by_name):
            if target == route:
                forms.setdefault(form.key(), form)
    return list(forms.values())


def read_forms(page, client, by_name):
    """(route posted to, Form) for each POST form `page` shows."""
    url = page_url(PAGES[page], by_name)
    response = client.get(url)
    if response.status_code != 200 or "html" not in response.headers.get("Content-Type", ""):
        return []
    parser = Forms(url)
    parser.feed(response.content.decode())
    return [(route_of(action), form) for action, form in parser.forms if route_of(action)]


@pytest.fixture
def signed_in(client, world_secretary, world):
    client.force_login(world_secretary)
    return client, world[1]


def assert_no_server_error(response, method, url, data=None):
    shown = {name: value[:40] if isinstance(value, str) else value for name, value in (data or {}).items()}
    assert response.status_code < 500, f"{response.status_code} for {method} {url} {shown!r}"


def rolled_back(send):
    with transaction.atomic():
        response = send()
        transaction.set_rollback(True)
    return response


# Pages fuzzed a few to a test: every request is rolled back, so they share one world (tests/api/test_fuzz.py), whose
# building costs more than fuzzing a page. A failure names the page's URL.
PAGES_A_TEST = 5
PAGE_GROUPS = [sorted(PAGES)[start : start + PAGES_A_TEST] for start in range(0, len(PAGES), PAGES_A_TEST)]


@pytest.mark.parametrize("routes", PAGE_GROUPS, ids=[group[0] for group in PAGE_GROUPS])
def test_pages_answer_hostile_query_strings_and_forms(routes, signed_in):
    for route in routes:
        fuzz_page(route, *signed_in)


def fuzz_page(route, client, by_name):
    url = page_url(PAGES[route], by_name)
    # A page without a form seen anywhere still gets the names some views read straight from request.POST.
    forms = forms_of(route, client, by_name) or [Form(fields=set(UNSEEN_FORM))]
    for value in HOSTILE:
        send_query(client, url, value)
    for value in FORM_HOSTILE:
        for form in forms:
            for data in form.variants(value):
                response = rolled_back(lambda data=data: client.post(url, data))
                assert_no_server_error(response, "POST", url, data)


def send_query(client, url, value):
    query = "&".join(f"{name}={quote(value)}" for name in QUERY_NAMES)
    response = rolled_back(lambda: client.get(f"{url}?{query}"))
    assert_no_server_error(response, "GET", f"{url}?{query[:200]}")
    if NUL in value:
        assert response.status_code == 400  # core/middleware.py refuses it before any view reads it


@pytest.mark.parametrize("url", ["/accounts/login/", "/api/auth/token/"])
def test_a_user_name_longer_than_any_account_is_a_failed_log_in(client, url):
    """django-axes stores the name tried in a 255-character column: a longer one overflowed it (a 500 on
    PostgreSQL). The failure is still counted, under the name's first 255 characters."""
    response = client.post(url, {"username": "x" * 5000, "password": "wrong"})
    assert response.status_code in (200, 400)  # the form again, or the API's refusal
    assert AccessAttempt.objects.get().username == "x" * 255
