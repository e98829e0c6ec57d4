"""The API permission matrix as data: for every route under /api/ and every HTTP method it
answers, the roles allowed. Read from the permission code of each view (matches/permissions.py,
tournaments/permissions.py, protests/permissions.py, checkin.services.can_report and the api modules).

Roles: the people of one published tournament and one outsider.
- anonymous: nobody signed in.
- player: a Player linked to the user, playing side A of match M1.
- umpire: an umpire of the tournament who officiates M1 (not M2).
- chief: a chief referee of the tournament.
- secretary: a secretary of the tournament (in the "Secretary" group, so they may create tournaments).
- other_secretary: a secretary of another tournament (also in the "Secretary" group).

"Allowed" means the request gets past the permission checks (any answer but 401, 403 or 404); a service may still
refuse it for the state of the match (400, 409) or by law (protests are never withdrawn: 405, ICF 149)."""

ROLES = ("anonymous", "player", "umpire", "chief", "secretary", "other_secretary")

EVERYONE = frozenset(ROLES)
SIGNED_IN = EVERYONE - {"anonymous"}
SECRETARY = frozenset({"secretary"})
OFFICIALS = frozenset({"chief", "secretary"})  # scoring.permissions.is_official: chief referees and secretaries
UMPIRE_OF_MATCH = frozenset({"umpire", "chief", "secretary"})  # can_score: the match's umpire or an official
STAFF = frozenset({"umpire", "chief", "secretary"})  # tournaments.permissions.is_umpire: umpires and officials
RUNS_TOURNAMENTS = frozenset({"secretary", "other_secretary"})  # can_create_tournament: the "Secretary" group
# protests.permissions.can_read: the tournament's umpires and officials, and the players of the match.
PROTEST_READERS = frozenset({"player", "umpire", "chief", "secretary"})


class Public(frozenset):
    """A stateless engine, the schema, the docs or an authentication endpoint: no tournament data, no login."""


PUBLIC = Public(ROLES)

