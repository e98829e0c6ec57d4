"""Floor 7: the players' pages. A player's next match (table, time, opponent, reporting deadline), results and
links, by a personal link that needs no login or logged in; the secretary's list of links. (The Player model
itself is in tournaments.)"""
