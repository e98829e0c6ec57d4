"""The secretary's pages: a new tournament, its settings and officials, a new event, the entry import, who may
enter an event and its roll call before the draw, merging two records of one player; and every signed-in person's
account page, where an official answers invitations and leaves a tournament."""

from django.urls import path

from tournaments import (
    account_views,
    consent_views,
    eligibility_views,
    entry_views,
    import_views,
    merge_views,
    rollcall_views,
    team_views,
    views,
)

urlpatterns = [
    path("account/", account_views.account, name="account"),
    path("account/invitations/<int:invitation_id>/", account_views.answer_invitation, name="account-invitation"),
    path("account/leave/", account_views.leave, name="account-leave"),
    path("tournaments/new/", views.tournament_create, name="tournament-create"),
    path("players/merge/", merge_views.merge_players, name="players-merge"),
    path("t/<slug:slug>/edit/", views.tournament_edit, name="tournament-edit"),
    path("t/<slug:slug>/officials/", views.tournament_officials, name="tournament-officials"),
    path("t/<slug:slug>/events/new/", views.event_create, name="event-create"),
    path("t/<slug:slug>/events/<int:event_id>/import/", import_views.event_import, name="event-import-page"),
    path("t/<slug:slug>/events/<int:event_id>/entries/new/", entry_views.entry_add, name="entry-add-page"),
    path(
        "t/<slug:slug>/events/<int:event_id>/eligibility/",
        eligibility_views.eligibility_page,
        name="event-eligibility-page",
    ),
    path("t/<slug:slug>/events/<int:event_id>/roll-call/", rollcall_views.roll_call_desk, name="event-roll-call-page"),
    path(
        "t/<slug:slug>/events/<int:event_id>/roll-call/withdraw-absent/",
        rollcall_views.withdraw_absent_page,
        name="event-roll-call-withdraw-page",
    ),
    path("t/<slug:slug>/events/<int:event_id>/teams/new/", team_views.team_add, name="team-add-page"),
    path("t/<slug:slug>/events/<int:event_id>/teams/<int:entry_id>/", team_views.team_edit, name="team-edit-page"),
    path("t/<slug:slug>/events/<int:event_id>/entries/<int:entry_id>/", entry_views.entry_edit, name="entry-edit-page"),
    path(
        "t/<slug:slug>/events/<int:event_id>/entries/<int:entry_id>/withdraw/",
        entry_views.entry_withdraw,
        name="entry-withdraw-page",
    ),
    path(
        "t/<slug:slug>/events/<int:event_id>/entries/<int:entry_id>/reinstate/",
        entry_views.entry_reinstate,
        name="entry-reinstate-page",
    ),
    path("t/<slug:slug>/players/<int:player_id>/privacy/", consent_views.player_privacy, name="player-privacy"),
    path("t/<slug:slug>/players/<int:player_id>/data.json", consent_views.player_data, name="player-data"),
    path("t/<slug:slug>/players/<int:player_id>/erase/", consent_views.player_erase, name="player-erase"),
    path(
        "t/<slug:slug>/events/<int:event_id>/entries/<int:entry_id>/remove/",
        entry_views.entry_remove,
        name="entry-remove-page",
    ),
]
