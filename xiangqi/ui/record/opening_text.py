"""The line naming a record's opening (ECCO code and name) under the players in the variations panel.

The record's own ``[ECCO]`` tag (with its ``[Opening]``/``[Variation]`` tags, or the names table's names)
wins over the classifier, which names the opening of a record without one (``record.ecco``). The name is
in the interface's language: traditional characters for zh_TW, the English gloss for English (Chinese
when there is none).
"""

from __future__ import annotations

from xiangqi.record import Game
from xiangqi.record.ecco import CODE_PATTERN, EccoOpening, EccoTableError, classify_game, opening_of_code


def record_opening(record: Game) -> EccoOpening | None:
    """The record's opening: from its tags when it has a valid ``[ECCO]`` tag, else classified."""
    try:
        code = record.headers.get("ECCO", "").strip()
        if CODE_PATTERN.fullmatch(code):
            known = opening_of_code(code)
            opening = record.headers.get("Opening", "").strip()
            variation = record.headers.get("Variation", "").strip()
            if not opening or (opening, variation) == (known.opening, known.variation):
                return known   # the table's names: in traditional characters too
            return EccoOpening(code, opening, variation, english=known.english)   # the record's own words
        return classify_game(record)
    except (OSError, EccoTableError):
        return None   # the tables are missing or damaged (a broken install): no opening shown


def opening_line(record: Game, language: str) -> str:
    """``C45 中炮…`` for the panel, or an empty string when the opening is unknown."""
    opening = record_opening(record)
    if opening is None:
        return ""
    if language == "zh_TW":
        name = opening.name_traditional
    elif language == "en":
        name = opening.english or opening.name
    else:
        name = opening.name
    return f"{opening.code} {name}".strip()
