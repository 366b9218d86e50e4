"""The explanations and motif names in 简体 and 繁體 without Qt, for a caller that has no translator (the
command line writing a reviewed PGN). The UI translates the same English templates with Qt; this table is
the wording its translation files take."""

from __future__ import annotations

from xiangqi.tactics.explain import Translate
from xiangqi.tactics.motif import MOTIF_NAMES

# English template (context Explain) -> (简体, 繁體)
EXPLAIN_CHINESE: dict[str, tuple[str, str]] = {
    "Allows mate in {1}: {0}": ("让对方{0}{1}步杀", "讓對方{0}{1}步殺"),
    "Allows mate in {0}": ("让对方{0}步杀", "讓對方{0}步殺"),
    "Misses a mate: {0}": ("错过{0}杀", "錯過{0}殺"),
    "Misses mate in {0}": ("错过{0}步杀", "錯過{0}步殺"),
    "Loses {0}% winning chances": ("胜率损失{0}%", "勝率損失{0}%"),
    "Loses material": ("丢子", "丟子"),
    "Misses winning material": ("错过得子", "錯過得子"),
    "{0}, {1}": ("{0}，{1}", "{0}，{1}"),
    "{0} ({1})": ("{0}（{1}）", "{0}（{1}）"),
    "loses a rook": ("丢车", "丟車"),
    "loses a horse": ("丢马", "丟馬"),
    "loses a cannon": ("丢炮", "丟炮"),
    "loses an advisor": ("丢士", "丟士"),
    "loses an elephant": ("丢象", "丟象"),
    "loses a pawn": ("丢兵", "丟兵"),
    "misses winning a rook": ("错过得车", "錯過得車"),
    "misses winning a horse": ("错过得马", "錯過得馬"),
    "misses winning a cannon": ("错过得炮", "錯過得炮"),
    "misses winning an advisor": ("错过得士", "錯過得士"),
    "misses winning an elephant": ("错过得象", "錯過得象"),
    "misses winning a pawn": ("错过得兵", "錯過得兵"),
    "Walks into a fork": ("被捉双", "被捉雙"),
    "Allows a discovered check": ("被抽将", "被抽將"),
    "Allows a discovered attack": ("被闪击", "被閃擊"),
    "Walks into a pin": ("被牵制", "被牽制"),
    "Lets a piece be trapped": ("被捉死", "被捉死"),
    "Misses a fork": ("错过捉双", "錯過捉雙"),
    "Misses a discovered check": ("错过抽将", "錯過抽將"),
    "Misses a discovered attack": ("错过闪击", "錯過閃擊"),
    "Misses a pin": ("错过牵制", "錯過牽制"),
    "Misses trapping a piece": ("错过捉死", "錯過捉死"),
    "Misses a sacrifice": ("错过弃子", "錯過棄子"),
    "which wins a rook": ("可得车", "可得車"),
    "which wins a horse": ("可得马", "可得馬"),
    "which wins a cannon": ("可得炮", "可得炮"),
    "which wins an advisor": ("可得士", "可得士"),
    "which wins an elephant": ("可得象", "可得象"),
    "which wins a pawn": ("可得兵", "可得兵"),
}

_MOTIF_CHINESE = {name.english: (name.simplified, name.traditional) for name in MOTIF_NAMES.values()}


def builtin_chinese(traditional: bool = False) -> Translate:
    """A ``translate(context, text)`` into 简体 (or 繁體) from the tables here; unknown text stays English."""
    index = 1 if traditional else 0

    def translate(context: str, text: str) -> str:
        table = _MOTIF_CHINESE if context == "Motif" else EXPLAIN_CHINESE
        found = table.get(text)
        return found[index] if found is not None else text

    return translate
