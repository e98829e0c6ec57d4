"""When and where, in the `matches` wing above the score card: the venue and its carrom boards (tables), the
plain-Python schedule engine, the round page, calling a round, moving a match, assigning umpires, and the round
clock (ECC 39-41: the bells)."""
