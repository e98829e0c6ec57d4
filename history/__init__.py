"""What a federation keeps across its tournaments: the ratings (`ratings`), the championships (`championships`), the
SoL files it exchanges with other federations (`sol`) and the public archive of past tournaments (`archive`).

Each is an app of its own (its label is its folder's name); this folder only groups them."""