# (route name, method) -> roles allowed. A route added under /api/ without its rows here fails
# test_every_api_route_is_in_the_matrix.
MATRIX = {
    # ---- stateless engines, schema, docs and authentication: public
    ("rules-api-list", "GET"): PUBLIC,
    ("rules-api-detail", "GET"): PUBLIC,
    ("rules-api-board", "POST"): PUBLIC,
    ("rules-api-game", "POST"): PUBLIC,
    ("rules-api-match", "POST"): PUBLIC,
    ("rules-api-strokes", "POST"): PUBLIC,
    ("draw_engine:swiss", "POST"): PUBLIC,
    ("draw_engine:standings", "POST"): PUBLIC,
    ("draw_engine:round-robin", "POST"): PUBLIC,
    ("draw_engine:knockout", "POST"): PUBLIC,
    ("api-root", "GET"): PUBLIC,
    ("schema", "GET"): PUBLIC,
    ("api-docs", "GET"): PUBLIC,
    ("rest_framework:login", "GET"): PUBLIC,
    ("rest_framework:login", "POST"): PUBLIC,
    ("rest_framework:login", "PUT"): PUBLIC,
    ("rest_framework:logout", "POST"): PUBLIC,
    ("api-token", "POST"): PUBLIC,
    # ---- tournaments, players, clubs (tournaments.api): anyone reads; the tournament's secretaries write it.
    # Players and clubs are shared by every tournament: whoever runs tournaments adds one, but only a secretary of
    # a tournament the player (a club's players) is entered in, or the club hosts, changes or deletes it
    # (tournaments.permissions.can_change_player, can_change_club). The player read here is entered in the
    # published tournament; tests/tournaments/test_player_access.py reads the others and the dates of birth.
    ("tournament-list", "GET"): EVERYONE,
    ("tournament-list", "POST"): RUNS_TOURNAMENTS,
    ("tournament-detail", "GET"): EVERYONE,
    ("tournament-detail", "PUT"): SECRETARY,
    ("tournament-detail", "PATCH"): SECRETARY,
    ("tournament-detail", "DELETE"): SECRETARY,
    ("player-list", "GET"): EVERYONE,
    ("player-list", "POST"): RUNS_TOURNAMENTS,
    ("player-detail", "GET"): EVERYONE,
    ("player-detail", "PUT"): SECRETARY,
    ("player-detail", "PATCH"): SECRETARY,
    ("player-detail", "DELETE"): SECRETARY,
    # Merging two records of one person (tournaments.permissions.can_merge_players): staff, or a secretary of every
    # tournament either record is entered in (here the spare player, entered nowhere, into the player).
    ("player-merge", "POST"): SECRETARY,
    # A player's data on request, and their erasure: secretaries of a tournament the player is entered in
    # (tournaments.consent).
    ("player-data", "GET"): SECRETARY,
    ("player-erase", "POST"): SECRETARY,
    ("club-list", "GET"): EVERYONE,
    ("club-list", "POST"): RUNS_TOURNAMENTS,
    ("club-detail", "GET"): EVERYONE,
    ("club-detail", "PUT"): SECRETARY,
    ("club-detail", "PATCH"): SECRETARY,
    ("club-detail", "DELETE"): SECRETARY,
    ("event-list", "GET"): EVERYONE,
    ("event-list", "POST"): SECRETARY,
    ("event-detail", "GET"): EVERYONE,
    ("event-detail", "PUT"): SECRETARY,
    ("event-detail", "PATCH"): SECRETARY,
    ("event-detail", "DELETE"): SECRETARY,
    ("entry-list", "GET"): EVERYONE,
    ("entry-list", "POST"): SECRETARY,
    ("entry-detail", "GET"): EVERYONE,
    ("entry-detail", "PUT"): SECRETARY,
    ("entry-detail", "PATCH"): SECRETARY,
    ("entry-detail", "DELETE"): SECRETARY,
    ("entry-withdraw", "POST"): SECRETARY,
    ("entry-reinstate", "POST"): SECRETARY,
    ("event-import", "POST"): SECRETARY,
    # Teams and ties (tournaments.team_api, matches.ties.api): this world's event is singles and M1 no tie, so
    # both answer 404 to everyone; tests/matches/ties reads their rights in a team event.
    ("api-event-teams", "GET"): frozenset(),
    ("api-event-teams", "POST"): frozenset(),
    ("api-event-team", "GET"): frozenset(),
    ("api-event-team", "PUT"): frozenset(),
    ("api-match-tie", "GET"): frozenset(),
    ("api-match-line-up", "PUT"): frozenset(),
    # The event's prize rules (prizes.api): anyone reads them, its secretaries replace them; the prize list itself
    # is read by anyone who sees the tournament.
    ("api-event-prize-categories", "GET"): EVERYONE,
    ("api-event-prize-categories", "PUT"): SECRETARY,
    ("api-event-prizes", "GET"): EVERYONE,
    # Who may enter an event and its roll call before the draw (tournaments.eligibility_api, rollcall_api): its
    # secretaries only, reading too (the exceptions' reasons and who is here are theirs).
    ("api-event-eligibility", "GET"): SECRETARY,
    ("api-event-eligibility", "PUT"): SECRETARY,
    ("api-event-eligibility-exceptions", "POST"): SECRETARY,
    ("api-event-roll-call", "GET"): SECRETARY,
    ("api-event-roll-call", "POST"): SECRETARY,
    ("api-event-roll-call-withdraw", "POST"): SECRETARY,
    # The event's entries window (registration.api): anyone reads it (the sign-ups and their addresses go to its
    # secretaries only), its secretaries change it.
    ("api-event-registration", "GET"): EVERYONE,
    ("api-event-registration", "PUT"): SECRETARY,
    # The public sign-up form's API (registration.api): anyone, no log-in, rate-limited like the form.
    ("api-event-sign-up", "POST"): EVERYONE,
    # The officials (tournaments.officials): its secretaries only, reading too; they invite, never appoint.
    ("api-officials", "GET"): SECRETARY,
    ("api-officials", "POST"): SECRETARY,
    ("api-officials", "DELETE"): SECRETARY,
    # The federations (federations.api): the tournament's secretaries only, reading too (the delegates' links);
    # a delegate's entries by the delegation's token, which is the key: anyone holding it, no log-in.
    ("api-federations", "GET"): SECRETARY,
    ("api-federations", "POST"): SECRETARY,
    ("api-federation-entries", "GET"): EVERYONE,
    ("api-federation-entries", "POST"): EVERYONE,
    # Entry fees (federations.api): the tournament's secretaries only, reading too.
    ("api-entry-fees", "GET"): SECRETARY,
    ("api-entry-fees", "PUT"): SECRETARY,
    ("api-entry-fee", "PUT"): SECRETARY,
    # The webhook (webhooks.api): the tournament's secretaries only, reading too (its secret signs the deliveries).
    ("api-webhook", "GET"): SECRETARY,
    ("api-webhook", "PUT"): SECRETARY,
    ("api-webhook-secret", "POST"): SECRETARY,
    ("api-webhook-ping", "POST"): SECRETARY,
    ("api-webhook-deliveries", "GET"): SECRETARY,
    ("api-webhook-retry", "POST"): SECRETARY,
    # One's own invitations and appointments (tournaments.account_api): anyone signed in, each their own. The
    # world's invitation is the player's: anyone else is told it does not exist. Leaving a role one does not hold
    # is a 400, past the permission check.
    ("api-account-invitations", "GET"): SIGNED_IN,
    ("api-account-invitation", "POST"): frozenset({"player"}),
    ("api-account-appointments", "GET"): SIGNED_IN,
    ("api-account-appointments", "DELETE"): SIGNED_IN,
    # ---- exports (printing.export_api): CSV and XLSX files for whoever may see the tournament
    **{
        (f"api-{document}-{fmt}", "GET"): EVERYONE
        for document in ("entries", "event-results", "stage-results", "stage-standings")
        for fmt in ("csv", "xlsx")
    },
    # ---- stages, rounds and the matches list (stages.api): secretaries write, results included
    ("api-event-stage-list", "GET"): EVERYONE,
    ("api-event-stage-list", "POST"): SECRETARY,
    ("api-stage-list", "GET"): EVERYONE,
    ("api-stage-detail", "GET"): EVERYONE,
    ("api-stage-detail", "PUT"): SECRETARY,
    ("api-stage-detail", "PATCH"): SECRETARY,
    ("api-stage-detail", "DELETE"): SECRETARY,
    ("api-stage-bracket", "GET"): EVERYONE,
    ("api-stage-standings", "GET"): EVERYONE,
    ("api-stage-draw", "POST"): SECRETARY,
    ("api-stage-pair-next-round", "POST"): SECRETARY,
    ("api-stage-publish", "POST"): SECRETARY,
    ("api-stage-finish", "POST"): SECRETARY,
    ("api-stage-delete-last-round", "POST"): SECRETARY,
    ("api-stage-round-list", "GET"): EVERYONE,
    ("api-stage-round-detail", "GET"): EVERYONE,
    ("api-stage-round-publish", "POST"): SECRETARY,
    ("api-match-list", "GET"): EVERYONE,
    ("api-match-detail", "GET"): EVERYONE,
    ("api-match-swap", "POST"): SECRETARY,
    ("api-match-result", "POST"): SECRETARY,
    ("api-match-walkover", "POST"): SECRETARY,
    ("api-round-results", "POST"): SECRETARY,  # the desk's grid: a round's results at once
    # ---- the score card of M1 (scoring.api): its umpire and the officials write, everyone reads
    ("api-match-scorecard", "GET"): EVERYONE,
    ("api-match-history", "GET"): EVERYONE,
    ("api-match-boards", "POST"): UMPIRE_OF_MATCH,
    ("api-match-transition", "POST"): UMPIRE_OF_MATCH,
    ("api-match-confirm", "POST"): UMPIRE_OF_MATCH,
    ("api-match-toss", "POST"): UMPIRE_OF_MATCH,
    ("api-match-game-entry", "POST"): UMPIRE_OF_MATCH,
    ("api-match-replay", "POST"): OFFICIALS,  # after a protest decision (ICF 151)
    # ---- scheduling and round clocks (scheduling.api): secretaries write, everyone reads
    ("api-venue", "GET"): EVERYONE,
    ("api-venue", "PUT"): SECRETARY,
    ("api-round-schedule", "GET"): EVERYONE,
    ("api-round-schedule", "POST"): SECRETARY,
    ("api-stage-schedule", "POST"): SECRETARY,
    ("api-round-call", "POST"): SECRETARY,
    ("api-round-clock", "GET"): EVERYONE,
    ("api-round-clock", "POST"): SECRETARY,
    ("api-match-move", "POST"): SECRETARY,
    ("api-match-umpire", "POST"): SECRETARY,
    # ---- check-in and forfeits (checkin.api; ICF 143(i))
    ("match-report-api", "POST"): UMPIRE_OF_MATCH,
    ("match-cancel-forfeit-api", "POST"): OFFICIALS,
    ("match-withdrawal-api", "POST"): OFFICIALS,
    ("match-undo-report-api", "POST"): UMPIRE_OF_MATCH,  # a report taken back (a player's own check-in too)
    ("round-checkin-api", "GET"): STAFF,
    ("match-absent-api", "POST"): UMPIRE_OF_MATCH,  # someone on the spot says a side is absent
    ("round-cancel-forfeits-api", "POST"): OFFICIALS,  # a round's lateness forfeits undone in one step
    # ---- the referee's desk on M1 (conduct.api; ICF 138, 139, 143): the match's umpire or a chief referee
    ("api-match-conduct", "GET"): UMPIRE_OF_MATCH,
    ("api-match-conduct-warnings", "POST"): UMPIRE_OF_MATCH,
    ("api-match-conduct-losses", "POST"): UMPIRE_OF_MATCH,
    ("api-match-conduct-concessions", "POST"): UMPIRE_OF_MATCH,
    ("api-match-conduct-back", "POST"): UMPIRE_OF_MATCH,
    ("api-disciplinary-record", "GET"): OFFICIALS,
    # ---- players' schedules (players.api): read-only; the personal link's token is the key
    ("player-schedule-api", "GET"): EVERYONE,
    ("personal-schedule-api", "GET"): EVERYONE,
    # The players' links (players.link_api): the tournament's secretaries read and revoke them.
    ("api-match-links", "GET"): SECRETARY,
    ("api-match-links-revoke", "POST"): SECRETARY,
    ("api-personal-link", "GET"): SECRETARY,
    ("api-personal-link-revoke", "POST"): SECRETARY,
    # The personal links on paper and by e-mail (printing.slips_api): the tournament's secretaries.
    ("api-personal-slips", "GET"): SECRETARY,
    ("api-event-personal-slips", "GET"): SECRETARY,
    ("api-email-personal-links", "POST"): SECRETARY,
    # ---- protests on M1 (protests.api; ICF 144-151)
    ("protest-list-api", "GET"): SIGNED_IN,  # each sees the protests they may read; an outsider an empty list
    ("protest-list-api", "POST"): UMPIRE_OF_MATCH,  # ICF 145: logged by the match's umpire or an official
    ("protest-ledger-api", "GET"): OFFICIALS,
    ("protest-fee-settings-api", "GET"): STAFF,
    ("protest-fee-settings-api", "PUT"): SECRETARY,
    ("protest-detail-api", "GET"): PROTEST_READERS,
    ("protest-detail-api", "DELETE"): PROTEST_READERS,  # readers get 405 (ICF 149), the others 404
    ("protest-photos-api", "GET"): STAFF,  # photos for the officials and umpires only; players get 404
    ("protest-photos-api", "POST"): UMPIRE_OF_MATCH,  # ICF 144: through the umpire or the chief referee
    ("protest-photo-file-api", "GET"): STAFF,
    ("protest-written-api", "POST"): UMPIRE_OF_MATCH,  # ICF 144: through the umpire or the chief referee
    ("protest-decision-api", "POST"): OFFICIALS,  # ICF 151: never the umpire of the match
    # ---- SoL files (sol.api): a visible tournament's export for anyone; imports by whoever runs tournaments, each
    # seeing only their own imports (the world's import job is the secretary's)
    ("api-sol-export", "GET"): EVERYONE,
    ("api-sol-import", "POST"): RUNS_TOURNAMENTS,
    ("api-sol-import-status", "GET"): SECRETARY,
    # ---- championships (championships.api): read by anyone
    ("championship-list", "GET"): EVERYONE,
    ("championship-detail", "GET"): EVERYONE,
    ("championship-ranking", "GET"): EVERYONE,
    # ---- ratings (ratings.api): read by anyone (DRF's default, IsAuthenticatedOrReadOnly); kept in the admin or
    # imported from SoL, never written through the API
    ("rating-list", "GET"): EVERYONE,
    ("rating-detail", "GET"): EVERYONE,
    ("rating-ranking", "GET"): EVERYONE,
}

# The endpoints that change the result of a match (or its score card): a player of the match is refused on every
# one of them in a match with an umpire ("a player never changes a result").
RESULT_CHANGING = (
    "api-match-boards",
    "api-match-result",
    "api-match-walkover",
    "api-round-results",
    "api-match-confirm",
    "api-match-transition",
    "api-match-replay",
    "api-match-game-entry",
    "api-match-toss",
    "api-match-conduct-losses",
    "api-match-conduct-concessions",
)
