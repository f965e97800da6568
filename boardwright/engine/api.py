"""The contract between the engine and every game (see ARCHITECTURE.md).

A `Game` is stateless: it describes itself (`info`) and makes states. A `State` is mutable for
speed and cheap to `clone()`. Actions are plain integers (the action id); every game also gives
them a JSON form and a readable text form, both of which depend only on the game's
configuration, never on the phase, so a record of texts replays exactly.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .events import Event

if TYPE_CHECKING:
    from .observation import Observer

JSON = Any
View = dict[str, Any]

#: `current_player()` when chance (a draw, a roll, a shuffle) is to move.
CHANCE = -1
#: `current_player()` once the game is over.
TERMINAL = -2

#: why a game ended (`State.ended_by`): its printed ending, a cap on its length, a stall rule
ENDED_BY = ("rule", "cap", "stall")


@dataclass(frozen=True, slots=True)
class Ending:
    """How a finished game ended and why its winners won, for end screens and records."""

    #: one of `ENDED_BY`: the printed ending, a cap on the game's length, a stall rule
    by: str
    #: the game's own name for the ending ("bosses", "runes", "acts"): message key `end.<reason>`
    reason: str
    #: what the seats were ranked by at the end, in order ("gold", "chips"); empty where the
    #: ending itself names the winner (the first to deliver four offerings)
    ranking: tuple[str, ...] = ()
    #: the first criterion of `ranking` on which the winners beat every other seat; None when
    #: nothing was ranked or every seat tied on everything
    decided_by: str | None = None

    def to_json(self) -> dict[str, JSON]:
        return {"by": self.by, "reason": self.reason, "ranking": list(self.ranking),
                "decided_by": self.decided_by}


def ranked_ending(by: str, reason: str, ranking: tuple[str, ...],
                  keys: Sequence[Sequence[float]], winners: Sequence[int]) -> Ending:
    """An ending decided by ranking the seats on `keys` (one tuple per seat, in `ranking`'s
    order): `decided_by` is the first criterion on which the winners beat the best other seat."""
    others = [k for seat, k in enumerate(keys) if seat not in winners]
    decided = None
    if winners and others:
        best_other = max(tuple(k) for k in others)
        mine = tuple(keys[winners[0]])
        decided = next((name for name, a, b in zip(ranking, mine, best_other, strict=True)
                        if a != b), None)
    return Ending(by, reason, ranking, decided)


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action is not legal now: the rule that refuses it and a reason to put in words.

    `key` names a text in the game's catalogue (`why.<key>`), `params` fill it: numbers, board
    labels and `seat` (a seat number, told as that player's name). Front ends show
    `Game.describe_refusal`, e.g. "you have drawn a tile: play one, a figure may not be placed
    now (R3.4)".
    """

    rule: str
    key: str
    params: Mapping[str, JSON] = field(default_factory=dict)

    def to_json(self) -> dict[str, JSON]:
        return {"rule": self.rule, "key": self.key, "params": dict(self.params)}


