"""An independent reference for the rules of play, the count and the goals.

Written again, plainly, from ``docs/RULES.md`` and the seeds in ``/work/shared/seeds``
(where they differ the seed wins: the French Excuse in the last trick follows seed 004).
It imports nothing from ``solver`` (it reads the canonical card tokens, ``SK``, ``H10``,
``T21``, ``EX``, as text): its rank orders, card values, contracts, rule switches and
their defaults, trick winners, counting and goals are its own, so a bug in ``solver``
(rules, tables, goals) cannot hide in the oracle as well.

It reads a position in the project's JSON notation (``Position.to_json()``: the deal at
the start of play and the cards played since) and replays the record with its own rules.

* :class:`Game`: ``legal()`` (the tokens the player to move may play; a led Danish skus
  once per name, ``EX:H``; ``DEMAND`` is asked with :meth:`Game.may_demand`), ``play``,
  ``undo``, ``over()``, ``points``, ``tricks_won``, ``pile``, ``achieved(goal, party)``.
* :func:`values`: the plain minimax of several goals at once (the side maximises, every
  other seat minimises); :func:`value` one goal; :func:`root_values` also each legal
  move's values.  :func:`at_least` is the same search as a yes/no question with
  short cuts (an OR over the side's moves, an AND over the others'), for larger endgames.

Units: thirds (54 cards), half points (French), P (Danish), as the seeds count.
"""

DEMAND = "DEMAND"

# ------------------------------------------------------------------ variants (RULES.md §0.4)

FAMILY = {"slovenian4": "slovenian", "slovenian3": "slovenian", "koenigrufen": "koenigrufen",
          "french3": "french", "french4": "french", "french5": "french", "danish": "danish"}
TRICKS = {"slovenian4": 12, "slovenian3": 16, "koenigrufen": 12,  # SI-2.6, AT-2.4
          "french3": 24, "french4": 18, "french5": 15, "danish": 25}  # FR-2, DK-2.7

# Contracts: (kind, objective).  Kinds: "positive" (points), "negative" (beggar, piccolo),
# "valat" (every trick), "each" (each for himself).  SI-6.1 table, AT-6 table, FR-6.2, DK-6.
POINTS, NONE, ONE, ALL = "points", "no_tricks", "one_trick", "all_tricks"
CONTRACTS = {
    "slovenian": dict(
        three=("positive", POINTS), two=("positive", POINTS), one=("positive", POINTS),
        solo_three=("positive", POINTS), solo_two=("positive", POINTS), solo_one=("positive", POINTS),
        solo_without=("positive", POINTS), piccolo=("negative", ONE), beggar=("negative", NONE),
        open_beggar=("negative", NONE), colour_valat=("valat", ALL), valat=("valat", ALL),
        klop=("each", None)),
    "koenigrufen": dict(
        rufer=("positive", POINTS), rufer_pagat=("positive", POINTS), rufer_uhu=("positive", POINTS),
        rufer_pelikan=("positive", POINTS), rufer_quapil=("positive", POINTS),
        solorufer=("positive", POINTS), dreier=("positive", POINTS), solodreier=("positive", POINTS),
        sechserdreier=("positive", POINTS), farbendreier=("positive", POINTS),
        solofarbendreier=("positive", POINTS), bettler=("negative", NONE), bettler_ouvert=("negative", NONE),
        piccolo=("negative", ONE), piccolo_ouvert=("negative", ONE), trischaken=("each", None)),
    "french": dict(petite=("positive", POINTS), garde=("positive", POINTS), garde_sans=("positive", POINTS),
                   garde_contre=("positive", POINTS)),
    "danish": dict(tarok=("each", None)),
}
COLOUR_GAMES = {"farbendreier", "solofarbendreier"}  # AT-4.2: tarock is a fifth suit
ABOVE_SOLO_ONE = {"beggar", "solo_without", "open_beggar", "colour_valat", "valat"}  # SI-6.1 values > 60
# Rufer aufgewertet (AT-6.2 table): the bid itself announces that ultimo for the declarer.
IMPLIED = {"rufer_pagat": "pagat", "rufer_uhu": "uhu", "rufer_pelikan": "pelikan", "rufer_quapil": "quapil"}
# Announced cards kept for their trick (AT-3.4 rule 4a, SI-3.5): card, tricks before the end.
RESERVES = {"slovenian": {"pagat_ultimo": ("T1", 0)},
            "koenigrufen": {"pagat": ("T1", 0), "uhu": ("T2", 1), "pelikan": ("T3", 2), "quapil": ("T4", 3),
                            "king_ultimo": ("called king", 0)}}

