"""A board kept stroke by stroke on the score card: the umpire records each stroke as he sees it, the rules'
stroke engine (rules.strokes) says what follows, and when it says the board is over the board is entered on the card
through the score card's own path (matches.scoring.scorecard.add_board), so standings follow as for any board."""
