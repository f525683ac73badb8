"""`Position`: a deal in play, with the card-play rules of every variant.

This is the readable rules engine.  Everything else (the compiled search, the
analysis) trusts its legal-move lists, trick winners and card counts, and the
tests check the compiled core against it.

Seats are numbered in order of play (0 leads the first trick unless the
contract says otherwise).  *Parties* are the units that own tricks: in team
games party 0 is the declarer's side and party 1 the defence; in
each-for-himself games (klop, Trischaken, Danish) party *i* is seat *i*.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Callable, NamedTuple, Union

from .cards import SUIT_LETTERS, TRUMP, format_hand, parse_card, parse_cards, sort_key
from .discards import check_discards
from .errors import (
    AnnouncementError,
    CardCountError,
    DuplicateCardError,
    HandSizeError,
    IllegalDiscardError,
    IllegalMoveError,
    NotationError,
    RedealError,
    SeatError,
    TarokError,
)
from .notation import (
    decoded,
    position_kwargs_from_json,
    position_kwargs_from_line,
    position_summary,
    position_to_json,
    position_to_line,
)
from .text import is_whole, shown, whole_number
from .variants import (
    EACH,
    EXCHANGE,
    EXCUSE,
    NEGATIVE,
    NO_TRICKS,
    ONE_TRICK,
    POSITIVE,
    SKAT,
    SKUS,
    SOLORUFER,
    TO_DECLARER,
    TO_DEFENCE,
    TRUMP_22,
    UNUSED,
    VALAT,
    Variant,
    get_variant,
)

if TYPE_CHECKING:
    from .settlement import Settlement

# What a Position's file can hold besides the hands (the keyword arguments of Position()).
CardsText = Union[str, Sequence[Union[str, int]], None]
# A move's legality: (rule id, reason, the cards that rule removed).
Step = tuple[str, str, set[int]]


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
_NAMES = SUIT_LETTERS + "T"  # what a led skus may be named: a suit or T (tarok)


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
        self.declarer: int | None = None if c.each_for_himself else self._seat(declarer, "declarer")
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
        self._check_deck(places)
        self._check_hand_sizes(initial)

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

        self.announcements = self._parse_announcements(announcements)
        self.named_discards: tuple[int, ...] = ()  # DK-2.8 item 4: skat cards laid away from a declaration
        if not self.composed:
            self._check_talon_fields(piles)
            self.named_discards = self._check_discards(initial, piles)
            self._check_redeal(initial, piles)
        self._tricks_before = self._check_tricks_taken(tricks_taken, len(initial[0]))
        self._derive_rules(initial)
        self.composed_leader: int | None = None  # who leads a composed endgame's first trick, when not the rules'
        if leader is not None:
            if not self.composed:
                raise SeatError("leader is only given for a composed endgame; a full deal's first lead "
                                "follows the rules")
            self.composed_leader = self._first_leader = self._seat(leader, "leader")

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

    def _seat(self, value: object, role: str) -> int:
        if value is None:
            raise SeatError("%s needs a %s seat (0-%d)" % (self.contract.name, role, self.players - 1))
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < self.players:
            raise SeatError("%s seat %s is out of range: seats are 0-%d in order of play"
                            % (role, shown(value), self.players - 1))
        return value

    def _check_deck(self, places: list[tuple[str, list[int]]]) -> None:
        where: dict[int, str] = {}
        for name, cards in places:
            for card in cards:
                if card in where:
                    raise DuplicateCardError("%s is both in %s and in %s"
                                             % (self.deck.tokens[card], where[card], name))
                where[card] = name
        missing = [c for c in range(self.deck.size) if c not in where]
        if missing:
            raise CardCountError("%d card%s of the %s deck %s nowhere in the deal: %s"
                                 % (len(missing), "s" if len(missing) > 1 else "", self.variant.id,
                                    "is" if len(missing) == 1 else "are", format_hand(missing, self.deck)))

    def _check_hand_sizes(self, initial: list[list[int]]) -> None:
        size = self.variant.hand_size
        for s, h in enumerate(initial):
            if not self.composed and len(h) != size:
                raise HandSizeError("seat %d holds %d cards; %s hands have %d at the start of play "
                                    "(mark a shorter deal as composed)" % (s, len(h), self.variant.id, size))
            if self.composed and len(h) != len(initial[0]):
                raise HandSizeError("a composed endgame needs equal hands: seat 0 holds %d cards, "
                                    "seat %d holds %d" % (len(initial[0]), s, len(h)))
        if self.composed and not 0 < len(initial[0]) <= size:
            raise HandSizeError("a composed endgame needs 1 to %d cards per hand" % size)

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
                holder = self._seat(partner, "partner")  # the king already fell
            self.partner = None if holder == self.declarer else holder
        elif partner is not None:
            self.partner = self._seat(partner, "partner")
            if self.partner == self.declarer:
                raise SeatError("the partner cannot be the declarer; leave it out for a solo")
        else:
            raise SeatError("%s is played with a called king: give called_king (e.g. \"HK\") or partner"
                            % c.name)

    def _check_talon_fields(self, piles: dict[int, list[int]]) -> None:
        v, c = self.variant, self.contract
        t = v.talon_size
        sizes = {"talon": len(self._talon), "skat": len(self._skat)}
        if c.each_for_himself:
            sizes["seat_piles"] = sum(len(p) for p in piles.values())
        else:
            sizes.update(declarer_pile=len(piles[0]), defence_pile=len(piles[1]))
        want = {EXCHANGE: {"declarer_pile": c.group, "defence_pile": t - c.group},
                TO_DEFENCE: {"defence_pile": t}, TO_DECLARER: {"declarer_pile": t},
                UNUSED: {"talon": t}, SKAT: {"skat": t}}.get(c.talon, {})
        if c.talon == SOLORUFER:  # AT-6.5: the talon half holding the called king ends with the declarer
            want = {"declarer_pile": 3, "defence_pile": 3} if sizes["declarer_pile"] else {"defence_pile": t}
            if sizes["declarer_pile"] and self.called_king not in piles[0]:
                raise IllegalDiscardError("Solorufer: the declarer keeps a talon half only when it holds "
                                          "the called king (AT-6.5)")
            if self.called_king in piles[1]:
                raise IllegalDiscardError(
                    "Solorufer: the called king %s is in the talon, so the declarer gets the talon half holding "
                    "it (AT-6.5): give that half as declarer_pile and the other as defence_pile"
                    % self.deck.tokens[self.called_king])
        for name, size in sizes.items():
            if size != want.get(name, 0):
                raise CardCountError("%s (%s) needs %d cards in %s, got %d"
                                     % (c.name, v.id, want.get(name, 0), name, size))

    def _check_discards(self, initial: list[list[int]], piles: dict[int, list[int]]) -> tuple[int, ...]:
        """The discard rules (solver/discards.py) for the declarer's discard or the Danish skat."""
        c = self.contract
        if c.talon == EXCHANGE:
            discards, holder = piles[0], self.declarer
        elif c.talon == SKAT:
            discards, holder = self._skat, self.dealer
        else:
            return ()
        assert holder is not None  # an exchange has a declarer, a skat a dealer
        return check_discards(self.variant, c, initial[holder], discards,
                              tout=("tout", self.dealer) in self.announcements)

    def _check_redeal(self, initial: list[list[int]], piles: dict[int, list[int]]) -> None:
        """SI-2.4 (option no_tarok_redeal): a seat dealt no tarok is shown and the deal is redealt
        as a forced klop, so only klop can follow such a deal.  The exchanging declarer's dealt
        hand is not known, but its taroks are among his hand and his discards."""
        if self.contract.id == "klop":
            return
        dealt = [list(h) for h in initial]
        if self.contract.talon == EXCHANGE and self.declarer is not None:
            dealt[self.declarer] += piles[0]
        seat = self.variant.redeal_seat(dealt, self.options)
        if seat is not None:
            raise RedealError("seat %d was dealt no tarok: the deal is thrown in and redealt as a forced klop "
                              "(SI-2.4), so it is not played as %s; set the option no_tarok_redeal=false for a "
                              "composed study" % (seat, self.contract.name))

    def _check_tricks_taken(self, tricks_taken: object, hand_len: int) -> list[int]:
        before = self.variant.tricks - hand_len
        if tricks_taken is None:
            if before:
                raise NotationError("a composed endgame with %d tricks already played needs tricks_taken "
                                    "(tricks won so far, one number per seat)" % before)
            return [0] * self.players
        if not isinstance(tricks_taken, (list, tuple)) or len(tricks_taken) != self.players or not all(
                is_whole(t, 0) for t in tricks_taken):
            raise NotationError("tricks_taken needs %d non-negative numbers, one per seat" % self.players)
        if sum(tricks_taken) != before:
            raise NotationError("tricks_taken adds up to %d, but %d tricks were played before this endgame"
                                % (sum(tricks_taken), before))
        return list(tricks_taken)

    def _parse_announcements(self, items: object) -> tuple[tuple[str, int], ...]:
        v, c = self.variant, self.contract
        out = [(name, self.declarer) for name in c.implied if self.declarer is not None]
        given = items or ()
        if not isinstance(given, (list, tuple)):
            raise AnnouncementError('announcements take a list such as ["pagat_ultimo@1"], not %s' % shown(items))
        seat: object
        for item in given:
            if isinstance(item, dict):
                name, seat = item.get("name"), item.get("seat")
            else:
                name, _, seat_text = str(item).partition("@")
                seat = (seat_text or None) if whole_number(seat_text) is None else whole_number(seat_text)
            name = name.strip().lower() if isinstance(name, str) else name
            ann = v.announcements.get(name) if isinstance(name, str) else None
            if ann is None:
                raise AnnouncementError("%s is not an announcement of %s; known: %s"
                                        % (shown(name), v.id, ", ".join(v.announcements)))
            assert isinstance(name, str)
            if not ann.allowed_in(c):
                raise AnnouncementError("%s cannot be announced in %s" % (name, c.name))
            if name == "king_ultimo" and self.called_king is None:
                raise AnnouncementError("king_ultimo needs the called_king to be given")
            if seat is None:
                seat = (self.partner if ann.by == "partner" and self.partner is not None
                        else self.dealer if c.each_for_himself else self.declarer)
            seat_no = self._seat(seat, "announcing")
            self._check_announcer(name, seat_no)
            if (name, seat_no) not in out:
                out.append((name, seat_no))
        return tuple(out)

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

    def _check_announcer(self, name: str, seat: int) -> None:
        if seat in self.announcers(name):
            return
        if self.variant.announcements[name].by == "partner":
            who = ("seat %d (write %s@%d)" % (self.partner, name, self.partner) if self.partner is not None
                   else "nobody here, the declarer has no partner")
            raise AnnouncementError("%s may be announced only by the partner, the holder of the called king "
                                    "(SI-7): %s, not seat %d" % (name, who, seat))
        raise AnnouncementError("%s can be scored only by the opposing party (AT-7): seat %d is on the "
                                "declarer's side" % (name, seat))

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

    # ------------------------------------------------------------ rules

    def _led_suit(self, trick: Sequence[tuple[int, int]] | None = None, named: int | None = None) -> int | None:
        """Suit to follow: the first card's suit; after a led Excuse the second card's (FR-3.2);
        after a led skus the named suit (DK-3.5).  None when nothing sets it yet."""
        trick = self._trick if trick is None else trick
        named = self._named if named is None else named
        d = self.deck
        for i, (_, card) in enumerate(trick):
            if card != d.special:
                return d.suit[card]
            if self.variant.special == SKUS and i == 0:
                return named
        return None

    def _winner_index(self, trick: Sequence[tuple[int, int]], named: int | None = None,
                      last: bool = False) -> int | None:
        """Index in ``trick`` of the card winning it so far (trick may be partial; None while
        only a led Excuse or skus is in it)."""
        d = self.deck
        cards = [c for _, c in trick]
        if (last and self.variant.special == EXCUSE and d.special in cards
                and self._excuse_chelem(trick[cards.index(d.special)][0])):  # FR-4.4
            return cards.index(d.special)
        led = self._led_suit(trick, named)
        trumps_win = not self.contract.colour and not (  # AT-4.2 colour games, SI-4.3 colour valat
            self.contract.colour_valat and led != TRUMP
            and any(s == self.declarer and d.suit[c] == led for s, c in trick))
        # SI-4.1, AT-4.3; in colour valat the declarer's suit card outranks the trula as well
        if (self.play_rules.emperor and (trumps_win or led == TRUMP)
                and {d.trump(1), d.trump(21), d.trump(22)} <= set(cards)):
            return cards.index(d.trump(1))
        best, best_key = None, None
        for i, c in enumerate(cards):
            if c == d.special and self.variant.special != TRUMP_22:
                continue  # Excuse and skus never win (FR-4.2, DK-4.2)
            if d.suit[c] == TRUMP and (trumps_win or led == TRUMP):
                key = (2, d.rank[c])
            elif d.suit[c] == led:
                key = (1, d.rank[c])
            else:
                continue
            if best_key is None or key > best_key:
                best, best_key = i, key
        return best

    def _excuse_chelem(self, seat: int) -> bool:
        """FR-4.4 / Q-FR5: the Excuse's side has won every earlier trick."""
        party = self._party_of[seat]
        others_before = sum(t for s, t in enumerate(self._tricks_before) if self._party_of[s] != party)
        return others_before == 0 and all(self._party_of[t.winner] == party for t in self._tricks)

    def _beats_category(self, card: int, led: int) -> bool:
        """beat_highest_of_category (Q-X2): above every card of its own category already played."""
        d = self.deck
        cat = TRUMP if d.suit[card] == TRUMP else d.suit[card]
        if cat not in (led, TRUMP):
            return False
        return all(d.rank[card] > d.rank[c] for _, c in self._trick if d.suit[c] == cat)

    def _legal_steps(self, seat: int) -> tuple[set[int], list[Step]]:
        """The cards ``seat`` may play now, with the rule behind each restriction.

        Returns (cards, steps); steps is a list of (rule id, reason, cards it removed).
        """
        v, d, hand = self.variant, self.deck, self._hands[seat]
        t = self.trick_number
        ex = d.special
        steps: list[Step] = []
        if v.special == SKUS and ex in hand and t == self.n_tricks - 2 and (
                self._demanded or self.options["skus_demand_policy"] == "always"):
            return {ex}, [("DK-3.7", "the skus was demanded for trick %d" % t, hand - {ex})]
        wild = ex in hand and v.special in (EXCUSE, SKUS)
        cards = hand - {ex} if wild else set(hand)
        legal = set(cards)

        def narrow(rule: str, reason: str, allowed: set[int]) -> None:
            nonlocal legal
            if allowed != legal:
                steps.append((rule, reason, legal - allowed))
                legal = allowed

        fam = v.family
        follow_rule = {"slovenian": "SI-3.1", "koenigrufen": "AT-3.1", "french": "FR-3.3", "danish": "DK-3.1"}[fam]
        trump_rule = {"slovenian": "SI-3.1", "koenigrufen": "AT-3.2", "french": "FR-3.4", "danish": "DK-3.2"}[fam]
        if not self._trick:
            if self.contract.colour and any(d.suit[x] < TRUMP for x in legal):
                narrow("AT-3.5", "in a colour game tarock may be led only without suit cards",
                       {x for x in legal if d.suit[x] < TRUMP})
        else:
            led = self._led_suit()
            if led is not None:
                follow = {x for x in legal if d.suit[x] == led}
                if follow:
                    narrow(follow_rule, "must follow %s" % _suit_name(led), follow)
                else:
                    trumps = {x for x in legal if d.suit[x] == TRUMP}
                    if trumps and self.play_rules.tarockzwang:
                        narrow(trump_rule, "void in %s: must play a trump" % _suit_name(led), trumps)
                if v.must_overtrump and all(d.suit[x] == TRUMP for x in legal) and legal and (
                        led != TRUMP or self.options["overtrump_on_trump_lead"]):
                    top = max((d.rank[c] for _, c in self._trick if d.suit[c] == TRUMP), default=0)
                    higher = {x for x in legal if d.rank[x] > top}
                    if higher:
                        narrow("FR-3.5", "must overtrump T%d" % top, higher)
                if self.play_rules.must_beat:
                    if self.play_rules.must_beat_mode == "beat_winner":
                        beat = {x for x in legal
                                if self._winner_index(self._trick + [(seat, x)]) == len(self._trick)}
                    else:
                        beat = {x for x in legal if self._beats_category(x, led)}
                    if beat:
                        narrow("SI-3.3" if fam == "slovenian" else "AT-3.3",
                               "negative contract: must beat the trick", beat)
        pagat = d.trump(1)
        if self.play_rules.pagat_rule == "si" and pagat in legal and len(legal) > 1:
            narrow("SI-3.4", "negative contract: the pagat only when no other card is legal", legal - {pagat})
        if self.play_rules.pagat_rule == "at" and pagat in legal and any(
                d.suit[x] == TRUMP and x != pagat for x in legal):
            narrow("AT-3.6", "negative game (rule 4c): the Pagat only when no other tarock may be played",
                   legal - {pagat})
        if self.play_rules.reserved:
            legal = self._apply_reservations(seat, legal, t, narrow)
        if wild and ex is not None:
            if v.special == EXCUSE:
                legal = legal | {ex}  # FR-3.1
            elif t != self.n_tricks - 1:
                legal = legal | {ex}  # DK-3.4
            else:
                steps.append(("DK-3.6", "the skus may not be played in the next-to-last trick", {ex}))
        return legal, steps

    def _apply_reservations(self, seat: int, legal: set[int], t: int,
                            narrow: Callable[[str, str, set[int]], None]) -> set[int]:
        """AT-3.4 rule 4a (and SI-3.5 for an announced pagat ultimo)."""
        rule = "SI-3.5" if self.variant.family == "slovenian" else "AT-3.4"
        mine = {c: (trick, name) for c, (holder, trick, name) in self.play_rules.reserved.items()
                if holder == seat and c in self._hands[seat] and trick >= t}
        if not mine:
            return legal
        due = {c for c, (trick, _) in mine.items() if trick == t and c in legal}
        if due:
            narrow(rule, "announced %s: the card must be played to trick %d"
                   % (" and ".join(sorted(mine[c][1] for c in due)), t), due)
            return due
        free = legal - set(mine)
        if free:
            narrow(rule, "announced ultimo cards are kept for their trick", free)
            return free
        first = min(mine[c][0] for c in legal if c in mine)
        forced = {c for c in legal if c in mine and mine[c][0] == first}
        narrow(rule, "forced to play an announced card early: the one due first", forced)
        return forced

    def _skus_names(self, seat: int) -> list[str]:
        """DK-3.5: a led skus is named as a suit (or T) that another player holds."""
        d = self.deck
        held = {d.suit[c] for s in range(self.players) if s != seat for c in self._hands[s] if c != d.special}
        return [_NAMES[i] for i in range(5) if i in held]

    @property
    def legal_moves(self) -> list[str]:
        """Tokens the player to move may play, canonical order; a led Danish skus appears
        once per name it may take (``EX:H``).  Empty when play is over."""
        seat = self.to_move
        if seat is None:
            return []
        cards, _ = self._legal_steps(seat)
        out: list[str] = []
        for c in sorted(cards, key=sort_key(self.deck)):
            if c == self.deck.special and self.variant.special == SKUS and not self._trick:
                out += ["EX:" + name for name in self._skus_names(seat)]
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
        legal, steps = self._legal_steps(seat)
        if card not in legal:
            rule, reason = next(((r, why) for r, why, removed in steps if card in removed),
                                ("rules", "not allowed"))
            raise IllegalMoveError("seat %d may not play %s in trick %d: %s (%s); legal: %s"
                                   % (seat, tok, t, reason, rule, " ".join(self.legal_moves)),
                                   card=tok, seat=seat, trick=t, rule=rule)
        named = None
        leading_skus = card == self.deck.special and self.variant.special == SKUS and not self._trick
        if leading_skus:
            names = self._skus_names(seat)
            name = name.strip().upper()
            name = "T" if name in ("TAROK", "TRUMP", "TRUMPS") else name
            if name not in names:
                raise IllegalMoveError("seat %d leads the skus in trick %d and must name it as a suit another "
                                       "player holds: %s (DK-3.5)"
                                       % (seat, t, " ".join("EX:" + n for n in names)),
                                       card=tok, seat=seat, trick=t, rule="DK-3.5")
            named = _NAMES.index(name)
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
        self._stack.append(self.deck.tokens[card] + ("" if named is None else ":" + _NAMES[named]))
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
        idx = self._winner_index(self._trick, self._named, last=last)
        assert idx is not None  # a whole trick holds a card that can win it
        winner = self._trick[idx][0]
        self._tricks.append(Trick(self.trick_number, self._leader,
                                  tuple((s, self.deck.tokens[c]) for s, c in self._trick), winner,
                                  None if self._named is None else _NAMES[self._named]))
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


def _suit_name(suit: int) -> str:
    return ("spades", "hearts", "diamonds", "clubs", "trumps", "the Excuse")[suit]


def _tokens(play: str | Iterable[str] | None) -> list[str]:
    if play is None:
        return []
    if isinstance(play, str):
        return play.replace(",", " ").split()
    return list(play)
