"""Wording (issue 20): no "对局赛", no "百分兵", no stray spaces around a menu path in a Chinese sentence;
the match's score threshold and the review's average loss are in pawns like every score shown."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import real_window
from appearance_paths import REPO
from xiangqi.core import Color
from xiangqi.review.marks import SideSummary
from xiangqi.ui.match.match_dialog import MatchDialog
from xiangqi.ui.study.review_dialog import ReviewSummaryView

app_window = real_window.app_window   # the fixture

AWKWARD = re.compile(r"对局赛|對局賽|百分兵|自 \{0\}|可在 |\s中更改|… 或 ")


def translations(language: str) -> list[str]:
    root = ET.parse(REPO / "assets" / "i18n" / f"xiangqi_{language}.ts").getroot()
    return ["".join(t.itertext()) for t in root.iter("translation")]


def test_no_awkward_chinese_wording_is_left() -> None:
    for language in ("zh_CN", "zh_TW"):
        found = [text for text in translations(language) if AWKWARD.search(text)]
        assert found == [], (language, found)


def test_match_threshold_in_pawns_and_review_loss_in_pawns(app_window, qtbot, tmp_path) -> None:
    window = app_window(1280, 880)
    action = next(a for a in window.game_menu.actions() if a.text() == "引擎对战(&T)…")
    action.trigger()   # Game › Engine match… as the menu item does
    dialog = window.findChild(MatchDialog)
    qtbot.waitUntil(dialog.isVisible)
    assert dialog.score_pawns.suffix() == " 兵" and dialog.score_pawns.value() == 10.0
    dialog.score_check.setChecked(True)
    dialog.score_pawns.setValue(3.5)
    dialog.pgn.setText(str(tmp_path / "match.pgn"))
    dialog.accepted.disconnect()   # read the settings as OK does, without starting engines
    dialog.accept()
    assert dialog.settings().adjudication.score_cp == 350
    view = ReviewSummaryView()
    qtbot.addWidget(view)
    view.show()
    header = view.table.verticalHeaderItem(3)
    assert header.text() == "平均每步损失（单位：兵）"
    side = SideSummary(Color.RED, 20, 1, 0, 0, 42.0, 91.5)
    assert view.side_texts(side)[3] == "0.42"


def test_replay_and_review_are_told_apart() -> None:
    """复盘 is the engine's review of a game; stepping through a record is 打谱 (both were 复盘)."""
    for language, replay in (("zh_CN", "打谱"), ("zh_TW", "打譜")):
        root = ET.parse(REPO / "assets" / "i18n" / f"xiangqi_{language}.ts").getroot()
        texts = {(c.findtext("name"), m.findtext("source")): "".join(m.find("translation").itertext())
                 for c in root.iter("context") for m in c.iter("message")}
        assert texts[("ReplayBar", "Replay")] == replay
        assert texts[("ReviewDialog", "Review the game")] != replay
