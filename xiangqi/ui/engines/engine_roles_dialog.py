"""Asked after an engine is added (引擎 › 管理引擎…): which features start with it from now on — play, analysis,
review (复盘) and endgame challenges (残局挑战). What is not ticked keeps the engine it started with before
(``roles_after_adding``), so adding an engine never silently changes them."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtWidgets import QCheckBox, QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from xiangqi.config import AUTOMATIC_ENGINE, EngineRoleSettings

ROLES = ("play", "analysis", "review", "endgame")   # the fields of EngineRoleSettings, in the dialog's order
TICKED_AT_FIRST = frozenset({"analysis", "review", "endgame"})   # a stronger engine is why one is added


def roles_after_adding(roles: EngineRoleSettings, name: str, ticked: frozenset[str],
                       automatic_before: str) -> dict[str, str]:
    """The roles that change: a ticked role starts with ``name``; an unticked automatic one other than play
    (whose automatic choice, the built-in engine, adding does not change) is pinned to ``automatic_before``,
    the engine it started with until now."""
    current: Mapping[str, str] = {"play": roles.play, "analysis": roles.analysis, "review": roles.review,
                                  "endgame": roles.endgame}
    changed = {}
    for role in ROLES:
        if role in ticked:
            wanted = name
        elif current[role] == AUTOMATIC_ENGINE and role != "play":
            wanted = automatic_before
        else:
            continue
        if wanted != current[role]:
            changed[role] = wanted
    return changed


class EngineRolesDialog(QDialog):
    """The question, with one checkbox per feature; ``ticked()`` after it closes."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Use the new engine"))
        question = QLabel(self.tr("Start these with %1 from now on?").replace("%1", name), self)
        question.setWordWrap(True)
        texts = {"play": self.tr("Playing a new game"), "analysis": self.tr("Analysis"),
                 "review": self.tr("Review"), "endgame": self.tr("Endgame challenges")}
        self.boxes: dict[str, QCheckBox] = {}
        layout = QVBoxLayout(self)
        layout.addWidget(question)
        for role in ROLES:
            box = QCheckBox(texts[role], self)
            box.setChecked(role in TICKED_AT_FIRST)
            self.boxes[role] = box
            layout.addWidget(box)
        note = QLabel(self.tr("What is not ticked keeps the engine it uses now."), self)
        note.setWordWrap(True)
        layout.addWidget(note)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel,
                                   self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.buttons = buttons

    def ticked(self) -> frozenset[str]:
        """The roles ticked, none when the dialog was cancelled."""
        if self.result() != QDialog.DialogCode.Accepted:
            return frozenset()
        return frozenset(role for role, box in self.boxes.items() if box.isChecked())
