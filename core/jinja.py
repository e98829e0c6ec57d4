"""The Jinja2 engine beside Django's, for the few lists long enough that Django's template engine was their page's
cost: a Swiss stage's standings (1,000 rows) and match list (500 matches), and the secretary's round page (500
matches, each with its two forms). Jinja compiles a template to Python; Django's engine walks its nodes and looks
every variable up anew on every row, ten times slower on these lists.

A Django template includes such a fragment with `{% jinja "app/name.html" key=value %}` (this module is the tag
library `jinja`, settings.TEMPLATES): the fragment sees the including template's context and request, the CSRF
input included. Fragments live in `<app>/jinja2/` and speak Django's dialect where it matters to a visitor:

- `{{ value }}` writes a number or a time as Django's `{{ value }}` does (localized, in the current time zone),
  then escapes it;
- `{% translate "text" context "..." as name %}` and `{% blocktranslate with a=expr context "..." %}...{{ a }}...
  {% endblocktranslate %}` are Django's tags, with Django's gettext and escaping: `make messages` gathers them into
  the catalogues from these files as from Django's templates;
- `match_url(name, slug, match_id)` is reverse(name, args=[slug, match_id]), resolved once per name and tournament
  rather than once per match."""

import html
from functools import partial

from django import template
from django.conf import settings
from django.middleware.csrf import get_token
from django.template import engines
from django.template.backends.utils import csrf_input
from django.template.defaultfilters import date
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.formats import localize
from django.utils.functional import SimpleLazyObject
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import template_localtime
from django.utils.translation import gettext, pgettext
from jinja2 import ChainableUndefined, Environment, nodes
from jinja2.ext import Extension

register = template.Library()


@register.simple_tag(takes_context=True)
def jinja(context, name, **values):
    """The Jinja2 fragment `name`, rendered with the context of the template that includes it and `values`."""
    fragment = engines["jinja2"].get_template(name)
    page, request = {**context.flatten(), **values}, context.get("request")
    if request is None:
        return mark_safe(fragment.render(page))
    return mark_safe(fragment.template.render({**page, **request_values(fragment.backend, request)}))


def request_values(backend, request):
    """What Django's Jinja2 backend gives a template rendered for a request, but with one CSRF token for the whole
    fragment, as Django's `{% csrf_token %}` gives one for the whole page: the backend's `csrf_input` masks a new
    token (a random string) each time it is written, a third of a round page's time with its 1,000 to 1,500
    forms. Still made only when written: a public page that writes no form sets no CSRF cookie."""
    values = {
        "request": request,
        "csrf_input": SimpleLazyObject(partial(csrf_input, request)),
        "csrf_token": SimpleLazyObject(partial(get_token, request)),
    }
    for processor in backend.template_context_processors:
        values.update(processor(request))
    return values


def environment(**options):
    # A missing value writes nothing, and so do its attributes (a user without a player), as in Django's engine.
    extra = {"extensions": [DjangoTranslation], "finalize": as_django_writes, "undefined": ChainableUndefined}
    env = Environment(**{**options, **extra})
    env.filters["date"] = local_date
    env.globals["match_url"] = match_url
    env.globals["url"] = url
    return env


def as_django_writes(value):
    """A value as Django's `{{ value }}` writes it (django.template.base.render_value_in_context): localized, in the
    current time zone, escaped as Django escapes (Jinja's own escaping writes quotes otherwise). Most values are
    strings and whole numbers, which Django's localize() takes ten times as long to return unchanged."""
    if type(value) is str:
        return SafeString(html.escape(value))  # django.utils.html.escape, without its wrapper for lazy strings
    if type(value) is int and not settings.USE_THOUSAND_SEPARATOR:
        return str(value)
    return conditional_escape(localize(template_localtime(value)))


def local_date(value, format_string):
    """Django's `|date` filter, given the time in the current time zone as Django's engine gives it."""
    return date(template_localtime(value), format_string)


def url(name, *args):
    return reverse(name, args=args)


# A match id no database hands out soon: reversed in its place, then replaced by each match's id.
SOME_ID = 987654321987654321
URL_PARTS = {}


def match_url(name, slug, match_id):
    """reverse(name, args=[slug, match_id]) for the URLs of a tournament's match: a round page asks for 2,000."""
    key = (name, slug, get_urlconf(), get_script_prefix())
    if key not in URL_PARTS:
        head, found, tail = reverse(name, args=[slug, SOME_ID]).rpartition(str(SOME_ID))
        assert found, name
        URL_PARTS[key] = head, tail
    head, tail = URL_PARTS[key]
    return f"{head}{match_id}{tail}"


class DjangoTranslation(Extension):
    """Django's `{% translate %}` and `{% blocktranslate %}` tags in a Jinja2 template, the forms the fragments use:
    a string constant, `context`, `as` (translate), `with` (blocktranslate)."""

    tags = {"translate", "blocktranslate"}

    def parse(self, parser):
        tag = next(parser.stream)
        if tag.value == "translate":
            return self.translate(parser, tag.lineno)
        return self.blocktranslate(parser, tag.lineno)

    def translate(self, parser, lineno):
        message, context, target = parser.parse_expression(), nodes.Const(None), None
        while parser.stream.current.type != "block_end":
            if parser.stream.skip_if("name:context"):
                context = parser.parse_expression()
            else:
                parser.stream.expect("name:as")
                target = parser.parse_assign_target(name_only=True)
        call = self.call_method("_translate", [message, context], lineno=lineno)
        if target is None:
            return nodes.Output([call], lineno=lineno)
        return nodes.Assign(target, call, lineno=lineno)

    def blocktranslate(self, parser, lineno):
        values, context = [], nodes.Const(None)
        while parser.stream.current.type != "block_end":
            if parser.stream.skip_if("name:context"):
                context = parser.parse_expression()
                continue
            parser.stream.expect("name:with")
            while parser.stream.current.type == "name" and parser.stream.look().type == "assign":
                key = next(parser.stream).value
                parser.stream.expect("assign")
                values.append(nodes.Pair(nodes.Const(key), parser.parse_expression()))
        parser.stream.expect("block_end")
        parts = []  # the message as Django's blocktranslate makes it: %(name)s for {{ name }}, % doubled
        while not parser.stream.current.test("block_begin"):
            if parser.stream.current.type == "data":
                parts.append(next(parser.stream).value.replace("%", "%%"))
            else:
                parser.stream.expect("variable_begin")
                parts.append(f"%({parser.stream.expect('name').value})s")
                parser.stream.expect("variable_end")
        next(parser.stream)
        parser.stream.expect("name:endblocktranslate")
        message = nodes.Const("".join(parts))
        call = self.call_method("_blocktranslate", [message, context, nodes.Dict(values)], lineno=lineno)
        return nodes.Output([call], lineno=lineno)

    @staticmethod
    def _translate(message, context):
        return gettext(message) if context is None else pgettext(context, message)

    @staticmethod
    def _blocktranslate(message, context, values):
        # Django's: the translation is not escaped, each value is (after localizing), and the whole is safe.
        text = gettext(message) if context is None else pgettext(context, message)
        return mark_safe(text % {key: as_django_writes(value) for key, value in values.items()})
