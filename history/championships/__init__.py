"""Championships, in the `history` wing: series of a club's or federation's tournaments, SoL's prize schemes and
the championship ranking. See README.md beside this file."""
