"""Regenerate the derived data files from the raw extracts.

    .venv/bin/python -m memory.lexicon.build [--lexicons ../shared/lexicons]

Writes data/drugs_extra.tsv, data/diseases_extra.tsv (cmekg-derived, checked
against the curated tables and drug-named-entity-recognition) and
data/jieba_medical.txt (THUOCL medical + every Chinese name of the lexicon).
The curated tables (drugs.tsv, classes.tsv, diseases.tsv, tests.tsv) are
hand-edited and never written here.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from memory.lexicon._build_cmekg import write_cmekg_tables
from memory.lexicon._build_jieba import write_userdict
from memory.lexicon._load import DATA_DIR

DEFAULT_LEXICONS = Path(__file__).resolve().parents[2].parent / "shared" / "lexicons"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lexicons", type=Path, default=DEFAULT_LEXICONS)
    parser.add_argument("--skip-cmekg", action="store_true")
    args = parser.parse_args(argv)
    if not args.skip_cmekg:
        for name, count in write_cmekg_tables(args.lexicons / "cmekg-zh", DATA_DIR).items():
            print(f"{name}: {count} rows")
    count = write_userdict(
        args.lexicons / "thuocl" / "THUOCL_medical.txt", DATA_DIR / "jieba_medical.txt"
    )
    print(f"jieba_medical.txt: {count} words")


if __name__ == "__main__":
    main()
