"""Replay (打谱): step through the shown game with the arrow keys (Home/End for the ends) or let it
play itself at a chosen speed. It only moves the controller's view, so a set-up start position and
the move list stay exactly as the game has them; at the end of the moves it replays taken-back moves."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDoubleSpinBox, QLabel, QStyle, QToolBar, QWidget

from xiangqi.play.controller import GameController
from xiangqi.ui.common.contrast import tinted_icon


DEFAULT_SECONDS = 1.5
MIN_SECONDS, MAX_SECONDS = 0.1, 30.0
Icon = QStyle.StandardPixmap


# The arrow keys as their keycaps show them: "Left" would be an English word in the Chinese UI.
KEY_CAPS = {"Left": "←", "Right": "→", "Up": "↑", "Down": "↓"}

class Replay(QObject):
    """Moves through the game; ``playing`` is the auto-play state."""

    playing_changed = Signal(bool)

    def __init__(self, controller: GameController, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._tick)
        self.set_seconds_per_move(DEFAULT_SECONDS)

    @property
    def shown_ply(self) -> int:
        return self.controller.game.cursor.ply

    @property
    def playing(self) -> bool:
        return self.timer.isActive()

    def forward(self) -> bool:
        c = self.controller
        if self.shown_ply < c.game.ply:
            c.study.view(self.shown_ply + 1)
            return True
        if not c.seats and c.game.can_redo():
            return c.redo()
        return False

    def back(self) -> bool:
        if self.shown_ply <= 0:
            return False
        self.controller.study.view(self.shown_ply - 1)
        return True

    def to_start(self) -> None:
        self.controller.study.view(0)

    def to_end(self) -> None:
        self.controller.study.view(self.controller.game.ply)

    def set_seconds_per_move(self, seconds: float) -> None:
        seconds = min(max(seconds, MIN_SECONDS), MAX_SECONDS)
        self.timer.setInterval(round(seconds * 1000))

    def seconds_per_move(self) -> float:
        return self.timer.interval() / 1000

    def play(self) -> None:
        if self.playing:
            return
        if not self._can_go_on():
            self.to_start()          # auto-play at the end starts again from the beginning
        self.timer.start()
        self.playing_changed.emit(True)

    def pause(self) -> None:
        if self.playing:
            self.timer.stop()
            self.playing_changed.emit(False)

    def toggle(self) -> None:
        self.pause() if self.playing else self.play()

    def _can_go_on(self) -> bool:
        c = self.controller
        return self.shown_ply < c.game.ply or (not c.seats and c.game.can_redo())

    def _tick(self) -> None:
        if not self.forward() or not self._can_go_on():
            self.pause()


class ReplayBar(QToolBar):
    """The replay buttons, their keys (on the window) and the speed box."""

    def __init__(self, replay: Replay, window: QWidget) -> None:
        super().__init__(window)
        self.setWindowTitle(self.tr("Replay"))
        self.setObjectName("replay_toolbar")
        self.replay = replay
        self._icons: dict[QAction, QStyle.StandardPixmap] = {}   # each button's icon (tinted anew)
        self.first_action = self._action(self.tr("First move"), replay.to_start, "Home", Icon.SP_MediaSkipBackward)
        self.back_action = self._action(self.tr("Previous move"), replay.back, "Left", Icon.SP_MediaSeekBackward)
        self.forward_action = self._action(self.tr("Next move"), replay.forward, "Right", Icon.SP_MediaSeekForward)
        self.last_action = self._action(self.tr("Last move"), replay.to_end, "End", Icon.SP_MediaSkipForward)
        self.play_action = self._action(self.tr("Auto-play"), replay.toggle, "Ctrl+P", Icon.SP_MediaPlay)
        self.play_action.setCheckable(True)
        replay.playing_changed.connect(self.play_action.setChecked)
        for action in (self.first_action, self.back_action, self.forward_action, self.last_action,
                       self.play_action):
            window.addAction(action)    # the keys work wherever the focus is (text boxes keep theirs)
        self.speed = QDoubleSpinBox(self)
        self.speed.setRange(MIN_SECONDS, MAX_SECONDS)
        self.speed.setSingleStep(0.5)
        self.speed.setDecimals(1)
        self.speed.setSuffix(self.tr(" s/move"))
        self.speed.setToolTip(self.tr("Seconds per move when playing automatically"))
        self.speed.setValue(replay.seconds_per_move())
        self.speed.valueChanged.connect(replay.set_seconds_per_move)
        self.addWidget(QLabel(self.tr("Speed:"), self))
        self.addWidget(self.speed)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        """Other window colours (high contrast on or off): the buttons' icons in the new text colour."""
        if event.type() == QEvent.Type.PaletteChange:
            self._tint_icons()
        super().changeEvent(event)

    def _tint_icons(self) -> None:
        for action, icon in self._icons.items():
            action.setIcon(tinted_icon(self.style().standardIcon(icon), self.palette()))

    def _action(self, text: str, slot: Callable[[], object], key: str, icon: QStyle.StandardPixmap) -> QAction:
        action = QAction(tinted_icon(self.style().standardIcon(icon), self.palette()), text, self)
        self._icons[action] = icon
        action.setToolTip(f"{text} ({KEY_CAPS.get(key, key)})")
        action.setStatusTip(text)
        action.setShortcut(QKeySequence(key))
        action.triggered.connect(lambda _checked=False: slot())
        self.addAction(action)
        return action

    def actions_by_name(self) -> dict[str, QAction]:
        return {"first": self.first_action, "back": self.back_action, "forward": self.forward_action,
                "last": self.last_action, "play": self.play_action}
