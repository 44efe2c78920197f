"""Steps and ratings of the logical solver, as plain Python objects.

A step found by the library (sk_step) points into the solver and lives
only until its next call, so Step copies what it says at once, with its
sentence (sk_step_describe) and full name (sk_step_name).
"""
from collections import namedtuple

from ._native import ffi, lib, string

# Long enough for any step of a 9x9 grid; a longer one is cut with "...",
# as the tool cuts it.
_TEXT = 8192


# The technique of a variant rule's step (its number, from its keyword).
_VARIANT_RULE = lib.sk_tech_parse(b"variant-rule")


def _tech_keyword(t):
    return string(lib.sk_tech_keyword(t)) if t >= 0 else None


def _tech_name(t):
    return string(lib.sk_tech_name(t)) if t >= 0 else None


class Rating(tuple):
    """SE's three figures as floats: unpacks as (er, ep, ed).

    er: the hardest step of the whole path; ep: the hardest step up to the
    first placement; ed: the first step's.  er_technique, ep_technique,
    ed_technique are the keywords of the techniques that set them
    ("pointing"; None when stuck or no step), hardest the name of the ER
    one ("Pointing"), steps the number of steps, stuck True when no
    technique applies before the end (er is then 20.0, SE's "beyond").
    str() gives the tool's line: "2.6/1.5/1.5 Pointing".
    """

    def __new__(cls, er, ep, ed, er_tech=-1, ep_tech=-1, ed_tech=-1, steps=0, stuck=False):
        self = super().__new__(cls, (er / 10, ep / 10, ed / 10))
        self.er_technique = _tech_keyword(er_tech)
        self.ep_technique = _tech_keyword(ep_tech)
        self.ed_technique = _tech_keyword(ed_tech)
        self.hardest = _tech_name(er_tech)
        self.steps = steps
        self.stuck = bool(stuck)
        return self

    er = property(lambda self: self[0])
    ep = property(lambda self: self[1])
    ed = property(lambda self: self[2])

    def __str__(self):
        text = f"{self.er:.1f}/{self.ep:.1f}/{self.ed:.1f}"
        if self.stuck:
            return text + " stuck"
        return text + (" " + self.hardest if self.hardest else "")

    def __repr__(self):
        return f"<sudokit.Rating {self}>"


def rating_from_c(r):
    """The Rating of an sk_rating the library added up (sk_rating_add)."""
    return Rating(r.er, r.ep, r.ed, r.er_tech, r.ep_tech, r.ed_tech, r.steps, bool(r.stuck))


class Link(namedtuple("Link", "row column digit on rule")):
    """A link of a chain, from 1: (row, column, digit, on, rule).

    on     True: the cell holds the digit; False: it does not
    rule   what made it follow from the link before when a variant rule
           did ("killer cage 15 at r1c1", "innies of box 1: r1c3 + r3c1 = 13"),
           else None (its cell or a house, and a branch's first link)
    str(link) is the link with its digit as a number: "r1c2=5", "r1c7<>5"
    (the step's text writes the puzzle's symbol, "r1c2=E" on 16x16).
    """

    __slots__ = ()

    def __str__(self):
        return f"r{self.row}c{self.column}{'=' if self.on else '<>'}{self.digit}"


