"""Every rate of the real SoL history (see real_history) after recompute_ratings, against SoL 5.26's own
recompute of the same file. The file's rates are not SoL 5.26's (SoL recomputes them when it restores a backup),
so SoL itself computes the expected ones: in a throwaway virtualenv this test builds from the sdist, restoring
the backup into a SQLite database and recomputing every rating from scratch, lowest level first, as
recompute_ratings does. Minutes, not seconds: it runs only with SOL_REFERENCE=1 in the environment."""

import json
import os
import subprocess
import venv
from decimal import Decimal

import pytest

from history.ratings.models import Rate
from history.ratings.services import recompute_all
from history.sol.importing import import_file
from tests.history.sol.real_history import CACHE, SDIST, sol_history_zip

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(not os.environ.get("SOL_REFERENCE"), reason="builds SoL 5.26 in a virtualenv: SOL_REFERENCE=1"),
]

# Run by SoL's own Python: restore the backup, recompute every rating from scratch, print every rate.
SOL_SCRIPT = """
import json, sys
from io import BytesIO
from metapensiero.sqlalchemy.proxy.json import register_json_decoder_encoder
from sqlalchemy import create_engine, select
from sqlalchemy.orm import Session
from sol.models import Base, Rating
from sol.models.bio import restore
from sol.views import json_decode, json_encode

register_json_decoder_encoder(json_decode, json_encode)
engine = create_engine("sqlite:///" + sys.argv[2])
Base.metadata.create_all(engine)
with Session(engine) as session:
    restore(session, content=BytesIO(open(sys.argv[1], "rb").read()))
    session.commit()
    for rating in session.scalars(select(Rating).order_by(Rating.level, Rating.idrating)).unique():
        rating.recompute(scratch=True)
        session.flush()
    session.commit()
with Session(engine) as session:
    rates = [
        [r.rating.guid, r.player.guid, str(r.date), r.rate, r.deviation, str(r.volatility)]
        for rating in session.scalars(select(Rating)).unique() for r in rating.rates
    ]
print(json.dumps(rates))
"""


def sol_python():
    environment = CACHE / "venv"
    python = environment / "bin" / "python"
    if not python.exists():
        venv.create(environment, with_pip=True)
        subprocess.run([python, "-m", "pip", "install", "-q", CACHE / SDIST], check=True, timeout=900)
    return python


def test_every_rate_after_recompute_ratings_is_sols(tmp_path):
    backup = sol_history_zip()
    (tmp_path / "history.zip").write_bytes(backup)
    script = tmp_path / "sol_rates.py"
    script.write_text(SOL_SCRIPT)
    done = subprocess.run(
        [sol_python(), script, tmp_path / "history.zip", tmp_path / "sol.sqlite"],
        check=True, capture_output=True, text=True, timeout=1800,
    )  # fmt: skip
    expected = {(r, p, d): (rate, dev, Decimal(v)) for r, p, d, rate, dev, v in json.loads(done.stdout)}
    import_file(backup, "2018-07-10.zip")
    recompute_all()
    rows = Rate.objects.values_list("rating__guid", "player__guid", "date", "rate", "deviation", "volatility")
    ours = {(r, p, str(d)): (rate, dev, Decimal(v)) for r, p, d, rate, dev, v in rows}
    wrong = {key: (expected.get(key), ours.get(key)) for key in expected.keys() | ours.keys()}
    assert {key: pair for key, pair in wrong.items() if pair[0] != pair[1]} == {}
    assert len(ours) == 6128
