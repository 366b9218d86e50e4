"""The study tools in the main window: Engine › Analyse (分析), the evaluation graph under the move list and
Game › Review (复盘)….

- Analysis runs on whatever position the board shows (a record being browsed, a variation, a position from
  the editor, the game in progress): every change of the shown position restarts the analyser's
  ``go infinite``; its lines are in the window's engine area (under the move list); closing them (or unticking
  the action) retires the engine. A clicked line is played
  onto the board as a variation (``RecordStudy.play_line``).
- The graph shows the main line's ``[%eval]`` values: a reviewed record's and, in a game being played, the
  engine's own score after each of its moves, written into that move's comment as ``[%eval]`` (so the
  autosave, a resumed game and the saved file keep them); a click shows that ply; the ply shown is marked.
  It is hidden while there is nothing to draw.
- Review writes into the record (marks, ``[%eval]`` comments, better moves) through ``ReviewDialog``; the
  record is then modified like any edit, so Save keeps the review.

Installed by ``install_study_ui(window)``; the window keeps it alive (its child), the caller may keep it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QBoxLayout, QWidget

from xiangqi.core import Move
from xiangqi.engine.messages import Score
from xiangqi.engine.registry import EngineSpec, builtin_engine_spec
from xiangqi.engine.seat import EngineFactory, Purpose, SeatInfo
from xiangqi.record import Game, GameNode
from xiangqi.tactics import Motif, threat_motifs
from xiangqi.tactics.motif import motif_name
from xiangqi.review.evaluation import Evaluation, with_eval
from xiangqi.play.controller import MovePlayed
from xiangqi.review.series import record_evaluations, record_marks
from xiangqi.ui.board.shapes import ANALYSIS_COLOR, THREAT_COLOR, graded_arrows
from xiangqi.ui.study.analysis_panel import AnalysisPanel
from xiangqi.play.engine_list import engine_display_name, role_engine_index
from xiangqi.ui.study.eval_graph import EvalGraph
from xiangqi.ui.study.line_preview import LinePreview
from xiangqi.ui.study.review_dialog import ReviewDialog, ReviewProgress
from xiangqi.ui.study.study_analysis import Analyser, connect_panel
from xiangqi.ui.window_host import WindowHost

BUILTIN_ANALYSIS_LEVEL = 5   # the built-in engine analyses at full strength
# Another feature's part of a finished review (练习: the player's mistakes go into the mistakes deck): called
# with the reviewed record, it may return a widget shown under the review's summary.
AfterReview = Callable[[Game], QWidget | None]


def analysis_engines(engines: Sequence[EngineSpec]) -> list[EngineSpec]:
    """The engines offered for analysis and review: the registry's, the built-in one at full strength."""
    specs = [builtin_engine_spec(BUILTIN_ANALYSIS_LEVEL) if spec.family == "builtin" else spec for spec in engines]
    if not any(spec.family == "builtin" for spec in specs):
        specs.append(builtin_engine_spec(BUILTIN_ANALYSIS_LEVEL))
    return specs


def preferred_engine(specs: Sequence[EngineSpec]) -> int:
    """The engine analysis starts with: the first one other than the built-in (they are stronger)."""
    return next((i for i, spec in enumerate(specs) if spec.family != "builtin"), 0)


