"""Floor 4: when and where. The venue and its carrom boards (tables), the plain-Python schedule engine, the round
page, calling a round, moving a match, assigning umpires, and the round clock (ECC 39-41: the bells)."""