# Rule switches that change play, with the defaults of RULES.md §8 / Appendix B.
DEFAULTS = {
    "slovenian": {"early_end": True, "must_beat_mode": "beat_winner", "win_at_35_plus_card": False,
                  "must_beat_contracts": ["klop", "beggar", "open_beggar", "piccolo"],
                  "declarer_leads_above_solo_one": False},
    "koenigrufen": {"early_end": True, "must_beat_mode": "beat_winner", "tarockzwang_in_colour_games": True,
                    "maerchenstich_in_negative": False},
    "french": {"overtrump_on_trump_lead": True},
    "danish": {"skus_demand_policy": "solver_choice"},
}


# ------------------------------------------------------------------ cards

def suit(tok):
    """'S', 'H', 'D', 'C', 'T' (trumps, the škis T22 included) or 'EX'."""
    return "EX" if tok == "EX" else tok[0]


def strength(family, tok):
    """Order inside a suit (higher wins): courts K > Q > N > J above every pip (Q-X6);
    54 cards: black 10 > 9 > 8 > 7, red 1 > 2 > 3 > 4 (SI-1.3, AT-1.2); French 10 > … > 1
    (FR-1.2); Danish black 10 > … > 1 (ace), red 1 (ace) > 2 > … > 10 (DK-1.3)."""
    body = tok[1:]
    if tok[0] == "T":
        return int(body)
    if body in ("J", "N", "Q", "K"):
        return 100 + "JNQK".index(body)
    pip = int(body)
    red = tok[0] in "HD"
    if family in ("slovenian", "koenigrufen", "danish") and red:
        return -pip
    return pip


def card_units(family, tok):
    """AT-5.1 / SI-5.3 in thirds (nominal - 2/3), FR-5 in half points, DK-5 honours in P."""
    court = tok[1:] if tok[0] in "SHDC" else ""
    if family in ("slovenian", "koenigrufen"):
        return 13 if tok in ("T1", "T21", "T22") else {"K": 13, "Q": 10, "N": 7, "J": 4}.get(court, 1)
    if family == "french":
        return 9 if tok in ("T1", "T21", "EX") else {"K": 9, "Q": 7, "N": 5, "J": 3}.get(court, 1)
    return 4 if tok in ("T1", "T21", "EX") else {"K": 4, "Q": 3, "N": 2, "J": 1}.get(court, 0)


def _cards(text):
    if not text:
        return []
    return text.split() if isinstance(text, str) else list(text)


# ------------------------------------------------------------------ the game

