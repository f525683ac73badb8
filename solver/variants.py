"""The variants as data: deck, point units, play-rule flags, contracts and rule options.

Nothing here plays a card; :mod:`solver.position` reads these tables, and so
will the compiled search core.  Rule ids (SI-3.3, FR-4.4 …) refer to
``RULES.md``; option defaults are the recommendations of its §8 / Appendix B.
"""

from dataclasses import dataclass

from .cards import DECK_54, DECK_DANISH, DECK_FRENCH, TRUMP, _fold
from .errors import OptionError, UnknownContractError, UnknownVariantError
from .text import shown, whole_number

# Kinds of the special (22nd non-suit) card, RULES.md Q-X1: three separate code paths.
TRUMP_22 = "TRUMP_22"  # škis / Sküs: simply the highest trump
EXCUSE = "EXCUSE"  # French Excuse: always playable, never wins, returns to its side
SKUS = "SKUS"  # Danish skus: wild, named when led, never wins, returns to its holder

# Contract kinds.
POSITIVE = "positive"  # a declarer side plays for card points
NEGATIVE = "negative"  # beggar / piccolo: the declarer plays for (almost) no tricks
VALAT = "valat"  # the declarer plays for every trick
EACH = "each"  # each for himself: klop, Trischaken, Danish

# What happens to the talon / dog / skat before play.
EXCHANGE = "exchange"  # declarer takes `group` talon cards and discards as many
TO_DEFENCE = "to_defence"  # whole talon counts for the defence
TO_DECLARER = "to_declarer"  # whole talon counts for the declarer, unseen (garde sans)
SOLORUFER = "solorufer"  # to the defence, but the half holding the called king to the declarer
UNUSED = "unused"  # nobody's (negative games, klop, Trischaken)
SKAT = "skat"  # Danish: the dealer's three discards count in his pile

# Objectives (what the contract asks of the declarer side).
POINTS = "points"
NO_TRICKS = "no_tricks"
ONE_TRICK = "one_trick"
ALL_TRICKS = "all_tricks"


@dataclass(frozen=True)
class Contract:
    id: str
    name: str
    kind: str
    talon: str
    objective: str
    value: object = None  # base value / factor (scoring issue); None where the seed gives none
    group: int = 0  # talon cards the declarer takes (EXCHANGE)
    called_king: bool = False  # declarer calls a king; its holder is his partner
    colour: bool = False  # Königrufen colour game: tarock is a fifth suit (AT-4.2, AT-3.5)
    colour_valat: bool = False  # Slovenian colour valat trick rule (SI-4.3)
    implied: tuple = ()  # announcements made by the bid itself (Rufer + Pagat …)
    aliases: tuple = ()

    @property
    def each_for_himself(self):
        return self.kind == EACH


@dataclass(frozen=True)
class Option:
    name: str
    default: object
    choices: tuple  # allowed values; (False, True) for switches
    rule: str  # where RULES.md discusses it
    doc: str

    def check(self, value, variant_id):
        if self.choices and isinstance(self.default, tuple):  # a set of choices, e.g. klop,beggar (or none)
            items = value if isinstance(value, (list, tuple)) else str(value).split(",") if isinstance(
                value, str) else [value]
            items = [x.strip() if isinstance(x, str) else x for x in items]
            bad = [x for x in items if x != "" and x not in self.choices]
            if bad:
                raise OptionError("option %s of %s: %s not among %s"
                                  % (self.name, variant_id, ", ".join(x if isinstance(x, str) and len(x) < 60
                                                                      else shown(x) for x in bad),
                                     ", ".join(self.choices)))
            return tuple(dict.fromkeys(x for x in items if x != ""))
        if type(self.default) is int and whole_number(value) is not None:
            value = whole_number(value)  # the one-line form reads option values as text (diff_round=5)
        if value not in self.choices or type(value) is not type(self.default):
            raise OptionError("option %s of %s takes one of %s, not %s"
                              % (self.name, variant_id, ", ".join(map(str, self.choices)), shown(value)))
        return value


@dataclass(frozen=True)
class Announcement:
    """An announcement that play must know about (bonus-only ones matter to scoring)."""

    name: str
    kinds: tuple  # where it may be announced: contract kinds, "black" (positive, not colour), "called_king"
    reserves: object = None  # card token reserved for a trick (AT-3.4, SI-3.5); "called_king"
    from_end: int = 0  # designated trick counted from the last (0 = last trick)
    ends_play: bool = False  # play stops when the announcing side loses a trick (AT-6.7)
    by: str = "any"  # who may announce it: "any", "partner" (the called king's holder), "defence"

    def allowed_in(self, contract):
        return any(k == contract.kind or (k == "black" and contract.kind == POSITIVE and not contract.colour)
                   or (k == "called_king" and contract.called_king) for k in self.kinds)


