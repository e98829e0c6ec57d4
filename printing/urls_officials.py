"""Score cards for the umpires (ICF XIX): a round's, a match's, blank ones for an event (PDF)."""

from django.urls import path

from printing import slip_views, views

urlpatterns = [
    path(
        "t/<slug:slug>/rounds/<int:round_id>/score-cards.pdf", views.round_score_cards, name="print-round-score-cards"
    ),
    path("t/<slug:slug>/matches/<int:match_id>/score-card.pdf", views.match_score_card, name="print-match-score-card"),
    path(
        "t/<slug:slug>/events/<int:event_id>/blank-score-cards.pdf",
        views.blank_score_cards,
        name="print-blank-score-cards",
    ),
    # The players' personal links: cut-out slips, and e-mailed (secretaries).
    path("t/<slug:slug>/personal-links.pdf", slip_views.personal_slips, name="print-personal-slips"),
    path(
        "t/<slug:slug>/events/<int:event_id>/personal-links.pdf",
        slip_views.event_personal_slips,
        name="print-event-personal-slips",
    ),
    path("t/<slug:slug>/personal-links/email/", slip_views.email_personal_links, name="email-personal-links"),
]