class Game:
    """A deal in play, read from the project's JSON notation (a dict)."""

    def __init__(self, data):
        vid = data["variant"]
        fam = self.family = FAMILY[vid]
        self.n_tricks = TRICKS[vid]
        self.contract = data.get("contract") or {"slovenian": "three", "koenigrufen": "rufer",
                                                  "french": "garde", "danish": "tarok"}[fam]
        self.kind, self.objective = CONTRACTS[fam][self.contract]
        self.options = dict(DEFAULTS[fam], **data.get("options", {}))
        hands = [_cards(h) for h in data["hands"]]
        n = self.n = len(hands)
        self.hands = [set(h) for h in hands]
        self.declarer = data.get("declarer")
        self.dealer = n - 1 if fam == "danish" else None  # DK-2.4: the dealer is backhand in trick 1
        self.called_king = data.get("called_king")
        partner = data.get("partner")
        if self.called_king:
            holder = next((s for s, h in enumerate(hands) if self.called_king in h), None)
            if holder is not None:
                partner = None if holder == self.declarer else holder  # tihi solo / own king: alone
        if self.kind == "each":
            self.party = list(range(n))
        else:
            side = {self.declarer, partner} - {None}
            self.party = [0 if s in side else 1 for s in range(n)]
        self.n_parties = n if self.kind == "each" else 2
        self.start_piles = [[] for _ in range(self.n_parties)]
        if self.kind == "each":
            for s, text in enumerate(data.get("seat_piles") or [""] * n):
                self.start_piles[s] += _cards(text)
        else:
            self.start_piles[0] += _cards(data.get("declarer_pile"))
            self.start_piles[1] += _cards(data.get("defence_pile"))
        if fam == "danish":
            self.start_piles[self.dealer] += _cards(data.get("skat"))  # DK-2.7
        self.taken_before = list(data.get("tricks_taken") or [0] * n)
        self.before = sum(self.taken_before)
        self.reserved = self._reservations(data, hands)
        self.valat_parties = {self.party[seat] for name, seat in self._announcements(data) if name == "valat"}
        if self.kind == "valat":
            self.valat_parties.add(0)
        if data.get("leader") is not None:
            self.leader = data["leader"]
        elif fam == "koenigrufen" and self.kind == "negative":
            self.leader = self.declarer  # AT-2.3
        elif (fam == "slovenian" and self.options["declarer_leads_above_solo_one"]
              and self.contract in ABOVE_SOLO_ONE):
            self.leader = self.declarer  # SI-2.5 option
        else:
            self.leader = 0  # forehand
        self.tricks = []  # (leader, [(seat, token)], winner, named)
        self.trick = []
        self.named = None  # what a led Danish skus was named
        self.demanded = False
        self.history = []  # what undo() restores
        for tok in _cards(data.get("play")):
            self.play(tok)

    def _announcements(self, data):
        out = [(IMPLIED[self.contract], self.declarer)] if self.contract in IMPLIED else []
        for item in data.get("announcements", ()):
            name, _, seat = item.partition("@")
            out.append((name, int(seat) if seat else (self.declarer if self.kind != "each" else self.dealer)))
        return out

    def _reservations(self, data, hands):
        """card -> (holder, designated trick): an announced ultimo card held by the
        announcing party (AT-3.4 rule 4a; SI-3.5 the pagat ultimo)."""
        out = {}
        for name, seat in self._announcements(data):
            if name not in RESERVES.get(self.family, {}):
                continue
            card, from_end = RESERVES[self.family][name]
            card = self.called_king if card == "called king" else card
            holder = next((s for s, h in enumerate(hands) if card in h), None)
            if holder is not None and self.party[holder] == self.party[seat]:
                out[card] = (holder, self.n_tricks - from_end)
        return out

    # ------------------------------------------------------------ state

    @property
    def trick_number(self):
        return self.before + len(self.tricks) + 1

    @property
    def to_move(self):
        return (self.leader + len(self.trick)) % self.n

    def tricks_won(self, party):
        return (sum(t for s, t in enumerate(self.taken_before) if self.party[s] == party)
                + sum(1 for t in self.tricks if self.party[t[2]] == party))

    def over(self):
        """Every card played, or the contract already settled (AT-6.7, SI-6.7 early end)."""
        if not any(self.hands):
            return True
        if not self.options.get("early_end") or self.kind == "each":
            return False
        if self.objective == NONE and self.tricks_won(0) >= 1:
            return True
        if self.objective == ONE and self.tricks_won(0) >= 2:
            return True
        return any(self.tricks_won(p) for v in self.valat_parties for p in range(self.n_parties) if p != v)

    # ------------------------------------------------------------ rules of play

    def led(self, cards, named):
        """The suit to follow: the first card's; after a led Excuse the next card's
        (FR-3.2); after a led skus its name (DK-3.5).  None when nothing sets it yet."""
        for i, (_, tok) in enumerate(cards):
            if tok != "EX":
                return suit(tok)
            if self.family == "danish" and i == 0:
                return named
        return None

    def chelem(self, seat):
        """FR-4.4: seat's side has won every earlier trick (the Excuse then wins the last)."""
        p = self.party[seat]
        return (all(t == 0 for s, t in enumerate(self.taken_before) if self.party[s] != p)
                and all(self.party[t[2]] == p for t in self.tricks))

    def emperor(self):
        """SI-4.1 every Slovenian contract; AT-4.3 Königrufen black positive games (Q-X4),
        and with maerchenstich_in_negative also the negative games."""
        if self.family == "slovenian":
            return True
        if self.family == "koenigrufen":
            if self.kind == "positive":
                return self.contract not in COLOUR_GAMES
            return self.options["maerchenstich_in_negative"]
        return False

    def winner(self, cards, named, last):
        """Seat winning the (possibly partial) trick ``cards``, or None."""
        toks = [tok for _, tok in cards]
        if self.family == "french" and last and "EX" in toks and self.chelem(cards[toks.index("EX")][0]):
            return cards[toks.index("EX")][0]  # FR-4.4
        led = self.led(cards, named)
        trumps_beat_suits = self.contract not in COLOUR_GAMES  # AT-4.2
        if self.contract == "colour_valat" and led != "T" and any(
                s == self.declarer and suit(tok) == led for s, tok in cards):
            trumps_beat_suits = False  # SI-4.3: the declarer's card of the led suit beats every tarok
        trumps_count = trumps_beat_suits or led == "T"
        if trumps_count and self.emperor() and {"T1", "T21", "T22"} <= set(toks):
            return cards[toks.index("T1")][0]  # SI-4.1, AT-4.3
        best, best_key = None, None
        for seat, tok in cards:
            if tok == "EX":
                continue  # FR-4.2, DK-4.2: never wins (the 54-card škis is T22, a trump)
            if suit(tok) == "T" and trumps_count:
                key = (2, strength(self.family, tok))
            elif suit(tok) == led:
                key = (1, strength(self.family, tok))
            else:
                continue
            if best_key is None or key > best_key:
                best, best_key = seat, key
        return best

    def must_beat(self):
        if self.family == "slovenian":
            return self.contract in self.options["must_beat_contracts"]  # SI-3.3
        return self.family == "koenigrufen" and self.kind in ("negative", "each")  # AT-3.3

    def _beats(self, seat, tok, led):
        if self.options["must_beat_mode"] == "beat_winner":
            return self.winner(self.trick + [(seat, tok)], self.named, False) == seat
        # beat_highest_of_category (Q-X2): above every card of its own suit (or of the
        # trumps) already in the trick; a card of another plain suit never beats
        if suit(tok) not in (led, "T"):
            return False
        return all(strength(self.family, tok) > strength(self.family, other)
                   for _, other in self.trick if suit(other) == suit(tok))

    def legal_cards(self):
        """The cards (not names) the player to move may play."""
        fam, seat, t = self.family, self.to_move, self.trick_number
        hand = self.hands[seat]
        wild = "EX" in hand and fam in ("french", "danish")
        if fam == "danish" and wild and t == self.n_tricks - 2 and (
                self.demanded or self.options["skus_demand_policy"] == "always"):
            return {"EX"}  # DK-3.7
        cards = hand - {"EX"} if wild else set(hand)
        allowed = set(cards)
        if not self.trick:
            plain = {c for c in cards if suit(c) != "T"}
            if self.contract in COLOUR_GAMES and plain:
                allowed = plain  # AT-3.5 rule 4b
        else:
            led = self.led(self.trick, self.named)
            if led is not None:
                follow = {c for c in cards if suit(c) == led}
                trumps = {c for c in cards if suit(c) == "T"}
                tarockzwang = not (self.contract in COLOUR_GAMES and not self.options["tarockzwang_in_colour_games"])
                if follow:
                    allowed = follow  # SI-3.1, AT-3.1, FR-3.3, DK-3.1
                elif trumps and tarockzwang:
                    allowed = trumps  # SI-3.1, AT-3.2, FR-3.4, DK-3.2
                if fam == "french" and all(suit(c) == "T" for c in allowed) and (
                        led != "T" or self.options["overtrump_on_trump_lead"]):
                    top = max((int(tok[1:]) for _, tok in self.trick if suit(tok) == "T"), default=0)
                    higher = {c for c in allowed if int(c[1:]) > top}
                    if higher:
                        allowed = higher  # FR-3.5
                if self.must_beat():
                    beating = {c for c in allowed if self._beats(seat, c, led)}
                    if beating:
                        allowed = beating  # SI-3.3, AT-3.3 (Q-X2)
        if self.must_beat() and "T1" in allowed:
            if fam == "slovenian" and len(allowed) > 1:
                allowed = allowed - {"T1"}  # SI-3.4: the pagat only as the last legal card
            if fam == "koenigrufen" and any(suit(c) == "T" and c != "T1" for c in allowed):
                allowed = allowed - {"T1"}  # AT-3.6 rule 4c: not while another tarock may be played
        allowed = self._keep_reserved(seat, allowed, t)
        if wild and (fam == "french" or t != self.n_tricks - 1):
            allowed.add("EX")  # FR-3.1, DK-3.4; DK-3.6: never in the next-to-last trick
        return allowed

    def _keep_reserved(self, seat, allowed, t):
        """AT-3.4 rule 4a / SI-3.5: an announced card must go to its trick, not before;
        forced early, the one due first; once its trick has passed it is free."""
        mine = {c: trick for c, (holder, trick) in self.reserved.items()
                if holder == seat and c in self.hands[seat] and trick >= t}
        if not mine:
            return allowed
        due = {c for c in allowed if mine.get(c) == t}
        if due:
            return due
        free = allowed - set(mine)
        if free:
            return free
        first = min(mine[c] for c in allowed)
        return {c for c in allowed if mine[c] == first}

    def skus_names(self, seat):
        """DK-3.5: a led skus is named a suit (or T) that another player holds."""
        held = {suit(c) for s in range(self.n) if s != seat for c in self.hands[s] if c != "EX"}
        return [x for x in "SHDCT" if x in held]

    def legal(self):
        """Tokens the player to move may play: a led Danish skus as EX:S, EX:H …"""
        if self.over():
            return []
        out = []
        for c in self.legal_cards():
            if c == "EX" and self.family == "danish" and not self.trick:
                out += ["EX:" + x for x in self.skus_names(self.to_move)]
            else:
                out.append(c)
        return sorted(out)

    def skus_holder(self):
        return next((s for s in range(self.n) if "EX" in self.hands[s]), None) if self.family == "danish" else None

    def may_demand(self):
        """DK-3.7: in the third-to-last trick, once, before the skus holder has played to it."""
        holder = self.skus_holder()
        return (self.family == "danish" and self.options["skus_demand_policy"] == "solver_choice"
                and not self.over() and holder is not None and self.trick_number == self.n_tricks - 2
                and not self.demanded and all(s != holder for s, _ in self.trick))

    def play(self, token, check=True):
        """Play a token for the player to move (checked against :meth:`legal` unless
        ``check`` is false, as in the searches, which only play what legal() gave)."""
        if token == DEMAND:
            if check and not self.may_demand():
                raise ValueError("DEMAND is not allowed now")
            self.history.append(("demand",))
            self.demanded = True
            return
        if check and token not in self.legal():
            raise ValueError("%s is not legal for seat %d: %s" % (token, self.to_move, self.legal()))
        card, _, name = token.partition(":")
        seat = self.to_move
        self.hands[seat].discard(card)
        if not self.trick:
            self.named = name or None
        self.trick.append((seat, card))
        self.history.append(("card",))
        if len(self.trick) == self.n:
            last = self.trick_number == self.n_tricks
            won = self.winner(self.trick, self.named, last)
            self.tricks.append((self.leader, self.trick, won, self.named))
            self.history[-1] = ("trick", self.leader, self.demanded)
            self.leader, self.trick, self.named, self.demanded = won, [], None, False

    def undo(self):
        step = self.history.pop()
        if step[0] == "demand":
            self.demanded = False
            return
        if step[0] == "trick":
            self.leader, self.trick, _, self.named = self.tricks.pop()
            self.demanded = step[2]
        seat, card = self.trick.pop()
        self.hands[seat].add(card)
        if not self.trick:
            self.named = None

    # ------------------------------------------------------------ counting

    def _shares(self, i):
        """(party, card) for each card of completed trick ``i``: to the winner's party, but
        the French Excuse and the Danish skus where FR-4.3/4.4 and DK-4.4 send them."""
        _, cards, won, _ = self.tricks[i]
        last = self.before + i + 1 == self.n_tricks
        for seat, tok in cards:
            if tok == "EX" and self.family == "french":
                owner = self.party[seat]  # FR-4.3: back to its side before the last trick;
                if last and won != seat:  # seed 004: in the last trick it leaves its side
                    owner = 1 - owner  # (unless it won it: the chelem, FR-4.4)
            elif tok == "EX" and self.family == "danish" and not last:
                owner = seat  # DK-4.4: to its holder until the third-to-last trick
            else:
                owner = self.party[won]
            yield owner, tok

    def _exchange(self, i):
        """FR-4.3: before the last trick the Excuse's side gives half a point to the trick's
        winners when they are the other side (Q-FR5: settled numerically)."""
        _, cards, won, _ = self.tricks[i]
        if self.family == "french" and self.before + i + 1 < self.n_tricks:
            for seat, tok in cards:
                if tok == "EX" and self.party[seat] != self.party[won]:
                    yield self.party[seat], -1
                    yield self.party[won], 1

    def pile(self, party):
        """Cards the party owns: its piles from before play and its share of the tricks."""
        return self.start_piles[party] + [tok for i in range(len(self.tricks))
                                          for owner, tok in self._shares(i) if owner == party]

    def points(self, party):
        """Card points in the variant's unit: the pile, the Excuse exchanges (FR-4.3), and
        DK-5.1's 1 P a trick won and 1 P for the dealer's skat."""
        units = sum(card_units(self.family, tok) for tok in self.pile(party))
        units += sum(u for i in range(len(self.tricks)) for owner, u in self._exchange(i) if owner == party)
        if self.family == "danish":
            units += self.tricks_won(party) + (1 if party == self.dealer else 0)
        return units

    def bouts(self, party):
        return sum(tok in ("T1", "T21", "EX") for tok in self.pile(party))

    def achieved(self, goal, party):
        """A goal's value at the end of play (README goal table), int or bool."""
        fam = self.family
        members = {s for s in range(self.n) if self.party[s] == party}
        by_number = {self.before + i + 1: t for i, t in enumerate(self.tricks)}
        last = by_number.get(self.n_tricks)

        def wins_with(number, card):  # the card itself won trick ``number`` for the party
            t = by_number.get(number)
            return t is not None and t[2] in members and (t[2], card) in t[1]

        if goal == "points":
            return self.points(party)
        if goal == "tricks":
            return self.tricks_won(party)
        if goal == "win":
            if self.objective == NONE:
                return self.tricks_won(party) == 0
            if self.objective == ONE:
                return self.tricks_won(party) == 1
            if self.objective == ALL:
                return self.tricks_won(party) == self.n_tricks
            if fam == "french":  # FR-6.4: 56 / 51 / 41 / 36 points with 0 / 1 / 2 / 3 bouts
                return self.points(party) >= 2 * (56, 51, 41, 36)[self.bouts(party)]
            return self.points(party) >= point_target(self)
        if goal == "valat":
            return self.tricks_won(party) == self.n_tricks
        if goal == "no-tricks":
            return self.tricks_won(party) == 0
        if goal == "one-trick":
            return self.tricks_won(party) == 1
        if goal == "pagat-ultimo":
            return wins_with(self.n_tricks, "T1")
        if goal in ("uhu", "pelikan", "quapil"):  # AT-7: T2 / T3 / T4 in trick 11 / 10 / 9 of 12
            ahead = ("uhu", "pelikan", "quapil").index(goal) + 1
            return wins_with(self.n_tricks - ahead, "T%d" % (ahead + 1))
        if goal == "king-ultimo":
            if last is None or last[2] not in members:
                return False
            if fam == "danish":  # DK-7.7: the last trick won with a king
                return any(s == last[2] and tok[0] in "SHDC" and tok[1:] == "K" for s, tok in last[1])
            return any(tok == self.called_king for _, tok in last[1])
        if goal == "petit-au-bout":
            return last is not None and last[2] in members and any(tok == "T1" for _, tok in last[1])
        if goal == "trula":
            return {"T1", "T21", "T22"} <= set(self.pile(party))
        if goal == "kings":
            return {"SK", "HK", "DK", "CK"} <= set(self.pile(party))
        if goal == "mond-capture":  # Q-X3: an opponent's mond beaten, whoever beats it
            for _, cards, won, _ in self.tricks:
                for seat, tok in cards:
                    if tok == "T21":
                        return seat not in members and won != seat
            return False
        raise ValueError("unknown goal %r" % goal)