@dataclass(frozen=True, slots=True)
class TurnRules:
    """The rules a game cites when the engine refuses a move for its own reasons: the game is
    over, chance acts now, another seat is to move. Every game has these three, so the checks
    live in `Game.why_not` and a game names only its rule numbers (RULES.md anchors)."""

    game_over: str = ""
    chance: str = ""
    not_your_turn: str = ""


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """One game option: its default and what it means (shown by `boardwright list`)."""

    name: str
    default: JSON
    help: str
    #: the option names a file or folder on the machine that runs the game: fine in a terminal,
    #: refused by a server (a remote player must not make the server read its file system)
    local_path: bool = False
    #: the option can end a game before its printed end (a round cap, a stall rule): a safety
    #: valve for bots' games, off (0) at every table with people unless they choose it
    cap: bool = False
    #: the values a text option may take (empty: any text the game accepts)
    choices: tuple[str, ...] = ()
    #: bounds of a number option, where the game sets them
    minimum: int | None = None
    maximum: int | None = None


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a front end needs to know about a game before it starts one."""

    id: str
    title: str
    min_players: int
    max_players: int
    rules_version: str
    #: a bound on the number of actions (chance included) of any game; conformance checks it
    max_actions: int
    options: tuple[OptionInfo, ...] = field(default_factory=tuple)
    languages: tuple[str, ...] = ("en", "hu")
    #: player counts a variant allows: (count, the boolean option that allows it), e.g. Feinde's
    #: 2 players with `allow_two_players`; a lobby offers them and switches the option on
    variant_players: tuple[tuple[int, str], ...] = ()
    #: the rules `Game.why_not` cites for its own refusals (game over, chance, not your turn)
    turn_rules: TurnRules = TurnRules()
    #: earlier rules versions this code still plays exactly: (version, the options that make it
    #: play as that version did). A record or stored match of such a version is played under
    #: those options (its own explicit options on top); any other version cannot be replayed.
    earlier_rules: tuple[tuple[str, Mapping[str, JSON]], ...] = ()

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def options_for_rules(self, rules_version: str,
                          options: Mapping[str, JSON] | None = None) -> dict[str, JSON] | None:
        """The options that play a game recorded under `rules_version` as it was played: the
        record's own options over what that version's defaults were; None for a version this
        code cannot play (neither the current one nor one of `earlier_rules`)."""
        if rules_version == self.rules_version:
            return dict(options or {})
        for version, then in self.earlier_rules:
            if version == rules_version:
                return {**then, **(options or {})}
        return None

    def options_for_players(self, players: int) -> dict[str, JSON]:
        """The options a player count needs: `{option: True}` for a variant's count, else {}."""
        return {name: True for count, name in self.variant_players if count == players}


