"""The typed views' shared base (kroeg.games.view, docs/game-interface.md "Views"): what
every game's view class inherits, checked on real views of each game."""

from __future__ import annotations

import pickle

import msgspec
import pytest

from kroeg.games.eurokaarten import Eurokaarten
from kroeg.games.eurokaarten.view import EuroView
from kroeg.games.klaverjassen import Klaverjassen
from kroeg.games.klaverjassen.view import KlaverjasView
from kroeg.games.toepen import Toepen
from kroeg.games.view import UNSET, View


def test_of_gives_a_view_back_as_its_games_class_and_refuses_another_games() -> None:
    game = Klaverjassen("nku")
    view: View = game.view(game.new_state(4, dealer=0), 1)
    assert KlaverjasView.of(view) is view
    with pytest.raises(TypeError, match="EuroView was expected, not a KlaverjasView"):
        EuroView.of(view)


def test_seat_is_the_seats_own_and_a_spectator_has_none() -> None:
    game = Toepen("kroegregels")
    s = game.new_state(4, dealer=0)
    assert game.view(s, 2).seat == 2
    with pytest.raises(ValueError, match="spectator"):
        _ = game.view(s, None).seat


def test_a_view_is_frozen_and_pickles_whole_for_the_house_pool() -> None:
    game = Eurokaarten("standaard")
    view = game.view(game.new_state(6, seed=3), 0)
    with pytest.raises(AttributeError):
        view.phase = "over"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(view)) == view


def test_a_field_the_options_lack_is_unset_and_left_out_of_the_json() -> None:
    """RULES.md §6.10: ``show_last_trick`` off (NKU), there is no ``last_trick`` key;
    without gedraaid or kraken none of their keys either."""
    game = Klaverjassen("nku")
    view = game.view(game.new_state(4, dealer=0), None)
    assert view.last_trick is UNSET and view.calls is UNSET and view.proposed is UNSET
    encoded = msgspec.json.decode(msgspec.json.encode(view))
    assert not {"last_trick", "calls", "factor", "proposed", "turned", "hands"} & set(encoded)
    shown = Klaverjassen("nku", {"show_last_trick": True}).view(game.new_state(4, dealer=0), 0)
    assert shown.last_trick is None and "last_trick" in shown.json()