def point_target(game):
    """SI-6.6 / AT-5.3: a point contract is made with 35 2/3 = 107 thirds; the Q-SI1 option
    "35 and a card": 35 1/3 = 106 thirds."""
    return 106 if game.options.get("win_at_35_plus_card") else 107


# ------------------------------------------------------------------ minimax

def demand_question(game):
    """Whether the Danish demand is to be decided now: the start of the third-to-last
    trick with the skus still in a hand (DK-3.7, Q-DK6)."""
    return game.may_demand() and not game.trick


def _demand_choice(game, seats):
    """At the start of the third-to-last trick with the skus in a hand (DK-3.7): who may
    demand it — either other player.  (side may, coalition may)."""
    if not demand_question(game):
        return None
    holder = game.skus_holder()
    others = [s for s in range(game.n) if s != holder]
    return any(s in seats for s in others), any(s not in seats for s in others)


def values(game, seats, goals, children=None):
    """Each goal's value (bools as 0/1) under perfect play for the party of ``seats``:
    the side maximises every goal, all other seats minimise it (the paranoid model of
    each-for-himself games).  A goal may also be a function (game, party) -> int.
    ``children``: a dict to receive each legal move's values (the demand not made)."""
    if game.over():
        party = game.party[seats[0]]
        return tuple(g(game, party) if callable(g) else int(game.achieved(g, party)) for g in goals)
    choice = _demand_choice(game, seats)
    if choice == (True, True) and children is None:
        return _demanded(game, seats, goals)  # whoever gains by the demand makes it
    free = _best(game, seats, goals, children)
    if choice is None:
        return free
    demanded = _demanded(game, seats, goals)
    if choice == (True, True):
        return demanded
    return tuple(map(max if choice[0] else min, demanded, free))


