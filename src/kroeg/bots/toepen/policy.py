"""The learned knock / stay / fold / laundry policy of Toepen's ``sterk`` (and ``meester``).

A decision is mapped to an *information set of the abstraction* (:func:`decision`):

- the node: ``open`` (the seat may knock, and on its turn fold, with no knock
  pending), ``answer`` (a knock is to be answered: stay, fold, perhaps knock again),
  ``laundry`` (claim vuile was or not), ``challenge`` (challenge a claim or not);
- the hand-strength bucket: the phase of the deal and the bucket of
  :func:`.strength.win_estimate` (laundry: whether the claim would be honest; a
  challenge: how many B/V/H/A the seat holds itself, which the claimer then lacks);
- the stake (capped at 4), the seat's points (how far from ``max_points``), how many
  players are left in the deal, the position (seats still to play to the trick after
  the seat, or ``d`` once it has played) and which of the actions are legal.

The strategy of every information set was learned by self-play with Monte Carlo
counterfactual regret minimisation (:mod:`.training`, ``tools/train_toepen_cfr.py``)
and ships in ``cfr_policy.json``; the bot draws its action from that mixed strategy,
so it bluffs (knocks on a weak bucket) at the learned rate. An information set the
training never met has no entry: the caller's rule decides.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources

from kroeg.games.base import Action
from kroeg.games.toepen.claims import honest_laundry
from kroeg.games.toepen.tables import FACE_MASK
from kroeg.games.toepen.view import ToepenView

from .knowledge import Seen
from .strength import bucket, phase, win_estimate

POLICY_FILE = "cfr_policy.json"

POLICY_VERBS = frozenset({"knock", "fold", "laundry", "challenge"})
"""The verbs the policy decides (outside armoede, where ``fold`` is the look decision's)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the abstraction: its information set and its actions."""

    key: str
    labels: tuple[str, ...]
    actions: tuple[Action, ...]
    """``actions[i]`` is what ``labels[i]`` does; ``pass`` is ``()`` (the caller plays on)."""
    default: int
    """The label a rule picks where the policy never learned the information set:
    pass, stay when the estimate beats 1/stake (folding costs stake - 1, staying stake
    only when the deal is lost), an honest laundry claim, no challenge."""


Pick = Callable[[Decision], int]
"""Which label of a decision to take (the learned draw, or the trainer's)."""


def _points_bucket(view: ToepenView, me: int) -> int:
    distance = int(view.max_points) - int(view.points[me])
    return 0 if distance >= 6 else 1 if distance >= 3 else 2


def _position(seen: Seen) -> str:
    if seen.me in seen.trick_seats:
        return "d"
    played = set(seen.trick_seats)
    later = sum(
        1 for p in range(seen.n) if seen.active >> p & 1 and p != seen.me and p not in played
    )
    return str(min(2, later))


def decision(view: ToepenView, seen: Seen, legal: list[Action]) -> Decision | None:
    """The abstraction's decision in this view, or None when the policy has no say
    (no knock, answer, laundry claim or challenge among ``legal``)."""
    verbs = {a[0]: a for a in legal}
    if "challenge" in verbs:
        faces = (seen.hand & FACE_MASK).bit_count()
        return Decision(f"challenge|f{faces}", ("pass", "challenge"), ((), verbs["challenge"]), 0)
    if "laundry" in verbs:
        honest = honest_laundry(seen.hand, bool(view.options["white_laundry"]))
        q = bucket(win_estimate(seen))
        return Decision(
            f"laundry|{'h' if honest else 'd'}{q}",
            ("pass", "laundry"),
            ((), verbs["laundry"]),
            1 if honest else 0,
        )
    estimate = win_estimate(seen)
    if "stay" in verbs:
        node = "answer"
        labels: tuple[str, ...] = ("stay", "fold")
        default = 0 if estimate > 1 / max(2, seen.stake) else 1
        if "knock" in verbs:
            labels += ("knock",)
    elif "knock" in verbs:
        node = "open"
        labels = ("pass", "knock")
        default = 0
        if "fold" in verbs:
            labels += ("fold",)
    else:
        return None
    players = min(4, seen.active.bit_count())
    key = (
        f"{node}|{phase(seen)}{bucket(estimate)}|s{min(4, seen.stake)}"
        f"|p{_points_bucket(view, seen.me)}|n{players}|o{_position(seen)}|{','.join(labels)}"
    )
    actions = tuple(() if label == "pass" else verbs[label] for label in labels)
    return Decision(key, labels, actions, default)


def decide(view: ToepenView, seen: Seen, legal: list[Action], pick: Pick) -> Action | None:
    """The policy's action in this view, or None: nothing to say, or every decision
    passed (on its turn the seat then plays a card; out of turn it does nothing).
    A passed laundry claim or challenge leaves the knock decision to follow."""
    remaining = list(legal)
    while True:
        d = decision(view, seen, remaining)
        if d is None:
            return None
        action = d.actions[pick(d)]
        if action:
            return action
        taken = set(d.actions)
        remaining = [a for a in remaining if a not in taken]


@cache
def learned() -> dict[str, list[float]]:
    """The shipped strategy: information set -> probability of each label."""
    text = resources.files("kroeg.bots.toepen").joinpath(POLICY_FILE).read_text("utf-8")
    table: dict[str, list[float]] = json.loads(text)["strategy"]
    return table


def draw(probabilities: list[float], rng: random.Random) -> int:
    """An index drawn with the given probabilities."""
    x = rng.random() * sum(probabilities)
    for i, p in enumerate(probabilities):
        x -= p
        if x < 0:
            return i
    return len(probabilities) - 1


def _own_cards(view: ToepenView) -> list[str]:
    """The seat's cards of this deal: in hand and played by it."""
    me = view.you
    played = [p.card for t in [*view.tricks, view.trick] for p in t if p.seat == me]
    return sorted([*(view.hand or ()), *played])


def hashed_pick(view: ToepenView, secret: str = "") -> Pick:
    """Draw from the learned strategy with a number fixed by the seat's own cards, the
    deal and the information set, so that a seat asked again at the same information
    set (after every event of the deal) answers as before: one draw per information
    set and deal, as in training (:mod:`.training`). The other seats cannot compute
    the number: it depends on cards they have not seen. The rule's label where nothing
    was learned."""
    table = learned()
    base = f"{secret}|{view.deal_no}|{view.you}|{','.join(_own_cards(view))}"

    def pick(d: Decision) -> int:
        probabilities = table.get(d.key)
        if probabilities is None or len(probabilities) != len(d.labels):
            return d.default
        digest = hashlib.blake2b(f"{base}|{d.key}".encode(), digest_size=8).digest()
        return draw(probabilities, random.Random(int.from_bytes(digest, "big")))

    return pick
