"""The players' pages, above the match-day apps and protests. A player's next match (table, time, opponent,
reporting deadline), results and links, by a personal link that needs no login or logged in; the secretary's list
of links. The players' links themselves (players.links: signed, revocable) and the self-umpired card the two sides
of a match keep through their match links (players.card_services, card_views). (The Player model itself is in
tournaments.)"""
