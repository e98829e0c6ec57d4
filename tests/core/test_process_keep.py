"""What a worker keeps between requests (core.process_keep): bounded, the value used longest ago dropped first."""

from core.process_keep import ProcessKeep


def test_the_value_used_longest_ago_goes_first():
    keep = ProcessKeep(2)
    keep.put("round 10", "tally 10")
    keep.put("round 11", "tally 11")
    assert keep.get("round 10") == "tally 10"  # read: now the last used
    keep.put("round 11 again", "tally 11'")
    assert keep.get("round 11") is None
    assert keep.get("round 10") == "tally 10"
    assert keep.get("round 11 again") == "tally 11'"


def test_a_value_written_again_replaces_the_old_one():
    keep = ProcessKeep(2)
    keep.put("a", 1)
    keep.put("a", 2)
    assert keep.get("a") == 2
    assert len(keep.values) == 1
    assert keep.get("missing", "default") == "default"
