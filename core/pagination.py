"""The API's pages: `?limit=` and `?offset=` as in DRF, with bounds.

Without them a huge number (limit or offset past 2**63) reaches the database and fails there (SQLite: "Python int
too large", PostgreSQL: "bigint out of range") as a server error. A limit over MAX_LIMIT is cut to it; an offset
past MAX_OFFSET, far beyond any real list, answers an empty page.
"""

from rest_framework import pagination

MAX_LIMIT = 1000
MAX_OFFSET = 10**9


class LimitOffsetPagination(pagination.LimitOffsetPagination):
    max_limit = MAX_LIMIT

    def get_offset(self, request):
        return min(super().get_offset(request), MAX_OFFSET)