class State(ABC):
    """A position of one game. Methods come in OpenSpiel's order, so every game reads alike."""

    @property
    @abstractmethod
    def num_players(self) -> int:
        """How many seats this game has."""

    @abstractmethod
    def current_player(self) -> int:
        """The seat to move, `CHANCE` or `TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> list[int]:
        """The atomic actions the player to move may take, sorted; empty at chance and terminal."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """`[(action, probability)]` when chance is to move; probabilities sum to 1."""

    @abstractmethod
    def apply(self, action: int) -> list[Event]:
        """Play one action and return what happened.

        Raises `IllegalAction` (and changes nothing) for an action that is not legal now.
        """

    @abstractmethod
    def action_to_json(self, action: int) -> dict[str, JSON]:
        """The action as a JSON object (depends only on the game's configuration)."""

    @abstractmethod
    def action_to_text(self, action: int) -> str:
        """The action in the game's short readable notation."""

    @abstractmethod
    def action_from_text(self, text: str) -> int:
        """Parse the short notation; raises `IllegalAction` for text that names no action."""

    @abstractmethod
    def action_from_json(self, data: Mapping[str, JSON]) -> int:
        """Parse the JSON form; raises `IllegalAction` for an object that names no action."""

    @property
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Size of the action-id space (ids are `0 .. num_distinct_actions - 1`)."""

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    @abstractmethod
    def returns(self) -> list[float]:
        """Score per seat (final once terminal)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats once terminal (several on a shared win); empty before."""

    @abstractmethod
    def view(self, seat: int | None) -> View:
        """A JSON-safe dict of exactly what `seat` may know (`None`: a spectator)."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy (cheap: search algorithms call it constantly)."""

    @abstractmethod
    def to_json(self) -> dict[str, JSON]:
        """The complete state, hidden facts included (for storage, never for a viewer)."""

    def ended_by(self) -> str | None:
        """Why the game ended, one of `ENDED_BY`; None while it runs.

        The default is the printed ending: a game with a cap or a stall rule overrides it, so that
        every report can tell a game the rules decided from one a safety valve cut short.
        """
        return "rule" if self.is_terminal() else None

    def ending(self) -> Ending | None:
        """How the game ended and why its winners won; None while it runs. A game overrides it
        to name its endings and the ranking that chose its winners."""
        by = self.ended_by()
        return None if by is None else Ending(by, "end")

    def rounds_played(self) -> int | None:
        """How many rounds the game has begun (every seat's turn once is a round), for reports
        of game length; None for a game that counts no rounds (the driver counts turns then)."""
        return None

    def conserved(self) -> dict[str, int]:
        """Quantities that no action may change (tiles, cards, tokens); checked by conformance."""
        return {}

    def __str__(self) -> str:
        return repr(self.view(None))


class Game(ABC):
    """A game's rules: stateless, registered once, makes and reads states."""

    info: GameInfo
    #: search settings measured to suit this game (e.g. ISMCTS tree-shape switches), used by a
    #: search agent wherever its own spec does not set them; documented where a game sets them
    search_defaults: Mapping[str, float] = MappingProxyType({})
    #: options a table with people starts from where they differ from the defaults that suit
    #: bots' games (e.g. a turn cap only random players need); see `options_for_people`
    table_options: Mapping[str, JSON] = MappingProxyType({})

    @abstractmethod
    def new_initial_state(
        self, players: int, options: Mapping[str, JSON] | None = None
    ) -> State:
        """The state before the first action; raises `BadConfig` for a bad count or option."""

    @abstractmethod
    def state_from_json(self, data: Mapping[str, JSON]) -> State:
        """Inverse of `State.to_json`; raises `BadRecord` for data that is not a valid state."""

    @abstractmethod
    def sample_state(self, view: View, seat: int, rng: random.Random) -> State:
        """A full state consistent with everything `seat` knows (determinisation).

        The sampled state's `view(seat)` equals `view`; hidden facts are drawn from `rng`.
        """

    def determinizer(self, view: View, seat: int) -> Callable[[random.Random], State]:
        """A sampler of states consistent with `view`, for many draws from one view.

        Search agents call it once per decision and then once per iteration; a game may read the
        view once here and make each draw cheap. The default calls `sample_state` each time.
        """
        return lambda rng: self.sample_state(view, seat, rng)

    def evaluate(self, state: State) -> list[float]:
        """A heuristic estimate of each seat's final score from a full state.

        Search agents use it at their depth cut-off, always on states they sampled themselves.
        The default is the current `returns()`.
        """
        return state.returns()

    def rollout_action(self, state: State, rng: random.Random) -> int:
        """The action a fast rollout plays (default: uniform among the legal actions)."""
        return rng.choice(state.legal_actions())

    def search_actions(self, state: State, legal: list[int]) -> list[int]:
        """The legal actions a tree search weighs (default: all of them).

        A game may leave out moves that only undo each other (a free step and its reverse),
        so that a search with nearly equal values for both does not spend the turn on them;
        the list returned is never empty while `legal` is not, and every action in it is legal.
        """
        return legal

    def observer(self, players: int, options: Mapping[str, JSON] | None = None
                 ) -> Observer | None:
        """The game's structured observation for one configuration: named fields of fixed
        shapes filled from a seat's view (see `observation.py`), or None when the game declares
        none (researchers' adapters then hash the view). The default imports the module
        `observation` beside the game's own module and calls its `observer(players, options)`.
        """
        from .observation import find_observer

        return find_observer(self, players, options)

    def describe_action(self, state: State, action: int, lang: str = "en") -> str:
        """The action in words for a person (defaults to the short notation).

        Uses only the game's configuration and the public phase, never hidden facts.
        """
        return state.action_to_text(action)

    def describe_event(self, event: Mapping[str, JSON], lang: str = "en") -> str:
        """A viewer's event (`Event.for_viewer`) in words for a person."""
        return str(dict(event))

    def render(self, view: View, lang: str = "en") -> Any:
        """A terminal rendering (a rich renderable or text) of a view: never of a full state."""
        return str(view)

    def option_texts(self, lang: str = "en") -> dict[str, dict[str, Any]]:
        """Each option's label and plain help for people, and a label per choice, from the
        game's catalogue (`option.<name>`, `option.<name>.help`, `option.<name>.<choice>`);
        the option's name, its rules help and the choice itself where a text is missing."""
        from .i18n import Catalogue

        own = Catalogue(type(self).__module__.rpartition(".")[0], lang)

        def text(key: str, fallback: str) -> str:
            return own(key) if own.has(key) else fallback

        return {o.name: {"label": text(f"option.{o.name}", o.name),
                         "help": text(f"option.{o.name}.help", o.help),
                         "choices": {c: text(f"option.{o.name}.{c}", c) for c in o.choices}}
                for o in self.info.options}

    def why_not(self, state: State, action: int, seat: int | None = None) -> Refusal | None:
        """None when `seat` (default: the seat to move) may play `action` now, else the rule
        that refuses it: the engine's own facts first (the game is over, chance acts now, it is
        another seat's turn; the rules cited are `info.turn_rules`), then, for an action that is
        not legal, the game's reason (`refuse`). A legal action is never refused."""
        rules = self.info.turn_rules
        actor = state.current_player()
        if actor == TERMINAL:
            return Refusal(rules.game_over, "game_over")
        if actor == CHANCE:
            return Refusal(rules.chance, "chance")
        if seat is not None and seat != actor:
            return Refusal(rules.not_your_turn, "not_your_turn", {"seat": actor})
        if action in state.legal_actions():
            return None
        return self.refuse(state, action)

    def refuse(self, state: State, action: int) -> Refusal:
        """Why `action`, not legal for the seat to move, is refused: the rule it fails and a
        reason (`why.<key>` in the game's catalogue). A game overrides this with its own
        explanation; the default says only that the move is not legal now."""
        return Refusal("", "not_legal")

    def refusal_params(self, params: Mapping[str, JSON], lang: str) -> dict[str, JSON]:
        """`params` in words for `lang`: a game turns its own values (a tile, a figure) into
        names here; the default tells `seat` as `player`, the seat's letter name."""
        from .i18n import engine_text

        out = dict(params)
        if isinstance(out.get("seat"), int):
            out["player"] = engine_text(lang)("seat.name", letter=chr(ord("A") + out["seat"]))
        return out

    def describe_refusal(self, refusal: Refusal, lang: str = "en") -> str:
        """The refusal in words: the game's `why.<key>` text (else the engine's), then the rule
        in brackets when there is one."""
        from .i18n import Catalogue, engine_text

        lang = lang if lang in self.info.languages else self.info.languages[0]
        own = Catalogue(type(self).__module__.rpartition(".")[0], lang)
        engine = engine_text(lang)
        key = f"why.{refusal.key}"
        params = self.refusal_params(refusal.params, lang)
        reason = own(key, **params) if own.has(key) else engine(key, **params)
        return engine("why.rule", reason=reason, rule=refusal.rule) if refusal.rule else reason

    def describe_ending(self, ending: Ending, lang: str = "en") -> str:
        """The ending in words: the game's `end.<reason>` and `end.decided.<criterion>` texts
        from its own catalogue, else the engine's words for a rule, cap or stall ending."""
        from .i18n import Catalogue, engine_text

        own = Catalogue(type(self).__module__.rpartition(".")[0], lang)
        key = f"end.{ending.reason}"
        words = own(key) if own.has(key) else engine_text(lang)(f"ending.over.{ending.by}")
        decided = f"end.decided.{ending.decided_by}"
        if ending.decided_by is not None and own.has(decided):
            words += " " + own(decided)
        return words


def legal_sorted(actions: Sequence[int]) -> bool:
    """True when `actions` is strictly increasing (the engine's order for legal actions)."""
    return all(a < b for a, b in pairwise(actions))


def options_for_people(game: Game, options: Mapping[str, JSON] | None) -> dict[str, JSON]:
    """The options of a game people play in: the game's `table_options`, then their own choices
    on top (an option they set is never overridden)."""
    return {**game.table_options, **(options or {})}