class StudyTools(QObject):
    def __init__(self, window: WindowHost, factory: EngineFactory | None = None) -> None:
        super().__init__(window)
        self.window = window
        self._factory = factory   # None: real engine processes (tests pass a scripted fake)
        self.controller = window.controller
        self.analyser: Analyser | None = None
        self.chosen: EngineSpec | None = None    # the analysing engine chosen in this session
        self.offered: list[EngineSpec] = []      # the engines in the panel's list, in its order
        self._last_engine_eval: Evaluation | None = None
        # the threat line last named: (position, moves) and its motifs
        self._threat_named: tuple[tuple[str, tuple[Move, ...]], frozenset[Motif]] | None = None
        self._graph_plies = 0              # the last ply the graph shows
        self.review_progress: ReviewProgress | None = None   # a review running in the background
        self.after_review: list[AfterReview] = []   # set by the shell (the training feature's hook)
        self.panel = AnalysisPanel(window)
        self.panel.setObjectName("analysis_panel")
        self.panel.close_requested.connect(lambda: self.set_analysing(False))
        self.panel.hide()   # shown in the engine area while analysing
        window.engine_area.add_section(self.panel, 3)
        self.preview = LinePreview(window.board, window)
        self.graph = EvalGraph(window)
        self.graph.hide()
        self._place_graph()
        self._build_actions()
        self._connect()
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        """The window closes: the analysing engine is retired with the game's."""
        if watched is self.window and event.type() == QEvent.Type.Close:
            self.set_analysing(False)
        return False

    # ----------------------------------------------------------------- building
    def _place_graph(self) -> None:
        """Under the move list, in whatever layout holds it."""
        move_list: QWidget = self.window.move_list
        holder = move_list.parentWidget()
        layout = holder.layout() if holder is not None else None
        if isinstance(layout, QBoxLayout):
            layout.insertWidget(layout.indexOf(move_list) + 1, self.graph)

    def _build_actions(self) -> None:
        window = self.window
        self.analyse_action = QAction(self.tr("&Analyse"), window)
        self.analyse_action.setCheckable(True)
        self.analyse_action.setShortcut("Ctrl+Shift+A")
        self.analyse_action.setToolTip(self.tr("Analyse the position shown with an engine of your choice"))
        self.analyse_action.toggled.connect(self.set_analysing)
        window.addAction(self.analyse_action)
        self.threat_action = QAction(self.tr("Show &threat"), window)
        self.threat_action.setCheckable(True)
        self.threat_action.setShortcut("X")
        self.threat_action.setToolTip(self.tr("Analyse what the other side would play if it were its turn"))
        self.threat_action.toggled.connect(self.set_threat)
        window.addAction(self.threat_action)
        self.review_action = QAction(self.tr("Re&view the game…"), window)
        self.review_action.triggered.connect(lambda _checked=False: self.open_review())
        window.addAction(self.review_action)
        self.review_action.setEnabled(self.can_review())
        engine_actions = window.engine_menu.actions()
        if engine_actions:
            window.engine_menu.insertActions(engine_actions[0], [self.analyse_action, self.threat_action])
        else:
            window.engine_menu.addActions([self.analyse_action, self.threat_action])
        game_menu = window.game_menu
        if window.quit_action in game_menu.actions():   # just above Quit
            game_menu.insertAction(window.quit_action, self.review_action)
            game_menu.insertSeparator(window.quit_action)
        else:
            game_menu.addAction(self.review_action)
            game_menu.addSeparator()

    def _connect(self) -> None:
        c = self.controller
        c.changed.connect(self._on_changed)
        c.study.tree_changed.connect(self.refresh_graph)
        c.game_replaced.connect(self._on_game_replaced)
        c.analysis.connect(self._on_engine_info)
        c.move_played.connect(self._on_move_played)
        self.graph.ply_clicked.connect(self.show_ply)
        self.panel.engine_chosen.connect(self._on_engine_chosen)
        self.panel.line_chosen.connect(self.play_line)
        self.panel.lines_shown.connect(self._show_arrows)
        self.panel.threat_toggled.connect(self.threat_action.setChecked)
        self.panel.line_hovered.connect(self._preview_line)

    # ----------------------------------------------------------------- analysis
    def _show_arrows(self, lines: tuple[tuple[Move, Score | None], ...]) -> None:
        """The analysis lines' first moves as arrows on the board, graded by score (none once it stops)."""
        threat = self.analyser is not None and self.analyser.threat
        self.window.board.shapes.set_analysis(graded_arrows(lines, THREAT_COLOR if threat else ANALYSIS_COLOR))
        self.window.board.update()
        self.panel.set_note(self._threat_words(lines) if threat else "")

    def _threat_words(self, lines: tuple[tuple[Move, Score | None], ...]) -> str:
        """The threat named: its 杀法 or tactic when the detectors know it, else a mate in N (or nothing)."""
        searched = self.analyser.searched if self.analyser is not None else None
        moves = self.panel.line_moves(0)
        if searched is None or not lines or not moves:
            return ""
        score = lines[0][1]
        key = (searched.fen(), moves)
        if self._threat_named is None or self._threat_named[0] != key:   # the panel redraws ten times a second
            self._threat_named = (key, threat_motifs(searched, moves))
        named = [motif_name(motif, lambda text: QCoreApplication.translate("Motif", text))
                 for motif in sorted(self._threat_named[1], key=lambda m: m.value)
                 if motif is not Motif.MATE_IN_N]   # said with its length below
        if score is not None and score.mate is not None and score.mate > 0:
            named.append(self.tr("mate in {0}").format(score.mate))
        return self.tr("Threat: {0}").format(" · ".join(named)) if named else ""

    def set_threat(self, on: bool) -> None:
        """Engine › Show threat (X): analyse the other side's threat; starts the analysis when it is off."""
        if self.threat_action.isChecked() != on:
            self.threat_action.setChecked(on)   # comes back here through toggled
            return
        if on and self.analyser is None:
            self.set_analysing(True)
        if self.analyser is not None:
            self.analyser.set_threat(on)
        self.panel.set_threat(on)

    def _preview_line(self, moves: tuple[Move, ...]) -> None:
        """The position a pointed-at move of a line leads to, beside the mouse (hidden for none)."""
        analyser = self.analyser
        start = analyser.searched if analyser is not None else None
        if start is None or not moves or not self.panel.isVisible():
            self.preview.hide()
            return
        self.preview.show_line(start, moves, self.panel.notation)

    def engines(self) -> list[EngineSpec]:
        return analysis_engines(self.window.engines)

    def set_analysing(self, on: bool) -> None:
        """Engine › Analyse: start or stop analysing the position shown."""
        if self.analyse_action.isChecked() != on:
            self.analyse_action.setChecked(on)   # comes back here through toggled
            return
        if on and self.analyser is None:
            self._start_analyser()
        elif not on and self.analyser is not None:
            analyser, self.analyser = self.analyser, None
            analyser.close()
            analyser.deleteLater()
            self.offered = []
            self.panel.set_position(None)
            self.panel.hide()
            self.threat_action.setChecked(False)

    def _start_analyser(self) -> None:
        specs = self.engines()
        chosen = role_engine_index(specs, self.window.engine_roles.analysis, preferred_engine(specs))
        spec = self.chosen if self.chosen in specs else specs[chosen]
        self.panel.set_notation(self.window.move_list.notation)
        self.analyser = Analyser(spec, self._factory, self)
        self.analyser.threat = self.threat_action.isChecked()
        self._offer_engines()
        connect_panel(self.analyser, self.panel)
        self.analyser.set_lines(self.panel.lines_box.value())
        self.analyser.trouble.connect(lambda text: self.window.statusBar().showMessage(text, 8000))
        self.analyser.start()
        self.panel.show()
        self.analyser.analyse(self.controller.board_position())

    def _offer_engines(self) -> None:
        """The panel lists the engines known now (the search for engines may have found more since)."""
        specs = self.engines()
        if self.analyser is not None and specs != self.offered:
            self.offered = specs
            current = self.analyser.spec
            index = specs.index(current) if current in specs else -1
            self.panel.set_engines([engine_display_name(spec) for spec in specs], index)

    def _on_engine_chosen(self, index: int) -> None:
        if self.analyser is not None and 0 <= index < len(self.offered):
            self.chosen = self.offered[index]
            self.analyser.set_engine(self.chosen)

    def _on_changed(self) -> None:
        if self.analyser is not None:
            if self.panel.notation is not self.window.move_list.notation:
                self.panel.set_notation(self.window.move_list.notation)
            self.analyser.analyse(self.controller.board_position())
            self._offer_engines()
        if self.controller.game.playing and self._graph_plies != self.controller.game.ply:
            self.refresh_graph()   # 悔棋/还原 moved the game's end: the graph ends there too
        self.graph.set_current_ply(self.controller.game.cursor.ply)
        self.review_action.setEnabled(self.can_review())

    def play_line(self, moves: Sequence[Move]) -> None:
        """A clicked analysis line: its moves go onto the board as a variation from the analysed position."""
        analyser = self.analyser
        if analyser is None or analyser.position is None:
            return
        if analyser.position.fen() != self.controller.board_position().fen():
            return   # the board moved on since the line was drawn
        if analyser.threat:
            self.window.statusBar().showMessage(
                self.tr("A threat is the other side's line from this position: it cannot be played here"), 8000)
            return
        line = list(moves)
        if self.controller.seats and not self.controller.game.is_over:
            # a side line is studied by two players: the engine would stop playing this game
            self.window.ask(self.tr("Play the line"),
                            self.tr("Playing this line on the board may end the game against the engine: a "
                                    "side line is studied without it. The moves played stay in the record. "
                                    "Play it?"),
                            lambda: self.controller.study.play_line(line))
            return
        self.controller.study.play_line(line)

    # ----------------------------------------------------------------- the graph
    def _on_game_replaced(self) -> None:
        self._last_engine_eval = None
        self.refresh_graph()

    def _on_engine_info(self, seat_info: SeatInfo) -> None:
        info = seat_info.info
        if seat_info.purpose is Purpose.MOVE and info.score is not None and (info.multipv or 1) == 1:
            # A book line (ElephantEye's own book) is no evaluation: the move it leads to gets none.
            score = info.score
            self._last_engine_eval = (Evaluation.from_score(score, seat_info.position.turn)
                                      if score.is_evaluation else None)

    def _on_move_played(self, played: MovePlayed) -> None:
        if played.by_engine and not played.from_book and self._last_engine_eval is not None:
            head = self.controller.game.head   # the engine's move: its score goes with it, as PGN has it
            head.comment = with_eval(head.comment, self._last_engine_eval)
        self._last_engine_eval = None
        self.refresh_graph()

    def refresh_graph(self) -> None:
        """The main line's evaluations; in a game being played only up to the move the game is at (moves
        taken back are no part of the game played, though the record keeps them to put back)."""
        game = self.controller.game
        plies = game.ply if game.playing else game.record.ply_count()
        evaluations = {ply: e for ply, e in record_evaluations(game.record).items() if ply <= plies}
        self._graph_plies = plies
        self.graph.set_evaluations(evaluations, plies)
        self.graph.set_marks({ply: mark.symbol for ply, mark in record_marks(game.record).items()
                             if ply <= plies})
        self.graph.set_current_ply(self.controller.game.cursor.ply)
        self.graph.setVisible(bool(evaluations))

    def show_ply(self, ply: int) -> None:
        """A click on the graph: show the main line's position after ``ply`` moves."""
        record = self.controller.game.record
        line: list[GameNode] = [record.root, *record.mainline()]
        if 0 <= ply < len(line):
            self.controller.study.show_node(line[ply])

    # ----------------------------------------------------------------- review
    def can_review(self) -> bool:
        """A record with moves, no engine playing a game that goes on (its moves would change the line),
        and no review running already."""
        game = self.controller.game
        return bool(game.record.root.children) and (not self.controller.seats or game.is_over) \
            and self.review_progress is None

    def open_review(self) -> ReviewDialog | None:
        if not self.can_review():
            self.window.statusBar().showMessage(
                self.tr("Review needs a record with moves and no game going on against an engine"), 8000)
            return None
        specs = self.engines()
        chosen = role_engine_index(specs, self.window.engine_roles.review, preferred_engine(specs))
        dialog = ReviewDialog(self.controller.game.record, specs, chosen, self.window)
        dialog.notation = self.window.move_list.notation
        dialog.reviewed.connect(lambda _summary: self._record_reviewed(dialog))
        dialog.ply_clicked.connect(self.show_ply)
        dialog.started.connect(lambda: self._review_in_background(dialog))
        dialog.stopped.connect(lambda: self._review_ended(dialog))
        dialog.finished.connect(lambda _result: self._drop_progress())
        replaced = self.controller.game_replaced

        def close_if_stale() -> None:
            self._close_stale_summary(dialog)

        replaced.connect(close_if_stale)
        dialog.finished.connect(lambda _result: replaced.disconnect(close_if_stale))
        self.window.open_dialog(dialog)
        return dialog

    def _close_stale_summary(self, dialog: ReviewDialog) -> None:
        """Another game was opened: a summary of the one before closes (it would describe a game not shown).
        A review still running goes on, for the record it was started on."""
        if dialog.summary is not None and dialog.game is not self.controller.game.record:
            dialog.close()

    def _review_in_background(self, dialog: ReviewDialog) -> None:
        """The review runs while the user goes on browsing: the dialog steps aside for a line in the
        status bar (positions done, time left, Cancel)."""
        self._drop_progress()
        progress = self.review_progress = ReviewProgress(self.window)
        dialog.progressed.connect(progress.show_progress)
        dialog.trouble.connect(progress.show_trouble)
        dialog.trouble.connect(lambda text: self.window.statusBar().showMessage(text, 15_000))
        progress.cancel_clicked.connect(dialog.reject)
        self.window.statusBar().addPermanentWidget(progress)
        self.review_action.setEnabled(False)
        dialog.hide()   # first: a modal window leaves the modal stack when hidden as modal
        dialog.setWindowModality(Qt.WindowModality.NonModal)   # the summary then blocks nothing either

    def _review_ended(self, dialog: ReviewDialog) -> None:
        """The summary (or what stopped the review) in the dialog again; a summary of a game no longer
        shown closes at once (the record it was written into keeps the review)."""
        self._drop_progress()
        if dialog.summary is not None and dialog.game is not self.controller.game.record:
            self.window.statusBar().showMessage(self.tr("The review of the game opened before is done"), 8000)
            dialog.close()
            return
        dialog.show()
        dialog.raise_()

    def _drop_progress(self) -> None:
        if self.review_progress is not None:
            self.window.statusBar().removeWidget(self.review_progress)
            self.review_progress.deleteLater()
            self.review_progress = None
        self.review_action.setEnabled(self.can_review())

    def _record_reviewed(self, dialog: ReviewDialog) -> None:
        if dialog.game is self.controller.game.record:   # not when the user turned to another game
            self.controller.study.record_changed()
            self.refresh_graph()
        for hook in self.after_review:
            extra = hook(dialog.game)
            if extra is not None:
                dialog.summary_view.add_extra(extra)
        self._review_ended(dialog)


def install_study_ui(window: WindowHost, factory: EngineFactory | None = None) -> StudyTools:
    """Analysis, the evaluation graph and review in ``window``; ``factory`` makes the analysing engine's
    client (None: the real process). The window keeps it alive (its child); the caller may keep it."""
    return StudyTools(window, factory)


__all__ = ["AfterReview", "StudyTools", "analysis_engines", "install_study_ui", "preferred_engine"]