@dataclass(frozen=True)
class Variant:
    id: str
    name: str
    deck: object
    players: int
    hand_size: int
    talon_size: int
    talon_name: str
    unit: int  # units per card point: 3 (thirds), 2 (halves), 1 (Danish P)
    unit_name: str
    points: tuple  # units per card index
    trick_units: int  # units per trick won (Danish 1 P, DK-5.1), else 0
    special: str  # TRUMP_22 / EXCUSE / SKUS
    must_overtrump: bool  # FR-3.5
    pagat_rule: str  # negative contracts: "si" (SI-3.4) or "at" (AT-3.6 rule 4c), or ""
    emperor: str  # "all" (SI-4.1), "black_positive" (AT-4.3), "" (none)
    self_call: bool  # may the declarer call a king he holds (Q-X5)
    contracts: dict
    default_contract: str
    announcements: dict
    options: dict
    family: str  # "slovenian", "koenigrufen", "french", "danish"

    @property
    def tricks(self):
        return self.hand_size

    @property
    def total_units(self):
        return sum(self.points) + self.trick_units * (self.tricks + (1 if self.talon_name == "skat" else 0))

    def contract(self, name):
        """The contract with this id or alias (case and accents ignored)."""
        key = _key(name)
        for c in self.contracts.values():
            if key == c.id or key in c.aliases:
                return c
        raise UnknownContractError("%s is not a contract of %s; choose one of %s"
                                   % (shown(name), self.id, ", ".join(self.contracts)))

    def resolve_options(self, given=None):
        """The full option dict: defaults overridden by ``given`` (prefixes like ``si.`` allowed)."""
        values = {name: opt.default for name, opt in self.options.items()}
        if not isinstance(given or {}, dict):
            raise OptionError('options take an object such as {"early_end": false}, not %s' % shown(given))
        for raw, value in (given or {}).items():
            raw = str(raw)
            name = raw.split(".", 1)[1] if "." in raw else raw
            if name not in self.options:
                raise OptionError("%s is not a rule option of %s; options are %s"
                                  % (shown(raw), self.id, ", ".join(self.options) or "none"))
            values[name] = self.options[name].check(value, self.id)
        return values

    def redeal_seat(self, hands, options=None):
        """SI-2.4: the first seat dealt no tarok, when the rules (option ``no_tarok_redeal``)
        throw such a deal in and redeal it as a forced klop; else None.  ``hands``: card
        indices as dealt, one list per seat."""
        if not self.resolve_options(options).get("no_tarok_redeal"):
            return None
        return next((s for s, hand in enumerate(hands) if not any(self.deck.suit[c] == TRUMP for c in hand)),
                    None)

    def format_units(self, units):
        """Exact display of a number of units: '47 1/3' (thirds), '40.5' (halves), '27' (P)."""
        sign = "-" if units < 0 else ""
        whole, rest = divmod(abs(units), self.unit)
        if rest == 0:
            return "%s%d" % (sign, whole)
        if self.unit == 2:
            return "%s%d.5" % (sign, whole)
        return "%s%d %d/%d" % (sign, whole, rest, self.unit) if whole else "%s%d/%d" % (sign, rest, self.unit)


def _key(name):
    if not isinstance(name, str):
        return None
    return _fold(name).lower().replace("-", "_").replace(" ", "_")


# ------------------------------------------------------------------ points

def _points_54():
    """Thirds per card (AT-5.1, SI-5.3): nominal value minus 2/3."""
    d = DECK_54
    special = {d.trump(1), d.trump(21), d.trump(22)}
    court = {"K": 13, "Q": 10, "N": 7, "J": 4}
    return tuple(13 if c in special else court.get(tok[-1], 1) if d.suit[c] < TRUMP else 1
                 for c, tok in enumerate(d.tokens))


def _points_french():
    """Half points per card (FR-5): bouts and kings 4.5, Q 3.5, N 2.5, J 1.5, others 0.5."""
    d = DECK_FRENCH
    bouts = {d.trump(1), d.trump(21), d.special}
    court = {"K": 9, "Q": 7, "N": 5, "J": 3}
    return tuple(9 if c in bouts else court.get(tok[-1], 1) if d.suit[c] < TRUMP else 1
                 for c, tok in enumerate(d.tokens))


