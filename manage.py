#!/usr/bin/env python
"""`python manage.py X` is `medgraph X` (same defaults, same one-line errors)."""

from __future__ import annotations

from medgraph_web.cli import main

if __name__ == "__main__":
    main()
