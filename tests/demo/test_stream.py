"""The demo's table on stream: table 1 of the Eurocup demo, where the late-arrival demo's first semi-final is
called, is featured once however often the demo is loaded, and its screens show that match."""

import pytest
from django.core.management import call_command
from django.urls import reverse

from demo.late_arrival import EVENT
from matches.featured.models import FeaturedTable
from stages.models import Match

pytestmark = pytest.mark.django_db


def test_the_demo_streams_the_called_semi_final_on_table_one(client):
    call_command("load_demo", stdout=open("/dev/null", "w"))
    call_command("load_demo", stdout=open("/dev/null", "w"))  # idempotent
    (featured,) = FeaturedTable.objects.all()
    semi_final = Match.objects.get(stage__event__name=EVENT, round__number=1, number=1)
    assert featured.table == 1 == semi_final.table
    slug = featured.tournament.slug
    for name in ("featured-overlay", "featured-court"):
        page = client.get(reverse(name, args=[slug, featured.pk])).content.decode()
        assert semi_final.entry_a.name in page and semi_final.entry_b.name in page
