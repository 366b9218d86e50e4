"""The Qt-free layers import in a fresh interpreter without pulling in PySide6."""

from __future__ import annotations

import subprocess
import sys

QT_FREE_MODULES = [
    "xiangqi.core",
    "xiangqi.core.notation",
    "xiangqi.record",
    "xiangqi.record.pgn_reader",
    "xiangqi.record.pgn_writer",
    "xiangqi.record.xqf",
    "xiangqi.record.ccbridge", "xiangqi.record.dhtmlxq", "xiangqi.record.winboard", "xiangqi.record.detect",
    "xiangqi.record.xqf_writer", "xiangqi.record.files", "xiangqi.record.collection", "xiangqi.record.comment_commands",
    "xiangqi.engine.protocol",
    "xiangqi.engine.session",
    "xiangqi.engine.registry",
    "xiangqi.engine.retire",
    "xiangqi.game", "xiangqi.game.model", "xiangqi.game.result", "xiangqi.game.autosave", "xiangqi.game.clock",
    "xiangqi.game.setup", "xiangqi.game.notation_text",
    "xiangqi.engine.builtin",
    "xiangqi.engine.builtin.ucci_loop",
    "xiangqi.engine.builtin.calibration",
    "xiangqi.config",
    "xiangqi.commands.perft",
    "xiangqi.commands.notate",
    "xiangqi.commands.pgn",
    "xiangqi.book",
    "xiangqi.commands.book",
    "xiangqi.match", "xiangqi.engine.naming", "xiangqi.match.referee", "xiangqi.match.record",
    "xiangqi.match.results", "xiangqi.match.schedule", "xiangqi.commands.match",
    "xiangqi.review", "xiangqi.review.annotate", "xiangqi.review.evaluation", "xiangqi.review.marks",
    "xiangqi.commands.review",
    "xiangqi.review.series",
    "xiangqi.resources",
    "xiangqi.launch",
    "xiangqi.desktop_install",
    "xiangqi.atomic", "xiangqi.record.pgn_bytes", "xiangqi.record.encoding", "xiangqi.engine.failures",
]


def test_core_layers_do_not_import_qt() -> None:
    modules = QT_FREE_MODULES
    script = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] == 'PySide6')\n"
        "print('PySide6 loaded:', loaded)\n"
        "sys.exit(1 if loaded else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, f"importing {modules} loaded Qt or failed:\n{result.stdout}{result.stderr}"
    assert "PySide6 loaded: []" in result.stdout
