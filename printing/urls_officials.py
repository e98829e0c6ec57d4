"""Score cards for the umpires (ICF XIX): a round's, a match's, blank ones for an event (PDF)."""

from django.urls import path

from printing import privacy_views, slip_views, tie_views, views

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
    # A team event's round: the team score sheets and the captains' line-up slips.
    path("t/<slug:slug>/rounds/<int:round_id>/team-sheets.pdf", tie_views.round_team_sheets, name="print-team-sheets"),
    path(
        "t/<slug:slug>/rounds/<int:round_id>/line-up-slips.pdf",
        tie_views.round_line_up_slips,
        name="print-line-up-slips",
    ),
    # A player's data on request (secretaries): the PDF beside the JSON of tournaments.consent_views.
    path("t/<slug:slug>/players/<int:player_id>/data.pdf", privacy_views.player_data_pdf, name="print-player-data"),
    # The players' personal links: cut-out slips, and e-mailed (secretaries).
    path("t/<slug:slug>/personal-links.pdf", slip_views.personal_slips, name="print-personal-slips"),
    path(
        "t/<slug:slug>/events/<int:event_id>/personal-links.pdf",
        slip_views.event_personal_slips,
        name="print-event-personal-slips",
    ),
    path("t/<slug:slug>/personal-links/email/", slip_views.email_personal_links, name="email-personal-links"),
]