def _demanded(game, seats, goals):
    game.play(DEMAND, False)
    out = values(game, seats, goals)
    game.undo()
    return out


def _best(game, seats, goals, children=None):
    pick = max if game.to_move in seats else min
    best = None
    for move in game.legal():
        game.play(move, False)
        v = values(game, seats, goals)
        game.undo()
        if children is not None:
            children[move] = v
        best = v if best is None else tuple(map(pick, best, v))
    return best


def value(game, seats, goal):
    return values(game, seats, [goal])[0]


def root_values(game, seats, goals):
    """(values, moves): each goal's value, and per legal move of the player to move its
    values (the demand not made) — dicts goal -> value."""
    children = {}
    total = values(game, seats, goals, children)
    return dict(zip(goals, total)), {m: dict(zip(goals, v)) for m, v in children.items()}


def at_least(game, seats, goal, target, budget=None):
    """Whether the side's value of ``goal`` is at least ``target``: the same game tree as
    :func:`values`, with the side's moves an OR and the others' an AND (stopping at the
    first answer).  ``budget``: a one-item list of nodes still allowed (raises
    ``TimeoutError`` when spent)."""
    if budget is not None:
        budget[0] -= 1
        if budget[0] < 0:
            raise TimeoutError("node budget spent")
    if game.over():
        return int(game.achieved(goal, game.party[seats[0]])) >= target
    choice = _demand_choice(game, seats)
    if choice is not None:
        game.play(DEMAND, False)
        demanded = at_least(game, seats, goal, target, budget)
        game.undo()
        side_may, coalition_may = choice
        if side_may and coalition_may:
            return demanded
        if demanded == side_may:  # the side demands and reaches it / the coalition demands and stops it
            return demanded
    side = game.to_move in seats
    for move in game.legal():
        game.play(move, False)
        reached = at_least(game, seats, goal, target, budget)
        game.undo()
        if reached == side:
            return side
    return not side
