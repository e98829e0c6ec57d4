"""The measure itself: a block that holds 200 MiB is seen to, one that holds nothing is not."""

from tests.hostile.bounds import MAX_GROWTH_BYTES, measured


def test_a_block_that_grows_the_process_is_measured():
    with measured() as cost:
        ballast = bytearray(200 * 2**20)
        ballast[::4096] = b"x" * len(ballast[::4096])  # touch every page, so that it is resident
        del ballast
    assert cost.peak_growth > MAX_GROWTH_BYTES
    assert not cost.within_bounds()


def test_a_block_that_holds_little_is_within_bounds():
    with measured() as cost:
        sum(range(1000))
    assert cost.peak_growth < 20 * 2**20
    assert cost.within_bounds()
