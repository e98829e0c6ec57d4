"""The secretary's pages: a new tournament, its settings and officials, a new event, the entry import; and every
signed-in person's account page, where an official answers invitations and leaves a tournament."""

from django.urls import path

from tournaments import account_views, entry_views, import_views, views

urlpatterns = [
    path("account/", account_views.account, name="account"),
    path("account/invitations/<int:invitation_id>/", account_views.answer_invitation, name="account-invitation"),
    path("account/leave/", account_views.leave, name="account-leave"),
    path("tournaments/new/", views.tournament_create, name="tournament-create"),
    path("t/<slug:slug>/edit/", views.tournament_edit, name="tournament-edit"),
    path("t/<slug:slug>/officials/", views.tournament_officials, name="tournament-officials"),
    path("t/<slug:slug>/events/new/", views.event_create, name="event-create"),
    path("t/<slug:slug>/events/<int:event_id>/import/", import_views.event_import, name="event-import-page"),
    path("t/<slug:slug>/events/<int:event_id>/entries/new/", entry_views.entry_add, name="entry-add-page"),
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
    path(
        "t/<slug:slug>/events/<int:event_id>/entries/<int:entry_id>/remove/",
        entry_views.entry_remove,
        name="entry-remove-page",
    ),
]