def _points_danish():
    """Honour values in P (DK-5): T21, T1, skus, kings 4; queens 3; cavals 2; jacks 1."""
    d = DECK_DANISH
    honours = {d.trump(1), d.trump(21), d.special}
    court = {"K": 4, "Q": 3, "N": 2, "J": 1}
    return tuple(4 if c in honours else court.get(tok[-1], 0) if d.suit[c] < TRUMP else 0
                 for c, tok in enumerate(d.tokens))


# --------------------------------------------------------------- contracts

def _contracts(*items):
    return {c.id: c for c in items}


def _slovenian_contracts(players):
    partner = players == 4
    C = Contract
    items = [
        C("three", "trojka (three)", POSITIVE, EXCHANGE, POINTS, 10, 3, partner, aliases=("trojka",)),
        C("two", "dvojka (two)", POSITIVE, EXCHANGE, POINTS, 20, 2, partner, aliases=("dvojka",)),
        C("one", "enka (one)", POSITIVE, EXCHANGE, POINTS, 30, 1, partner, aliases=("enka",)),
        C("piccolo", "pikolo", NEGATIVE, UNUSED, ONE_TRICK, 35, aliases=("pikolo",)),
    ]
    if partner:  # SI3-2: no solo three/two/one with three players
        items += [
            C("solo_three", "solo tri", POSITIVE, EXCHANGE, POINTS, 40, 3, aliases=("solo_tri",)),
            C("solo_two", "solo dve", POSITIVE, EXCHANGE, POINTS, 50, 2, aliases=("solo_dve",)),
            C("solo_one", "solo ena", POSITIVE, EXCHANGE, POINTS, 60, 1, aliases=("solo_ena",)),
        ]
    items += [
        C("beggar", "berač (beggar)", NEGATIVE, UNUSED, NO_TRICKS, 70, aliases=("berac",)),
        C("solo_without", "solo brez talona", POSITIVE, TO_DEFENCE, POINTS, 80,
          aliases=("solo_brez", "solo_brez_talona")),
        C("open_beggar", "odprti berač (open beggar)", NEGATIVE, UNUSED, NO_TRICKS, 90,
          aliases=("odprti_berac",)),
        C("colour_valat", "barvni valat (colour valat)", VALAT, UNUSED, ALL_TRICKS, 125,
          colour_valat=True, aliases=("barvni_valat", "color_valat")),
        C("valat", "valat", VALAT, UNUSED, ALL_TRICKS, 500),
        C("klop", "klop", EACH, UNUSED, "", None),
    ]
    return _contracts(*items)


def _koenigrufen_contracts():
    C = Contract
    bonus = lambda n, a: C("rufer_" + a, "Rufer + " + n, POSITIVE, EXCHANGE, POINTS, None, 3, True,
                          implied=(a,), aliases=(a + "rufer", "besserrufer_" + a))
    return _contracts(
        C("rufer", "Rufer", POSITIVE, EXCHANGE, POINTS, 2, 3, True),
        bonus("Pagat", "pagat"), bonus("Uhu", "uhu"), bonus("Pelikan", "pelikan"), bonus("Quapil", "quapil"),
        C("solorufer", "Solorufer", POSITIVE, SOLORUFER, POINTS, 4, 0, True),
        C("dreier", "Dreier", POSITIVE, EXCHANGE, POINTS, 6, 3),
        C("solodreier", "Solodreier", POSITIVE, TO_DEFENCE, POINTS, 12),
        C("sechserdreier", "Sechserdreier", POSITIVE, EXCHANGE, POINTS, 6, 6),
        C("farbendreier", "Farbendreier", POSITIVE, EXCHANGE, POINTS, None, 3, colour=True),
        C("solofarbendreier", "Solofarbendreier", POSITIVE, TO_DEFENCE, POINTS, None, colour=True),
        C("bettler", "Bettler", NEGATIVE, UNUSED, NO_TRICKS),
        C("bettler_ouvert", "Bettler ouvert", NEGATIVE, UNUSED, NO_TRICKS),
        C("piccolo", "Piccolo", NEGATIVE, UNUSED, ONE_TRICK),
        C("piccolo_ouvert", "Piccolo ouvert", NEGATIVE, UNUSED, ONE_TRICK),
        C("trischaken", "Trischaken", EACH, UNUSED, "", 2),
    )


