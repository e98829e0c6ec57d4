"""Text answers gzipped for the clients that accept it: pages, JSON, CSV, the JavaScript catalogue, SVG, the API
schema. A 1,000-player stage page is 397 KB as HTML and about a tenth of that gzipped; the page cache
(core.page_cache) kept a gzipped copy of the pages it serves, but a signed-in official's page, any API answer and
every page while the cache is off went out whole.

Django's GZipMiddleware does the work: it leaves alone an answer that already says how it is encoded (the page
cache's gzipped copy, WhiteNoise's precompressed static files), adds `Vary: Accept-Encoding` to every answer it
could have compressed, compresses a streaming answer as a stream, keeps only a smaller result, and pads each
compressed body with up to 100 random bytes (Django 4.2+), which spoils the length a BREACH attack measures (the
CSRF token is masked afresh in each answer besides). Only answers whose type is text are given to it: a PDF, an
image, a spreadsheet (a zip), a .sol.gz or a backup is compressed already and would only cost time, a part of a
file (206, Range) would no longer fit its Content-Range, and an event stream would wait in the compressor's buffer.
"""

from django.middleware.gzip import GZipMiddleware

TEXT_PREFIXES = ("text/",)
TEXT_SUFFIXES = ("+json", "+xml")
TEXT_TYPES = {
    "application/json",
    "application/javascript",
    "application/x-javascript",
    "application/xml",
    "application/yaml",
    "application/vnd.oai.openapi",  # drf-spectacular's schema as YAML
    "image/svg+xml",
}
NEVER = {"text/event-stream"}


class CompressionMiddleware(GZipMiddleware):
    """Early in MIDDLEWARE (outside every middleware that reads or writes a body, the page cache's included), so
    that it compresses the answer as it leaves."""

    def process_response(self, request, response):
        if not compressible(response):
            return response
        return super().process_response(request, response)


def compressible(response):
    """Whether the answer is text, whole, and of a kind that gains from gzip."""
    if response.status_code == 206 or response.has_header("Content-Range"):
        return False
    media_type = response.get("Content-Type", "").split(";", 1)[0].strip().lower()
    if media_type in NEVER:
        return False
    return media_type.startswith(TEXT_PREFIXES) or media_type.endswith(TEXT_SUFFIXES) or media_type in TEXT_TYPES
