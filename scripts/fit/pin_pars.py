"""Pin the pars of today's version of par's players beside the older ones.

    .venv/bin/python -m scripts.fit.pin_pars          # add bela.daily.PAR_VERSION's pars
    .venv/bin/python -m scripts.fit.pin_pars --check  # exit 1 if any pinned hand lacks them

tests/data/daily_pinned.json keeps each pinned day's deals and, by version of par's players
(bela.daily.PAR_VERSION), the par of each hand. After a change to the hard player's decisions,
raise PAR_VERSION and run this: it plays each pinned hand with four hard players and adds the
new version's par, leaving every older version's untouched (a day already played keeps the
par it was scored against).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bela.daily import PAR_VERSION, daily_seed, par

ROOT = Path(__file__).resolve().parents[2]


PINNED = ROOT / "tests" / "data" / "daily_pinned.json"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--check", action="store_true", help="only say whether every pinned hand has them")
    args = p.parse_args(argv)
    data = json.loads(PINNED.read_text(encoding="utf-8"))
    version = str(PAR_VERSION)
    missing = [
        (d["date"], h) for d in data["days"] for h in d["hands"] if "pars" in h and version not in h["pars"]
    ]
    if args.check:
        for date, h in missing:
            print(f"{date} hand {h['number']}: no par of version {version}")
        return 1 if missing else 0
    for date, h in missing:
        h["pars"][version] = par(daily_seed(date), h["number"]).to_json()
        print(f"{date} hand {h['number']}: NS {h['pars'][version]['NS']}, EW {h['pars'][version]['EW']}")
    PINNED.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(missing)} pars of version {version} pinned in {PINNED.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