def _french_contracts(players):
    dog = 3 if players == 5 else 6
    called = players == 5  # FR-6.5
    C = Contract
    return _contracts(
        C("petite", "petite", POSITIVE, EXCHANGE, POINTS, 1, dog, called, aliases=("prise", "small")),
        C("garde", "garde", POSITIVE, EXCHANGE, POINTS, 2, dog, called, aliases=("guard",)),
        C("garde_sans", "garde sans", POSITIVE, TO_DECLARER, POINTS, 4, 0, called,
          aliases=("garde_sans_le_chien", "guard_without")),
        C("garde_contre", "garde contre", POSITIVE, TO_DEFENCE, POINTS, 6, 0, called,
          aliases=("garde_contre_le_chien", "guard_against")),
    )


# ---------------------------------------------------------------- options

def _switch(name, default, rule, doc):
    return Option(name, default, (False, True), rule, doc)


_DIRECTION = Option("direction", "counter-clockwise", ("counter-clockwise", "clockwise"), "§0.3, Q-X7",
                    "physical direction of play; seats are always numbered in play order, so "
                    "this is only recorded")
_EARLY_END = _switch("early_end", True, "AT-6.7, SI-6.7, Q-SI8",
                     "play stops when a beggar/piccolo is lost or an announced valat loses a trick")
_MUST_BEAT_MODE = Option(
    "must_beat_mode", "beat_winner", ("beat_winner", "beat_highest_of_category"), "Q-X2",
    "beat_winner: must play a card that would win the trick now, if any allowed card does; "
    "beat_highest_of_category: must play above the highest card of the same suit (or trumps) "
    "already played, even when the trick is already trumped")


def _options(*items):
    return {o.name: o for o in items}


