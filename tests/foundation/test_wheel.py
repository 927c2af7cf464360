"""The built wheel runs on its own: resources inside the package, no checkout needed.

The wheel is installed into a fresh virtualenv; its dependencies come from the
test run's environment through a path entry (no network, and the wheel's own
package shadows any other copy of MedGraph).
"""

from __future__ import annotations

import os
import site
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from medgraph_web import __version__
from medgraph_web.paths import RESOURCE_NAMES

ROOT = Path(__file__).resolve().parents[2]
CHECK = """
import django, os
from pathlib import Path
django.setup()
import medgraph_web
from django.contrib.staticfiles import finders
from django.template.loader import get_template
from memory.llm.prompts import load_prompt
root = Path(os.environ["VENV"]).resolve()
assert Path(medgraph_web.__file__).resolve().is_relative_to(root), medgraph_web.__file__
assert Path(get_template("base.html").origin.name).resolve().is_relative_to(root)
assert Path(finders.find("css/medgraph.css")).resolve().is_relative_to(root)
assert load_prompt("extract", "v1", "zh").text
print("ok")
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(out), str(ROOT)],
        check=True, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    return next(out.glob("medgraph-*.whl"))


@pytest.fixture(scope="module")
def venv(wheel, tmp_path_factory) -> Path:
    env_dir = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env_dir)], check=True)
    python = env_dir / "bin" / "python"
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
         str(wheel)],
        check=True, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()  # fmt: skip
    deps = {sysconfig.get_paths()["purelib"], *site.getsitepackages()}
    Path(purelib, "test-dependencies.pth").write_text("\n".join(sorted(deps)) + "\n")
    return env_dir


def test_wheel_carries_templates_static_locale_and_prompts(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    for resource in RESOURCE_NAMES:
        assert any(n.startswith(f"medgraph_web/_data/{resource}/") for n in names), resource


def test_installed_wheel_reports_its_version(venv, tmp_path):
    out = subprocess.run(
        [str(venv / "bin" / "medgraph"), "--version"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert out.stdout.strip() == f"medgraph {__version__}", out.stderr


def test_installed_wheel_finds_its_own_resources(venv, tmp_path):
    env = {
        **{k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
        "DJANGO_SETTINGS_MODULE": "medgraph_web.settings",
        "SECRET_KEY": "wheel-test-" + "x" * 40,
        "MEDGRAPH_VAR_DIR": str(tmp_path / "var"),
        "VENV": str(venv),
    }
    out = subprocess.run(
        [str(venv / "bin" / "python"), "-c", CHECK],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert out.stdout.strip() == "ok", out.stderr[-3000:]
