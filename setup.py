"""Build hook: the wheel carries templates/, static/, locale/ and prompts/ inside the package.

They stay at the checkout's root for development (and for other tools that
expect them there); a built wheel gets a copy under medgraph_web/_data, which
medgraph_web.paths finds when no checkout is around.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
RESOURCES = ("templates", "static", "locale", "prompts")


class BuildWithResources(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads them from the checkout
        target = Path(self.build_lib) / "medgraph_web" / "_data"
        for name in RESOURCES:
            shutil.copytree(ROOT / name, target / name, dirs_exist_ok=True)


setup(cmdclass={"build_py": BuildWithResources})