_SLOVENIAN_OPTIONS = _options(
    _DIRECTION, _EARLY_END, _MUST_BEAT_MODE,
    _switch("win_at_35_plus_card", False, "SI-6.6, Q-SI1",
            "a point contract is won with 35 1/3 exact ('35 and a card') instead of 35 2/3 (36 counted)"),
    Option("must_beat_contracts", ("klop", "beggar", "open_beggar", "piccolo"),
           ("klop", "beggar", "open_beggar", "piccolo"), "SI-3.3, Q-X2",
           "negative contracts with the must-beat rule and the pagat restriction; "
           "[002] literally names only klop and beggar"),
    _switch("no_tarok_redeal", True, "SI-2.4, Q-SI12",
            "a deal in which a seat gets no tarok is thrown in and redealt as a forced klop ([003]): "
            "random deals do so, and a position where a seat was dealt no tarok is refused unless it is "
            "klop; false allows such a seat (composed studies)"),
    _switch("declarer_leads_above_solo_one", False, "SI-2.5, Q-SI5",
            "the declarer, not forehand, leads the first trick in contracts above solo one"),
    Option("diff_round", 1, (1, 5), "SI-8, Q-SI2",
           "scoring: the difference between the points and 35 is exact (1, [002]: solo two 44 -> 59) or rounded "
           "to the nearest 5 (5, [003]: 44 -> 60)"),
    _switch("solo_brez_adds_difference", True, "SI-8, Q-SI7",
            "scoring: solo brez talona scores 80 plus the difference like every point contract "
            "([002]); false: a flat 80 ([003])"),
    _switch("mond_penalty", True, "SI-7, Q-SI13, Q-X3",
            "scoring: a player whose mond falls in the same trick as the škis (no emperor trick) "
            "scores a personal -20 in every contract ([003]); false for a pure [002] ruleset"),
    _switch("kontra_on_silent_bonuses", False, "SI-8, Q-SI15",
            "scoring: the game's kontra also multiplies the silent (unannounced) bonuses, reading [002]'s "
            "'napovedanih in nenapovedanih dosežkov ... se pomnožijo z morebitnimi kontrami' for them too; "
            "default: a silent bonus keeps its value (only an announcement has a kontra of its own)"),
    Option("klop_scorer", "raw", ("raw", "outside_practice"), "SI-6.8, Q-SI3",
           "scoring of klop, which the seeds leave out: raw per-player tricks and points only, or "
           "the [X] outside practice (minus own counted points; no trick +70; over 35 -70; "
           "the talon is not handed out)"),
)
_KOENIGRUFEN_OPTIONS = _options(
    _DIRECTION, _EARLY_END, _MUST_BEAT_MODE,
    _switch("tarockzwang_in_colour_games", True, "AT-3.7, Q-AT3",
            "in Farbendreier a player void in the led suit must still play a tarock"),
    _switch("maerchenstich_in_negative", False, "AT-4.3, Q-X4",
            "the Märchenstich (Pagat beats Mond and Sküs in one trick) also in Bettler, Piccolo and Trischaken"),
    Option("tariff", "seed", ("seed", "ooe_2023"), "AT-8, Q-AT1, §2.8",
           "scoring: the values of the bid and bonus tables the seed leaves out: seed = only what [001] "
           "states (the others must be given in 'values'); ooe_2023 = the complete tariff of the Upper Austrian "
           "tournament rules (Oberösterreichische Tarockregeln, version 4/2023)"),
    Option("sechserdreier_won_value", 6, (6, 12), "AT-8.1, Q-AT2",
           "scoring with the seed's values: a won Sechserdreier is worth 6 (a lost one always costs the seed's 12)"),
    Option("trischaken_tie_order", "vorhand_backwards", ("vorhand_backwards", "vorhand_forwards"),
           "AT-8.7, Q-AT4",
           "scoring: who loses a Trischaken tie for most points: Vorhand, then the player before "
           "him in play order and so on backwards (the seed's 'vor'), or forwards from Vorhand"),
)
_FRENCH_OPTIONS = _options(
    _DIRECTION,
    _switch("overtrump_on_trump_lead", True, "FR-3.5, Q-FR7",
            "the must-overtrump rule also applies when trumps are led"),
    Option("halfpoint_rounding", "none", ("none", "up", "down"), "FR-8, Q-FR2",
           "scoring: the difference from the requirement is kept exact (half points with 3 or 5 "
           "players), or rounded up / down to a whole point"),
    _switch("poignee_excuse_counts", False, "FR-7.2, Q-FR11",
            "scoring: the Excuse counts as a trump for the size of a poignée"),
)
_FRENCH5_OPTIONS = _options(
    *_FRENCH_OPTIONS.values(),
    Option("five_player_split", "2:1", ("2:1", "equal"), "FR-8, Q-FR3",
           "scoring [X]: what the defenders pay goes 2/3 to the preneur and 1/3 to his partner, or "
           "half to each (alone: all to the preneur)"),
)
_DANISH_OPTIONS = _options(
    _DIRECTION,
    Option("skus_demand_policy", "solver_choice", ("solver_choice", "always", "never"), "DK-3.7, Q-DK6",
           "the demand that the skus be played in trick 23: the opponents' choice (a DEMAND token "
           "in the play record), always made, or never made"),
    _switch("round_settlement_to_5", True, "DK-5.2, Q-DK3",
            "scoring: the card count (points - 26) is settled in multiples of 5 P, as [000] calls normal "
            "practice, the rounding remainder assigned so that the deal stays zero-sum; false: exact"),
    _switch("tout_includes_ultimo", True, "DK-7.5, Q-DK1",
            "scoring: a tout's 80 P from each replaces the 40 P ultimo payments; false: an ultimo in "
            "the tout's last trick is paid as well"),
    _switch("bagud_in_tout", True, "DK-8.2, Q-DK1",
            "scoring: a pagat or king lost in the last trick of a tout still goes bagud"),
    Option("table_players", 3, (3, 4, 5), "DK-2.2, DK-8.1, Q-DK12",
           "scoring: players seated (1 or 2 sit out each deal); everybody seated re-funds an "
           "emptied cup with 20 P"),
)


# ----------------------------------------------------------- announcements

def _announcements(*items):
    return {a.name: a for a in items}


_POSITIVE = (POSITIVE,)
_SLOVENIAN_ANN = _announcements(
    Announcement("trula", _POSITIVE), Announcement("kings", _POSITIVE),
    Announcement("pagat_ultimo", _POSITIVE, reserves="T1", from_end=0),  # SI-3.5
    Announcement("king_ultimo", ("called_king",), by="partner"),  # SI-7: only the partner announces it
    Announcement("valat", _POSITIVE, ends_play=True),
)
_KOENIGRUFEN_ANN = _announcements(  # AT-7; which party may announce what is MISSING (Q-AT1)
    Announcement("pagat", ("black",), reserves="T1", from_end=0),
    Announcement("uhu", ("black",), reserves="T2", from_end=1),
    Announcement("pelikan", ("black",), reserves="T3", from_end=2),
    Announcement("quapil", ("black",), reserves="T4", from_end=3),
    Announcement("king_ultimo", ("called_king",), reserves="called_king", from_end=0),
    Announcement("koenigfang", ("called_king",), by="defence"),  # only the opposing party scores it
    Announcement("trull", ("black",)), Announcement("kings", _POSITIVE),
    Announcement("honneurs", _POSITIVE), Announcement("absolut", _POSITIVE),
    Announcement("valat", _POSITIVE, ends_play=True),
)
_FRENCH_ANN = _announcements(Announcement("chelem", _POSITIVE))
_DANISH_ANN = _announcements(Announcement("tout", (EACH,)))  # allows the skus in the skat (DK-2.8)


