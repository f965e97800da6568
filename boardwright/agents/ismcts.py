"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

The agent never sees the true state. Each iteration draws a world consistent with its view
(`Game.determinizer`), walks one shared tree keyed by action sequences, choosing by UCT among the
actions legal in that world (each child counts how often it was available), samples chance,
then finishes with a rollout cut off at `depth` actions (0: none) and scored by the game's
heuristic. The tree weighs the actions the game's `search_actions` keeps of the legal ones (all,
unless a game leaves out moves that only undo each other, as Mesopotamia's free steps can).
Rewards are per seat in [0, 1]: how much each seat's heuristic lead over its best opponent grew
since the search's start, squashed (at the end of the game, half for the win and half for that
margin), so every seat maximises its own result (max^n).

Eight switches and a weight change the tree's shape (their measurements: docs/strength.md,
"Evidence: tree shape" and "Measured and found not to help").
All are off unless the game's `search_defaults` or the agent's spec turns them on; Beowulf turns
on the first three, the combination measured strongest there:
- `finish_turn=1`: a leaf in the middle of the mover's compound move (a tile drawn, not yet placed)
  is played to the end of that move with the rollout policy before it is judged, and so is each
  action when progressive widening orders a node's actions;
- `chance_leaf=1`: the tree stops at chance (with `finish_turn`, a draw is then judged as the
  average over sampled tiles of the policy's placement, not as a subtree of poorly explored ones);
- `lazy=1`: a non-root node is judged as it stands until it earned its ordering (`widen_after`
  visits), instead of opening random children whose replies would flatter the move above it;
- `reply=1`: a leaf is judged after the mover's move is finished and the next seat's whole move
  is played with the rollout policy (a one-turn look at the opponent's answer);
- `reply_first=1`: the first node where another seat decides ranks its actions at once, and a new
  root move goes on to its best-ranked answer, so every root move is judged against replies;
- `macro=1`: every tree edge is a whole turn: after the tree's action the rest of the mover's
  turn (chance, then the policy's choices) is played out, so the tree holds no half-made moves;
- `chance_reply=1`: with `chance_leaf`, a leaf reached through a chance event whose node has
  had `widen_after` visits (with `reply_first`: from its first visit, if no answer is on the path
  yet) is judged after one of the next seat's `widen_base` best one-step answers, as a node the
  tree opened is judged once its answers are ranked; without it a draw is never judged against
  an answer while a figure move soon is;
- `finish_steps=N` (6 unless set): the most own steps and chance draws a move is played out
  with wherever a move is finished (`finish_turn`, `reply`, `macro`, `chance_reply`); a game
  whose turn is a long chain of steps may need more to reach the turn's end;
- `halving=1`: no tree: sequential halving over the root's moves, every round's moves judged in
  the same sampled worlds with the same draws, each leaf finished and scored as above
  (`halving.sequential_halving`), for a game whose moves differ by less than a leaf's noise
  (in Mesopotamia steadier than the tree, not stronger: docs/strength-mesopotamia.md);
- `lookahead=N` (0 unless set), with `halving`: a leaf is judged as greedy judges a move, by the
  best continuation of the mover's turn over N own steps, not by the rollout policy;
- `bias=W`: progressive bias: an ordered node adds W × (the action's one-step value scaled to
  [0, 1]) / (visits + 1) to its children's UCT scores, so that few visits follow the heuristic.

Budgets: `iterations` and/or `seconds` (anytime: the search stops at whichever comes first).
Iteration budgets keep a game reproducible; time budgets do not.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping, Sequence

from boardwright.engine.api import CHANCE, TERMINAL, Game, State, View
from boardwright.engine.play import sample_chance

from .halving import sequential_halving
from .rewards import margin_rewards, margins, terminal_rewards


class Node:
    __slots__ = ("answers", "available", "children", "order", "prior", "totals", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.available = 0
        self.totals = [0.0] * players
        #: actions best-first by their one-step heuristic value, once the node earned it
        self.order: list[int] | None = None
        #: each ordered action's one-step value scaled to [0, 1] (best 1), for progressive bias
        self.prior: dict[int, float] = {}
        #: at a chance leaf (`chance_reply`), the next seat's moves best-first, once earned
        self.answers: list[int] | None = None


#: iterations per decision where neither the spec nor the game's `search_defaults` sets them
DEFAULT_ITERATIONS = 1000

#: the tree-shape settings and their values where neither the spec nor the game sets them
TREE_SETTINGS: dict[str, float] = {
    "exploration": 0.3, "depth": 0, "scale": 10.0,
    "widen_after": 8, "widen_base": 4, "widen_rate": 2.0,
    "finish_turn": 0, "chance_leaf": 0, "lazy": 0, "reply": 0, "bias": 0.0,
    "reply_first": 0, "macro": 0, "chance_reply": 0, "finish_steps": 6, "halving": 0,
    "lookahead": 0,
}
#: settings that count (depth, widening) or switch (the opt-in shapes) rather than weigh
WHOLE_SETTINGS = frozenset({"depth", "widen_after", "widen_base", "finish_steps", "lookahead"})
SWITCHES = frozenset({"finish_turn", "chance_leaf", "lazy", "reply", "reply_first", "macro",
                      "chance_reply", "halving"})


class ISMCTSAgent:
    """Settings: `iterations`, `seconds` and any of `TREE_SETTINGS`. A setting the spec leaves
    out takes the game's `search_defaults` (the values measured best for that game, which may
    include `iterations`), else the value in `TREE_SETTINGS` (`DEFAULT_ITERATIONS`)."""

    name = "ismcts"

    def __init__(self, iterations: int | None = None, seconds: float | None = None,
                 **settings: float) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        unknown = sorted(set(settings) - set(TREE_SETTINGS))
        if unknown:
            raise TypeError(f"unknown settings {', '.join(unknown)}; known: iterations, "
                            f"seconds, {', '.join(TREE_SETTINGS)}")
        self._iterations = iterations
        self.seconds = seconds
        self._explicit = dict(settings)
        self._tuned_for: Game | None = None
        self._configure({})
        self.last_iterations = 0
        self._root: Node | None = None
        self._baseline: list[float] | None = None

    def _configure(self, game_defaults: Mapping[str, float]) -> None:
        merged = {**TREE_SETTINGS, **game_defaults, **self._explicit}
        # a game may set the budget that suits its decisions; the spec's own budget wins
        budget = merged.pop("iterations", DEFAULT_ITERATIONS)
        self.iterations = int(budget if self._iterations is None else self._iterations)
        for key, value in merged.items():
            if key in SWITCHES:
                setattr(self, key, bool(value))
            elif key in WHOLE_SETTINGS:
                setattr(self, key, int(value))
            else:
                setattr(self, key, float(value))

    # the settings as attributes, set by `_configure`
    exploration: float
    depth: int
    scale: float
    widen_after: int
    widen_base: int
    widen_rate: float
    finish_turn: bool
    chance_leaf: bool
    lazy: bool
    reply: bool
    bias: float
    reply_first: bool
    macro: bool
    chance_reply: bool
    finish_steps: int
    halving: bool
    lookahead: int

    def choose(
        self, game: Game, seat: int, view: View, legal: Sequence[int], rng: random.Random
    ) -> int:
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        if self._tuned_for is not game:
            self._configure(game.search_defaults)
            self._tuned_for = game
        sampler = game.determinizer(view, seat)
        root: Node | None = None
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        if self.halving:
            return self._halve(game, seat, sampler, legal, rng, deadline)
        done = 0
        while done < self.iterations:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            world = sampler(rng)
            if root is None:
                root = self._root = Node(world.num_players)
                self._baseline = margins(game.evaluate(world))
            self._iterate(game, world, root, rng)
            done += 1
        self.last_iterations = done
        assert root is not None
        allowed = set(legal)
        ranked = [(child.visits, a) for a, child in root.children.items() if a in allowed]
        if not ranked:
            return rng.choice(list(legal))
        most = max(v for v, _ in ranked)
        return rng.choice(sorted(a for v, a in ranked if v == most))

    def _halve(self, game: Game, seat: int, sampler: Callable[[random.Random], State],
               legal: Sequence[int], rng: random.Random, deadline: float | None) -> int:
        self._root = None
        first = sampler(rng)
        self._baseline = margins(game.evaluate(first))

        def finish(leaf: State, leaf_rng: random.Random) -> float:
            self._complete_leaf(game, leaf, seat, leaf_rng)
            return self._rollout(game, leaf, leaf_rng)[seat]

        action, self.last_iterations = sequential_halving(
            game, seat, sampler, first, legal, rng, budget=self.iterations,
            lookahead=self.lookahead, weighed=lambda world: self._actions(game, world),
            finish=finish, deadline=deadline)
        return action

    def _iterate(self, game: Game, state: State, root: Node, rng: random.Random) -> None:
        path = [root]
        node = root
        c = self.exploration
        mover = TERMINAL
        root_actor = state.current_player()
        replied = False  # has the path reached another seat's decision yet?
        chance_stop: Node | None = None  # the node whose chance event ended the path
        # selection and expansion, sampling chance on the way
        while True:
            actor = state.current_player()
            if actor == TERMINAL:
                break
            if actor == CHANCE:
                state.apply(sample_chance(state.chance_outcomes(), rng))
                if self.chance_leaf:
                    chance_stop = node
                    break
                continue
            first_reply = self.reply_first and not replied and actor != root_actor
            if actor != root_actor:
                replied = True
            if first_reply and node.order is None:
                # the opponents' first answers are ranked at once, so that a root move is
                # judged against the best replies from its first visits on
                node.order = self._order(game, state, self._actions(game, state), actor, rng,
                                         node)
            if (self.lazy and node.order is None and node is not root
                    and node.visits < self.widen_after):
                # a young node is judged as it stands: its first children would be random
                # actions, and random replies make every move above them look better than it is
                break
            legal = self._actions(game, state)
            children = node.children
            for a in legal:
                child = children.get(a)
                if child is not None:
                    child.available += 1
            action = self._expansion(game, state, node, legal, actor, rng)
            mover = actor
            if action is not None:
                child = Node(state.num_players)
                child.available = 1
                children[action] = child
                state.apply(action)
                if self.macro:
                    self._finish_turn(game, state, actor, rng)
                path.append(child)
                if self.chance_leaf and state.current_player() == CHANCE:
                    chance_stop = child  # a new draw is a chance leaf from its first visit
                if (self.reply_first and not replied
                        and state.current_player() not in (root_actor, CHANCE, TERMINAL)):
                    node = child  # even a new move's first visit meets the best answer
                    continue
                break
            legal = [a for a in legal if a in children]
            best_action, best_score = legal[0], -1.0
            prior = node.prior
            bias = self.bias
            for a in legal:
                child = children[a]
                score = (child.totals[actor] / child.visits
                         + c * math.sqrt(math.log(child.available) / child.visits))
                if bias and prior:
                    score += bias * prior.get(a, 0.0) / (child.visits + 1)
                if score > best_score:
                    best_action, best_score = a, score
            state.apply(best_action)
            if self.macro:
                self._finish_turn(game, state, actor, rng)
            node = children[best_action]
            path.append(node)
        self._complete_leaf(game, state, mover, rng)
        if self.chance_reply and chance_stop is not None and (
                # answered as the tree answers a node: at once where `reply_first` ranks the
                # first answers on a path at once, else once the node earned its ordering
                not replied if self.reply_first else chance_stop.visits >= self.widen_after):
            self._answer(game, state, mover, chance_stop, rng)
        rewards = self._rollout(game, state, rng)
        for n in path:
            n.visits += 1
            totals = n.totals
            for p, r in enumerate(rewards):
                totals[p] += r

    @staticmethod
    def _actions(game: Game, state: State) -> list[int]:
        """The actions the tree weighs here: the game's `search_actions` of the legal ones."""
        legal = state.legal_actions()
        return game.search_actions(state, legal) or legal

    def _expansion(self, game: Game, state: State, node: Node, legal: list[int], actor: int,
                   rng: random.Random) -> int | None:
        """The action to expand here, or None to select among the expanded children.

        Progressive widening: a node visited `widen_after` times orders its actions by their
        one-step heuristic value and from then on opens only the best few, more as its visits
        grow; before that it opens untried actions at random.
        """
        children = node.children
        first_root_visit = node is self._root and node.visits == 0
        if node.order is None and (node.visits >= self.widen_after or first_root_visit):
            node.order = self._order(game, state, legal, actor, rng, node)
        if node.order is None:
            untried = [a for a in legal if a not in children]
            return rng.choice(untried) if untried else None
        limit = self.widen_base + int(self.widen_rate * math.sqrt(node.visits))
        allowed = set(legal)
        for a in node.order[:limit]:
            if a in allowed and a not in children:
                return a
        if not any(a in children for a in legal):  # nothing opened is legal in this world
            return next((a for a in node.order if a in allowed), rng.choice(legal))
        return None

    def _order(self, game: Game, state: State, legal: list[int], actor: int,
               rng: random.Random, node: Node) -> list[int]:
        scored = []
        for a in legal:
            child = state.clone()
            child.apply(a)
            if self.finish_turn or self.macro:
                self._finish_turn(game, child, actor, rng)
            scored.append((margins(game.evaluate(child))[actor], a))
        scored.sort(key=lambda x: (-x[0], x[1]))
        if self.bias and scored:
            top, bottom = scored[0][0], scored[-1][0]
            spread = top - bottom or 1.0
            node.prior = {a: (v - bottom) / spread for v, a in scored}
        return [a for _, a in scored]

    def _complete_leaf(self, game: Game, state: State, mover: int, rng: random.Random) -> None:
        """Bring a leaf to where it is judged: the end of the mover's move (`finish_turn`), and
        with `reply` also the next seat's whole move, so a move that leaves the opponent an
        opening is judged after the opponent took it."""
        if self.finish_turn or self.reply:
            self._finish_turn(game, state, mover, rng)
        if self.reply:
            replier = state.current_player()
            if replier >= 0 and replier != mover:
                self._finish_turn(game, state, replier, rng)

    def _answer(self, game: Game, state: State, mover: int, node: Node,
                rng: random.Random) -> None:
        """Play one of the next seat's `widen_base` best-ranked moves, at random, and finish it.

        That is what an opened node's moves meet once its answers are ranked (its first visits go
        to the best-ranked few), so a move judged at a chance leaf is judged against answers as
        a move the tree looks past is. Like a tree node, `node` ranks the answers once, in the
        world of the visit that earned it, and keeps that order.
        """
        replier = state.current_player()
        if replier < 0 or replier == mover:
            return
        legal = self._actions(game, state)
        if node.answers is None:
            node.answers = self._order(game, state, legal, replier, rng, node)
        allowed = set(legal)
        best = [a for a in node.answers if a in allowed][:self.widen_base] or legal
        state.apply(rng.choice(best))
        self._finish_turn(game, state, replier, rng)

    def _finish_turn(self, game: Game, state: State, mover: int, rng: random.Random) -> None:
        """Play out the rest of `mover`'s compound move (e.g. the tile after a draw) with the
        rollout policy, so that a leaf is judged where the move is complete: a half-made move
        (a tile drawn, not yet placed) would otherwise look worth nothing."""
        for _ in range(self.finish_steps):
            actor = state.current_player()
            if actor == CHANCE:
                state.apply(sample_chance(state.chance_outcomes(), rng))
            elif actor == mover:
                state.apply(game.rollout_action(state, rng))
            else:
                return

    def _rollout(self, game: Game, state: State, rng: random.Random) -> list[float]:
        steps = 0
        while (actor := state.current_player()) != TERMINAL:
            if actor == CHANCE:
                state.apply(sample_chance(state.chance_outcomes(), rng))
                continue
            if steps >= self.depth:
                return margin_rewards(game.evaluate(state), self.scale, self._baseline)
            state.apply(game.rollout_action(state, rng))
            steps += 1
        return terminal_rewards(state, self.scale, self._baseline)