class Step:
    """One step of the logical solver.

    technique  its keyword ("hidden-single", "x-wing")
    name       its full name as SE prints it ("Unique Loop 6 type 2")
    rating     its difficulty, a float on SE's scale (1.2)
    text       one sentence a person can check on the grid
               ("r4c5 = 7: hidden single in box 5")
    where      the same without the answer, as `sudokit hint --reveal
               where` gives it ("Hidden Single in box 5")
    cell       the cell it fills ("r4c5") or None; digit the digit (int)
    placement  (row, column, digit), from 1, or None
    eliminations  the candidates it removes, as (row, column, digit)
    direct     True for SE's "direct" techniques (only the placement counts)
    houses, cells, digits  the pattern: house names ("box 5"), cell names
               ("r4c5") and digits
    rule       a variant rule step: the rule's description ("killer cage
               15 at r1c1"), or "implied" for a sum the rules imply
               together; None for the other techniques
    rule2      a second rule on the same two cells that narrowed with it
               ("nonconsecutive"), "several" for more than one, the second
               of two rules together (subtype 3), else None
    subtype    the type of a unique rectangle or loop or of a BUG (1..4),
               the nesting level of a dynamic chain (0..4); a variant rule
               step's kind: 1 when the rule's cells in houses[0] must hold
               the digit, 2 when the rule cannot hold with the candidate it
               removes, 3 for two rules together (for an implied sum: how
               many of its cells, the last ones, are subtracted); else 0
    total      an implied sum's total (its cells, the last subtype of them
               subtracted, add up to it), else None
    source     where an implied sum comes from ("innies of box 1",
               "killer cages 16 at r1c1 and 24 at r2c2 together"), else None
    branches   a chain's branches, each a list of Link (the link, and the
               variant rule it follows from, if any), as the text writes
               them; [] for the other techniques
    """

    __slots__ = ("technique", "name", "rating", "text", "where", "cell", "digit", "placement",
                 "eliminations", "direct", "houses", "cells", "digits", "rule", "rule2", "subtype",
                 "total", "source", "branches", "_tenths",
                 "_technique")

    @classmethod
    def _from_c(cls, puzzle, s, cand=ffi.NULL):
        self = cls.__new__(cls)
        n = puzzle.size
        model = puzzle._model
        self._technique = s.technique
        self._tenths = s.rating
        self.technique = _tech_keyword(s.technique)
        buf = ffi.new("char[]", _TEXT)
        self.name = string(lib.sk_step_name(s, buf, _TEXT))
        self.text = string(lib.sk_step_describe(model, s, puzzle._alphabet, buf, _TEXT))
        self.where = string(lib.sk_step_describe_vague(model, s, cand, 2, puzzle._alphabet, buf,
                                                       _TEXT))
        self.rating = s.rating / 10
        if s.cell >= 0 and s.digit > 0:
            self.cell = f"r{s.cell // n + 1}c{s.cell % n + 1}"
            self.digit = s.digit
            self.placement = (s.cell // n + 1, s.cell % n + 1, s.digit)
        else:
            self.cell = self.digit = self.placement = None
        self.eliminations = [(e.cell // n + 1, e.cell % n + 1, e.digit)
                             for e in (s.elim[i] for i in range(s.nelim))]
        self.direct = bool(s.direct)
        self.houses = [string(lib.sk_model_house_name(model, s.houses[i], buf, _TEXT))
                       for i in range(min(s.nhouses, 8))]
        self.cells = [f"r{c // n + 1}c{c % n + 1}" for c in (s.cells[i] for i in range(s.ncells))]
        self.digits = [d for d in range(1, n + 1) if s.digits >> (d - 1) & 1]
        self.rule = self.rule2 = self.total = self.source = None
        self.subtype = s.subtype
        if s.technique == _VARIANT_RULE:
            self.rule = (string(lib.sk_model_rule_describe(model, s.rule, buf, _TEXT))
                         if s.rule >= 0 else "implied")
            if s.rule < 0:
                self.total = s.total
                self.source = string(lib.sk_step_rule_source(model, s, buf, _TEXT))
            if s.rule2 >= 0:
                self.rule2 = string(lib.sk_model_rule_describe(model, s.rule2, buf, _TEXT))
            elif s.rule2 < -1:
                self.rule2 = "several"
        self.branches = []
        for k in range(s.nbranches if s.nnodes > 0 else 0):
            branch = []
            for i in range(s.branch[k], s.branch[k + 1]):
                x = s.nodes[i]
                rule = None
                if i > s.branch[k] and x.rule:
                    rule = string(lib.sk_node_rule_describe(model, ffi.addressof(x), buf, _TEXT))
                branch.append(Link(x.cell // n + 1, x.cell % n + 1, x.digit, bool(x.on), rule))
            self.branches.append(branch)
        return self

    def __str__(self):
        return f"{self.text} (rating {self.rating:.1f})"

    def __repr__(self):
        return f"<sudokit.Step {self}>"


class Explanation(list):
    """The logical path: a list of Steps, with rating (a Rating), stuck
    (True when no technique applied before the end), marks (the pencil
    marks where it ended, a list of N*N lists of digits) and values (the
    cells filled there, givens and placed digits, N*N ints, 0 for an open
    cell: marks alone does not tell a filled cell from an open one with
    one candidate left)."""

    def __init__(self, steps, rating, stuck, marks, values=None):
        super().__init__(steps)
        self.rating = rating
        self.stuck = stuck
        self.marks = marks
        self.values = values