# ---------------------------------------------------------------- variants

VARIANTS = {}
for _v in (
    Variant(id="slovenian4", name="Slovenian Tarok, 4 players", deck=DECK_54, players=4, hand_size=12,
             talon_size=6, talon_name="talon", unit=3, unit_name="thirds", points=_points_54(),
             trick_units=0, special=TRUMP_22, must_overtrump=False, pagat_rule="si", emperor="all",
             self_call=True, contracts=_slovenian_contracts(4), default_contract="three",
             announcements=_SLOVENIAN_ANN, options=_SLOVENIAN_OPTIONS, family="slovenian"),
    Variant(id="slovenian3", name="Slovenian Tarok, 3 players", deck=DECK_54, players=3, hand_size=16,
             talon_size=6, talon_name="talon", unit=3, unit_name="thirds", points=_points_54(),
             trick_units=0, special=TRUMP_22, must_overtrump=False, pagat_rule="si", emperor="all",
             self_call=True, contracts=_slovenian_contracts(3), default_contract="three",
             announcements=_SLOVENIAN_ANN, options=_SLOVENIAN_OPTIONS, family="slovenian"),
    Variant(id="koenigrufen", name="Königrufen (JuegaTu rules)", deck=DECK_54, players=4, hand_size=12,
             talon_size=6, talon_name="talon", unit=3, unit_name="thirds", points=_points_54(),
             trick_units=0, special=TRUMP_22, must_overtrump=False, pagat_rule="at",
             emperor="black_positive", self_call=False, contracts=_koenigrufen_contracts(),
             default_contract="rufer", announcements=_KOENIGRUFEN_ANN, options=_KOENIGRUFEN_OPTIONS,
             family="koenigrufen"),
    *(Variant(id="french%d" % n, name="French Tarot, %d players" % n, deck=DECK_FRENCH, players=n,
               hand_size={3: 24, 4: 18, 5: 15}[n], talon_size=3 if n == 5 else 6, talon_name="dog",
               unit=2, unit_name="half points", points=_points_french(), trick_units=0, special=EXCUSE,
               must_overtrump=True, pagat_rule="", emperor="", self_call=True,
               contracts=_french_contracts(n), default_contract="garde", announcements=_FRENCH_ANN,
               options=_FRENCH5_OPTIONS if n == 5 else _FRENCH_OPTIONS, family="french") for n in (3, 4, 5)),
    Variant(id="danish", name="Danish Tarok", deck=DECK_DANISH, players=3, hand_size=25, talon_size=3,
             talon_name="skat", unit=1, unit_name="P", points=_points_danish(), trick_units=1,
             special=SKUS, must_overtrump=False, pagat_rule="", emperor="", self_call=False,
             contracts=_contracts(Contract("tarok", "Danish Tarok (each for himself)", EACH, SKAT, "")),
             default_contract="tarok", announcements=_DANISH_ANN, options=_DANISH_OPTIONS,
             family="danish"),
):
    VARIANTS[_v.id] = _v

_VARIANT_ALIASES = {
    "slovenian": "slovenian4", "tarok": "slovenian4", "slovenian_tarok": "slovenian4",
    "konigrufen": "koenigrufen", "koenigrufen": "koenigrufen", "konigsrufen": "koenigrufen",
    "austrian": "koenigrufen", "french": "french4", "tarot": "french4", "danish_tarok": "danish",
}


def get_variant(name):
    """The :class:`Variant` with this id (a few aliases accepted: 'french' = french4 …)."""
    if isinstance(name, Variant):
        return name
    key = _key(name)
    key = _VARIANT_ALIASES.get(key, key)
    try:
        return VARIANTS[key]
    except KeyError:
        raise UnknownVariantError("%s is not a variant; choose one of %s"
                                  % (shown(name), ", ".join(VARIANTS))) from None

