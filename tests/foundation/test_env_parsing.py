from __future__ import annotations

import pytest

from medgraph_web.env import EnvError, env_bool, env_int, env_list, env_str, env_url


def test_boolean_typo_is_rejected_with_the_variable_named():
    with pytest.raises(EnvError, match="DEBUG='ture'"):
        env_bool("DEBUG", False, environ={"DEBUG": "ture"})


def test_boolean_accepts_common_spellings():
    assert env_bool("X", False, environ={"X": "Yes"}) is True


def test_missing_required_string_names_the_variable():
    with pytest.raises(EnvError, match="SECRET_KEY is required"):
        env_str("SECRET_KEY", environ={})


def test_integer_below_minimum_is_rejected():
    with pytest.raises(EnvError, match="below the minimum"):
        env_int("N", 3, minimum=1, environ={"N": "0"})


def test_url_with_wrong_scheme_is_rejected():
    with pytest.raises(EnvError, match="DATABASE_URL has scheme 'mysql'"):
        env_url(
            "DATABASE_URL", ("postgres", "postgresql"), environ={"DATABASE_URL": "mysql://h/db"}
        )


def test_list_splits_and_trims():
    assert env_list("H", [], environ={"H": " a.example , b.example ,"}) == [
        "a.example",
        "b.example",
    ]
