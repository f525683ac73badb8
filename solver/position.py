"""`Position`: a deal in play, with the card-play rules of every variant.

This is the readable rules engine.  Everything else (the compiled search, the
analysis) trusts its legal-move lists, trick winners and card counts, and the
tests check the compiled core against it.  The rules of a trick (the cards the
player to move may play, the trick's winner) are in :mod:`solver.trick_rules`,
the checks of a deal at the start of play in :mod:`solver.deal_checks`.

Seats are numbered in order of play (0 leads the first trick unless the
contract says otherwise).  *Parties* are the units that own tricks: in team
games party 0 is the declarer's side and party 1 the defence; in
each-for-himself games (klop, Trischaken, Danish) party *i* is seat *i*.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Union

from .cards import TRUMP, parse_card, parse_cards, sort_key
from .deal_checks import (
    check_deal_discards,
    check_deck,
    check_hand_sizes,
    check_redeal,
    check_talon_fields,
    check_tricks_taken,
    parse_announcements,
    seat_number,
)
from .errors import HandSizeError, IllegalMoveError, NotationError, SeatError, TarokError
from .notation import (
    decoded,
    position_kwargs_from_json,
    position_kwargs_from_line,
    position_summary,
    position_to_json,
    position_to_line,
)
from .trick_rules import SKUS_NAMES, Step, legal_steps, skus_names, winner_index
from .variants import (
    EACH,
    EXCHANGE,
    EXCUSE,
    NEGATIVE,
    NO_TRICKS,
    ONE_TRICK,
    POSITIVE,
    SKUS,
    VALAT,
    Variant,
    get_variant,
)

if TYPE_CHECKING:
    from .settlement import Settlement

__all__ = ["DEMAND", "CardsText", "PlayRules", "Position", "Step", "Trick"]

# What a Position's file can hold besides the hands (the keyword arguments of Position()).
CardsText = Union[str, Sequence[Union[str, int]], None]


class Trick(NamedTuple):
    """A completed trick: ``cards`` is a tuple of (seat, token) in order of play,
    ``winner`` the seat that won it, ``named`` the suit a led Danish skus was named (else None)."""

    number: int
    leader: int
    cards: tuple[tuple[int, str], ...]
    winner: int
    named: str | None


class PlayRules(NamedTuple):
    """The play-rule flags a Position resolved from variant, contract and options:
    ``must_beat`` (SI-3.3/AT-3.3) with its ``must_beat_mode``, ``pagat_rule`` ("si", "at" or ""),
    ``emperor`` (SI-4.1/AT-4.3), ``tarockzwang`` (void -> must trump), ``reserved`` (card ->
    (holder, designated 1-based trick, announcement), AT-3.4 / SI-3.5)."""

    must_beat: bool
    must_beat_mode: str
    pagat_rule: str
    emperor: bool
    tarockzwang: bool
    reserved: dict[int, tuple[int, int, str]]

DEMAND = "DEMAND"  # play-record token: an opponent demands the Danish skus in trick 23 (DK-3.7)


class Position:
    """A deal at some point of its play.

    Build one with :meth:`from_json` (a dict or JSON text), :meth:`from_line`
    (the one-line form) or :meth:`parse` (either).  ``play``/``undo`` move
    along the game; every card played is checked against the rules.

    >>> p = Position.from_line("slovenian4 three; declarer 1; called_king HK; composed; "
    ...     "tricks_taken 3 3 2 2; hands SK S7 / T3 T2 / HQ H4 / D1 T1; "
    ...     "declarer_pile C7 C8 C9; defence_pile " + " ".join(
    ...     "C10 CJ CN CQ CK S8 S9 S10 SJ SN SQ H3 H2 H1 HJ HN HK D4 D3 D2 DJ DN DQ DK "
    ...     "T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 T22".split()))
    >>> p.to_move, p.legal_moves
    (0, ['SK', 'S7'])
    >>> p.play("SK"); p.legal_moves
    ['T3', 'T2']
    """

    def __init__(self, variant: str | Variant, hands: Sequence[CardsText], contract: str | None = None,
                 declarer: int | None = None, partner: int | None = None, called_king: str | int | None = None,
                 declarer_pile: CardsText = None, defence_pile: CardsText = None, talon: CardsText = None,
                 skat: CardsText = None, seat_piles: Sequence[CardsText] | None = None,
                 tricks_taken: Sequence[int] | None = None, announcements: Sequence[str | Mapping[str, Any]] = (),
                 options: Mapping[str, object] | None = None, composed: bool = False, leader: int | None = None,
                 play: str | Iterable[str] | None = (), kontra: Any = None, poignees: Any = None,
                 declarations: Any = None, cups: Any = None, values: Any = None) -> None:
        v = self.variant = get_variant(variant)
        self.deck = v.deck
        self.contract = v.contract(contract) if contract is not None else v.contract(v.default_contract)
        self.options = v.resolve_options(options)
        self.composed = bool(composed)
        n = self.players = v.players
        c = self.contract

        if not isinstance(hands, (list, tuple)) or len(hands) != n:
            raise HandSizeError("%s needs %d hands (one per seat, in order of play), got %s"
                                % (v.id, n, len(hands) if isinstance(hands, (list, tuple)) else "none"))
        initial = [parse_cards(h, self.deck, "seat %d's hand" % s) for s, h in enumerate(hands)]

        # --- seats and parties
        self.declarer: int | None = None if c.each_for_himself else seat_number(self, declarer, "declarer")
        if c.each_for_himself and declarer is not None:
            raise SeatError("%s is each for himself: it has no declarer" % c.name)
        self.dealer = n - 1 if v.family == "danish" else None  # DK-2.4: dealer is backhand in trick 1

        places = [("seat %d's hand" % s, cards) for s, cards in enumerate(initial)]
        piles: dict[int, list[int]] = {}  # party -> cards counted for it before play
        if c.each_for_himself:
            if declarer_pile or defence_pile:
                raise NotationError("%s has no declarer: use seat_piles for cards already won" % c.name)
            if seat_piles is not None:
                if not isinstance(seat_piles, (list, tuple)) or len(seat_piles) != n:
                    raise NotationError("seat_piles needs %d entries, one per seat" % n)
                for s, text in enumerate(seat_piles):
                    piles[s] = parse_cards(text, self.deck, "seat %d's pile" % s)
                    places.append(("seat %d's pile" % s, piles[s]))
        else:
            if seat_piles is not None:
                raise NotationError("seat_piles is for each-for-himself games; %s has declarer_pile "
                                    "and defence_pile" % c.name)
            piles[0] = parse_cards(declarer_pile, self.deck, "declarer_pile")
            piles[1] = parse_cards(defence_pile, self.deck, "defence_pile")
            places += [("declarer_pile", piles[0]), ("defence_pile", piles[1])]
        self._talon = parse_cards(talon, self.deck, "talon")
        self._skat = parse_cards(skat, self.deck, "skat")
        places += [("talon", self._talon), ("skat", self._skat)]
        check_deck(self, places)
        check_hand_sizes(self, initial)

        self.partner: int | None = None
        self.called_king: int | None = None
        if c.called_king:
            self._set_partner(partner, called_king, initial, piles)
        elif partner is not None or called_king is not None:
            raise SeatError("%s has no partner and no called king" % c.name)
        self.parties: tuple[tuple[int, ...], ...]
        if c.each_for_himself:
            self.parties = tuple((s,) for s in range(n))
        else:
            assert self.declarer is not None
            side = {self.declarer} | ({self.partner} if self.partner is not None else set())
            self.parties = (tuple(sorted(side)), tuple(s for s in range(n) if s not in side))
        self._party_of = tuple(next(i for i, p in enumerate(self.parties) if s in p) for s in range(n))
        self._piles = {p: list(piles.get(p, ())) for p in range(len(self.parties))}
        if self.dealer is not None:
            self._piles[self.dealer] += self._skat  # DK-2.7: the skat is in the dealer's pile

        self.announcements = parse_announcements(self, announcements)
        self.named_discards: tuple[int, ...] = ()  # DK-2.8 item 4: skat cards laid away from a declaration
        if not self.composed:
            check_talon_fields(self, piles)
            self.named_discards = check_deal_discards(self, initial, piles)
            check_redeal(self, initial, piles)
        self._tricks_before = check_tricks_taken(self, tricks_taken, len(initial[0]))
        self._derive_rules(initial)
        self.composed_leader: int | None = None  # who leads a composed endgame's first trick, when not the rules'
        if leader is not None:
            if not self.composed:
                raise SeatError("leader is only given for a composed endgame; a full deal's first lead "
                                "follows the rules")
            self.composed_leader = self._first_leader = seat_number(self, leader, "leader")

        self._initial = initial
        # scoring inputs (solver/scoring_inputs.py checks them): kontra levels, French poignées shown,
        # Danish declarations and cup contents, Königrufen values missing from the seed
        from .scoring_inputs import scoring_inputs
        self.kontra, self.poignees, self.declarations, self.cups, self.values = scoring_inputs(
            self, kontra=kontra, poignees=poignees, declarations=declarations, cups=cups, values=values)
        self._hands = [set(h) for h in initial]
        self._stack: list[str] = []  # tokens played, in order (cards, "EX:H", DEMAND)
        self._tricks: list[Trick] = []
        self._trick: list[tuple[int, int]] = []  # current trick: list of (seat, card)
        self._named: int | None = None  # suit index named for a led skus (4 = tarok)
        self._demanded = False  # DK-3.7 demand made for the current trick
        self._leader = self._first_leader
        self._over: str | None = None  # reason play stopped early, else None
        # per completed trick: the state to restore on undo
        self._saved: list[tuple[list[tuple[int, int]], int | None, bool, int, str | None]] = []
        self._over = self._early_end()  # a composed position may start settled
        for token in _tokens(play):
            self.play(token)

    # ------------------------------------------------------------ building

    @classmethod
    def from_json(cls, data: str | bytes | Mapping[str, Any]) -> Position:
        """Build from a dict or JSON text (schema: README, *Position files*)."""
        return cls(**position_kwargs_from_json(data))

    @classmethod
    def from_line(cls, text: str) -> Position:
        """Build from the one-line form (README, *One-line form*)."""
        return cls(**position_kwargs_from_line(text))

    @classmethod
    def parse(cls, text: str | bytes | bytearray) -> Position:
        """Build from JSON text or the one-line form, whichever ``text`` (str or UTF-8 bytes) is."""
        if isinstance(text, (bytes, bytearray)):
            text = decoded(text)
        return cls.from_json(text) if isinstance(text, str) and text.lstrip()[:1] in ("{", "[") else cls.from_line(text)

    def to_json(self) -> dict[str, Any]:
        """The canonical dict of this position (the start of play plus the play record)."""
        return position_to_json(self)

    def to_line(self) -> str:
        """The canonical one-line form."""
        return position_to_line(self)

    def copy(self) -> Position:
        """An independent position at the same point of play."""
        return Position.from_json(self.to_json())

    def _set_partner(self, partner: int | None, called_king: str | int | None, initial: list[list[int]],
                     piles: dict[int, list[int]]) -> None:
        v, c = self.variant, self.contract
        if called_king is not None:
            king = parse_card(called_king, self.deck)
            if self.deck.suit[king] >= TRUMP or self.deck.tokens[king][1:] != "K":
                raise SeatError("called_king must be a king, not %s" % self.deck.tokens[king])
            self.called_king = king
            holder = next((s for s, h in enumerate(initial) if king in h), None)
            if holder == self.declarer and not v.self_call and c.talon != EXCHANGE:
                # with an exchange he may have taken the called king from the talon: then he is alone
                raise SeatError("%s: the declarer may not call his own king %s (AT-6.4, Q-X5)"
                                % (v.name, self.deck.tokens[king]))
            if partner is not None and partner != (None if holder == self.declarer else holder) and not (
                    holder is None and self.composed):  # composed: the called king may have fallen already
                raise SeatError("partner %r does not hold the called king %s" % (partner, self.deck.tokens[king]))
            if holder is None and self.composed and partner is not None:
                holder = seat_number(self, partner, "partner")  # the king already fell
            self.partner = None if holder == self.declarer else holder
        elif partner is not None:
            self.partner = seat_number(self, partner, "partner")
            if self.partner == self.declarer:
                raise SeatError("the partner cannot be the declarer; leave it out for a solo")
        else:
            raise SeatError("%s is played with a called king: give called_king (e.g. \"HK\") or partner"
                            % c.name)

    def announcers(self, name: str) -> tuple[int, ...]:
        """The seats that may make the announcement ``name`` in this deal: SI-7 kralj ultimo
        only the partner (none without one), AT-7 Königfang only the opposing party (the only
        one that can score it), every other announcement anybody."""
        by = self.variant.announcements[name].by
        if by == "partner":
            return () if self.partner is None else (self.partner,)
        if by == "defence":
            return self.parties[1]
        return tuple(range(self.players))

    def _derive_rules(self, initial: list[list[int]]) -> None:
        """Resolve the play-rule flags of this variant + contract + options."""
        v, c, o = self.variant, self.contract, self.options
        if v.family == "slovenian":
            must_beat = c.id in o["must_beat_contracts"]
        else:
            must_beat = v.family == "koenigrufen" and c.kind in (NEGATIVE, EACH)
        if v.emperor == "black_positive":  # Q-X4
            emperor = (c.kind == POSITIVE and not c.colour) or (
                c.kind in (NEGATIVE, EACH) and o["maerchenstich_in_negative"])
        else:
            emperor = v.emperor == "all"
        self._first_leader = 0
        if v.family == "koenigrufen" and c.kind == NEGATIVE and self.declarer is not None:  # AT-2.3
            self._first_leader = self.declarer
        if v.family == "slovenian" and o["declarer_leads_above_solo_one"] and self.declarer is not None and (
                list(v.contracts).index(c.id) > list(v.contracts).index("solo_one" if "solo_one" in v.contracts
                                                                         else "piccolo")):
            self._first_leader = self.declarer
        # AT-3.4 rule 4a / SI-3.5: announced ultimo cards reserved for their trick.
        reserved: dict[int, tuple[int, int, str]] = {}  # card -> (holder, designated trick, announcement)
        for name, seat in self.announcements:
            ann = v.announcements[name]
            if not ann.reserves:
                continue
            card = self.called_king if ann.reserves == "called_king" else self.deck.index[ann.reserves]
            if card is None:
                continue
            holder = next((s for s, h in enumerate(initial) if card in h), None)
            if holder is not None and self._party_of[holder] == self._party_of[seat]:
                reserved[card] = (holder, v.tricks - ann.from_end, name)
        self.play_rules = PlayRules(
            must_beat=must_beat, must_beat_mode=o.get("must_beat_mode", ""),
            pagat_rule=v.pagat_rule if must_beat else "", emperor=emperor,
            tarockzwang=not c.colour or o["tarockzwang_in_colour_games"], reserved=reserved)
        # parties whose first lost trick ends play (announced valat, valat contracts)
        self.valat_guard = {self._party_of[seat] for name, seat in self.announcements
                             if v.announcements[name].ends_play}
        if c.kind == VALAT:
            self.valat_guard.add(0)

    # ------------------------------------------------------------ state

    @property
    def n_tricks(self) -> int:
        """Tricks in the whole deal."""
        return self.variant.tricks

    @property
    def trick_number(self) -> int:
        """1-based number of the trick in progress (or the last trick when play is over)."""
        return min(self._tricks_before_total() + len(self._tricks) + 1, self.n_tricks)

    def _tricks_before_total(self) -> int:
        return sum(self._tricks_before)

    @property
    def leader(self) -> int:
        """Seat that leads (or led) the current trick."""
        return self._leader

    @property
    def to_move(self) -> int | None:
        """Seat to play next (None when play is over)."""
        if self.is_over:
            return None
        return (self._leader + len(self._trick)) % self.players

    @property
    def current_trick(self) -> list[tuple[int, str]]:
        """Cards of the trick in progress, as (seat, token) pairs."""
        return [(s, self.deck.tokens[c]) for s, c in self._trick]

    @property
    def tricks(self) -> list[Trick]:
        """Completed tricks (played in this position's record), oldest first."""
        return list(self._tricks)

    @property
    def move_stack(self) -> list[str]:
        """Tokens played so far from the start of this position."""
        return list(self._stack)

    def hand(self, seat: int) -> list[str]:
        """The cards seat still holds, canonical order."""
        return [self.deck.tokens[c] for c in sorted(self._hands[seat], key=sort_key(self.deck))]

    @property
    def hands(self) -> list[list[str]]:
        """Every seat's cards, canonical order."""
        return [self.hand(s) for s in range(self.players)]

    def initial_hand(self, seat: int) -> list[str]:
        """The cards seat held at the start of play (after the talon exchange)."""
        return [self.deck.tokens[c] for c in sorted(self._initial[seat], key=sort_key(self.deck))]

    def party_of(self, seat: int) -> int:
        """The party of a seat (0 the declarer side in team games; the seat itself otherwise)."""
        return self._party_of[seat]

    @property
    def is_over(self) -> bool:
        """True when every card is played or play stopped early (AT-6.7, SI-6.7)."""
        return self._over is not None or not any(self._hands)

    @property
    def end_reason(self) -> str | None:
        """Why play stopped before the last trick, or None."""
        return self._over

    # ------------------------------------------------------------ play (the rules: solver/trick_rules.py)

    @property
    def legal_moves(self) -> list[str]:
        """Tokens the player to move may play, canonical order; a led Danish skus appears
        once per name it may take (``EX:H``).  Empty when play is over."""
        seat = self.to_move
        if seat is None:
            return []
        cards, _ = legal_steps(self, seat)
        out: list[str] = []
        for c in sorted(cards, key=sort_key(self.deck)):
            if c == self.deck.special and self.variant.special == SKUS and not self._trick:
                out += ["EX:" + name for name in skus_names(self, seat)]
            else:
                out.append(self.deck.tokens[c])
        return out

    def is_legal(self, token: str) -> bool:
        """Whether :meth:`play` would accept ``token`` now (a card, ``EX:H``, or ``DEMAND``)."""
        try:
            if str(token).strip().upper() == DEMAND:  # agree with play() on the DK-3.7 demand
                self._demand(check_only=True)
            else:
                self._check_move(token)
            return True
        except TarokError:
            return False

    def _check_move(self, token: str) -> tuple[int, int | None]:
        """(card, named suit) for a legal token, else an :class:`IllegalMoveError` that explains."""
        text = str(token).strip()
        t = self.trick_number
        seat = self.to_move
        if seat is None:
            raise IllegalMoveError("%s: play is over (%s)" % (text, self._over or "all cards played"),
                                   card=text, trick=t)
        body, _, name = text.partition(":")
        card = parse_card(body, self.deck)
        tok = self.deck.tokens[card]
        if card not in self._hands[seat]:
            owner = next((s for s in range(self.players) if card in self._hands[s]), None)
            where = "seat %d holds it" % owner if owner is not None else "it was already played"
            raise IllegalMoveError("%s is not in seat %d's hand (trick %d): %s" % (tok, seat, t, where),
                                   card=tok, seat=seat, trick=t, rule="hand")
        legal, steps = legal_steps(self, seat)
        if card not in legal:
            rule, reason = next(((r, why) for r, why, removed in steps if card in removed),
                                ("rules", "not allowed"))
            raise IllegalMoveError("seat %d may not play %s in trick %d: %s (%s); legal: %s"
                                   % (seat, tok, t, reason, rule, " ".join(self.legal_moves)),
                                   card=tok, seat=seat, trick=t, rule=rule)
        named = None
        leading_skus = card == self.deck.special and self.variant.special == SKUS and not self._trick
        if leading_skus:
            names = skus_names(self, seat)
            name = name.strip().upper()
            name = "T" if name in ("TAROK", "TRUMP", "TRUMPS") else name
            if name not in names:
                raise IllegalMoveError("seat %d leads the skus in trick %d and must name it as a suit another "
                                       "player holds: %s (DK-3.5)"
                                       % (seat, t, " ".join("EX:" + n for n in names)),
                                       card=tok, seat=seat, trick=t, rule="DK-3.5")
            named = SKUS_NAMES.index(name)
        elif name:
            raise IllegalMoveError("%s: only a led Danish skus is named" % text, card=tok, seat=seat, trick=t)
        return card, named

    def play(self, token: str) -> None:
        """Play a card for the player to move (``"SK"``, ``"EX:H"`` …), or record a skus
        demand (``"DEMAND"``).  Illegal input raises :class:`IllegalMoveError`."""
        if str(token).strip().upper() == DEMAND:
            self._demand()
            return
        card, named = self._check_move(token)
        seat = (self._leader + len(self._trick)) % self.players  # the player to move
        self._hands[seat].discard(card)
        if not self._trick:
            self._named = named
        self._trick.append((seat, card))
        self._stack.append(self.deck.tokens[card] + ("" if named is None else ":" + SKUS_NAMES[named]))
        if len(self._trick) == self.players:
            self._finish_trick()

    def _demand(self, check_only: bool = False) -> None:
        v, t = self.variant, self.trick_number
        holder = next((s for s in range(self.players) if self.deck.special in self._hands[s]), None)
        if v.special != SKUS or self.options["skus_demand_policy"] != "solver_choice":
            raise IllegalMoveError("DEMAND exists only in Danish Tarok with skus_demand_policy=solver_choice",
                                   trick=t, rule="DK-3.7")
        if self.is_over or t != self.n_tricks - 2 or holder is None or self._demanded or any(
                s == holder for s, _ in self._trick):
            raise IllegalMoveError("the skus can be demanded only in trick %d, once, while its holder has "
                                   "not yet played to it" % (self.n_tricks - 2), trick=t, rule="DK-3.7")
        if check_only:
            return
        self._demanded = True
        self._stack.append(DEMAND)

    def _finish_trick(self) -> None:
        last = self.trick_number == self.n_tricks
        idx = winner_index(self, self._trick, self._named, last=last)
        assert idx is not None  # a whole trick holds a card that can win it
        winner = self._trick[idx][0]
        self._tricks.append(Trick(self.trick_number, self._leader,
                                  tuple((s, self.deck.tokens[c]) for s, c in self._trick), winner,
                                  None if self._named is None else SKUS_NAMES[self._named]))
        self._saved.append((self._trick, self._named, self._demanded, self._leader, self._over))
        self._trick, self._named, self._demanded = [], None, False
        self._leader = winner
        self._over = self._early_end()

    def _early_end(self) -> str | None:
        """AT-6.7 / SI-6.7 (option early_end): the contract's outcome is settled, from the
        tricks won so far (a composed position may start settled)."""
        if not self.options.get("early_end") or self.contract.each_for_himself:
            return None
        obj = self.contract.objective
        won = self.tricks_won(0)
        if obj == NO_TRICKS and won >= 1:
            return "the declarer took a trick in %s" % self.contract.name
        if obj == ONE_TRICK and won >= 2:
            return "the declarer took a second trick in %s" % self.contract.name
        for party in sorted(self.valat_guard):
            if any(self.tricks_won(other) for other in range(len(self.parties)) if other != party):
                return "the %s lost a trick after valat was announced or bid" % self.party_name(party)
        return None

    def undo(self) -> str:
        """Take back the last token played (a card or a DEMAND) and return it."""
        if not self._stack:
            raise IndexError("nothing to undo")
        token = self._stack.pop()
        if token == DEMAND:
            self._demanded = False
            return token
        if not self._trick:
            self._tricks.pop()
            self._trick, self._named, self._demanded, self._leader, self._over = self._saved.pop()
        seat, card = self._trick.pop()
        self._hands[seat].add(card)
        if not self._trick:
            self._named = None
        return token

    # ------------------------------------------------------------ counting

    def party_name(self, party: int) -> str:
        """'declarer side' / 'defence' in team games, 'seat N' in each-for-himself games."""
        if self.contract.each_for_himself:
            return "seat %d" % party
        return ("declarer side", "defence")[party]

    def tricks_won(self, party: int) -> int:
        """Tricks won by a party, including those of a composed position's past."""
        before = sum(t for s, t in enumerate(self._tricks_before) if self._party_of[s] == party)
        return before + sum(1 for t in self._tricks if self._party_of[t.winner] == party)

    def pile(self, party: int) -> list[str]:
        """Cards the party owns now: its piles from before play and the tricks it won,
        with the Excuse/skus where FR-4.3/4.4 and DK-4.4 send it."""
        return [self.deck.tokens[c] for c in sorted(self._pile_cards(party), key=sort_key(self.deck))]

    def _pile_cards(self, party: int) -> list[int]:
        d, v = self.deck, self.variant
        cards = list(self._piles[party])
        for trick in self._tricks:
            last = trick.number == self.n_tricks
            for seat, tok in trick.cards:
                card = d.index[tok]
                owner_party = self._party_of[trick.winner]
                if card == d.special and v.special in (EXCUSE, SKUS) and not last:
                    owner_party = self._party_of[seat]  # returns to its holder's side (FR-4.3, DK-4.4)
                elif card == d.special and v.special == EXCUSE and trick.winner != seat:
                    owner_party = 1 - self._party_of[seat]  # FR-4.4: leaves its side unless chelem
                if owner_party == party:
                    cards.append(card)
        return cards

    def points(self, party: int) -> int:
        """Exact card points of a party so far, in the variant's units (thirds, halves, P).

        Includes piles counted before play, Danish trick points (DK-5.1: 1 P per trick and
        1 for the dealer's skat) and the French Excuse exchange (FR-4.3, Q-FR4.6: the Excuse's
        side gives half a point to the trick's winners)."""
        v = self.variant
        units = sum(v.points[c] for c in self._pile_cards(party))
        if v.trick_units:
            dealer_party = None if self.dealer is None else self._party_of[self.dealer]
            units += v.trick_units * (self.tricks_won(party) + (1 if party == dealer_party else 0))
        if v.special == EXCUSE:
            for trick in self._tricks:
                if trick.number == self.n_tricks:
                    continue
                for seat, tok in trick.cards:
                    if tok == "EX" and self._party_of[seat] != self._party_of[trick.winner]:
                        units += -1 if self._party_of[seat] == party else (
                            1 if self._party_of[trick.winner] == party else 0)
        return units

    def settlement(self, **overrides: Any) -> Settlement:
        """The settlement of the finished deal: a :class:`solver.scoring.Settlement` with each
        seat's amount and the itemised lines.  ``overrides``: rule options (``diff_round=5``)
        or scoring inputs (``kontra``, ``poignees``, ``declarations``, ``cups``, ``values``)."""
        from .scoring import settle
        return settle(self, **overrides)

    def points_display(self, party: int) -> str:
        """The party's points as written: '35 2/3', '40.5', '27'."""
        return self.variant.format_units(self.points(party))

    def __repr__(self) -> str:
        return "Position.from_line(%r)" % self.to_line()

    def __str__(self) -> str:
        return position_summary(self)


def _tokens(play: str | Iterable[str] | None) -> list[str]:
    if play is None:
        return []
    if isinstance(play, str):
        return play.replace(",", " ").split()
    return list(play)
