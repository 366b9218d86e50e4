"""Issue 21 item 1: every engine's scores on one scale (pure: protocol parsing with the families' data)."""

from __future__ import annotations

from pathlib import Path

import pytest

from xiangqi.engine.messages import Score, ScoreKind, format_info
from xiangqi.engine.protocol import Dialect, ScoreScale, WireFormat, parse_info
from xiangqi.engine.registry import EngineSpec, load_families, session_config_for


def _family_wire(family_id: str, dialect: Dialect = Dialect.UCCI) -> WireFormat:
    family = next(f for f in load_families() if f.id == family_id)
    return WireFormat(dialect, scores=family.score_scale(dialect))


def _score(line: str, wire: WireFormat) -> Score:
    score = parse_info(line, wire).score
    assert score is not None
    return score


def test_elephanteye_units_mates_rulings_and_book_weights() -> None:
    wire = _family_wire("elephanteye")
    unit = wire.scores.units_per_pawn
    rook = _score("depth 8 score 277 pv h2h9", wire)
    assert rook.kind is ScoreKind.CP and rook.cp == round(277 * 100 / unit) and rook.raw == "277"
    assert _score("depth 2 score 9997 pv a1e1", wire).mate == 2       # 3 plies: mates in 2 moves
    assert _score("depth 3 score -9998 pv a1e1", wire).mate == -1     # mated after 2 plies
    ruled = _score("depth 5 score -9897 pv a1e1", wire)
    assert ruled.kind is ScoreKind.RULING and ruled.ruling == -1 and ruled.cp is None and not ruled.is_evaluation
    book = _score("depth 0 score 1473 pv b2e2", wire)
    assert book.kind is ScoreKind.BOOK and book.book == 1473 and book.cp is None
    assert _score("depth 1 score 1473 pv b2e2", wire).kind is ScoreKind.CP   # searched: an evaluation


def test_the_builtin_engine_s_mate_scores_and_fairy_stockfish_s_centipawns() -> None:
    builtin = _family_wire("builtin")
    assert _score("depth 5 score 29995 pv h2e2", builtin).mate == 3
    assert _score("depth 5 score -29996 pv h2e2", builtin).mate == -2
    fairy = _family_wire("fairy-stockfish", Dialect.UCI)
    assert _score("depth 12 score cp 1059 pv h2h9", fairy).cp == 1059
    assert _score("depth 12 score mate -3 pv h2h9", fairy).mate == -3
    unknown = WireFormat(Dialect.UCCI)                     # an engine of no known family: read as centipawns
    assert _score("depth 3 score 120", unknown).cp == 120


def test_bounds_survive_normalising_and_the_console_shows_the_raw_number() -> None:
    wire = _family_wire("elephanteye")
    score = _score("depth 8 score 277 lowerbound pv h2h9", wire)
    assert score.bound == "lower"
    text = format_info(parse_info("depth 8 score 277 pv h2h9", wire))
    assert f"score cp {score.cp} raw 277" in text
    assert "raw" not in format_info(parse_info("depth 8 score cp 50", WireFormat(Dialect.UCI)))


def test_the_session_takes_the_family_s_scale_and_book_option() -> None:
    config = session_config_for(EngineSpec("ElephantEye", "/x/eleeye", family="elephanteye"))
    assert config.book_option == "usebook" and config.score_scales is not None
    assert config.score_scales["ucci"].mate == (9900, 10000)
    # A renamed program is recognised by its "id name": the name rule carries the same data.
    rule = next(r for r in config.name_rules if "elephant" in r.pattern.lower())
    assert rule.book_option == "usebook" and rule.score_scales == config.score_scales


@pytest.mark.parametrize(("entry", "problem"), [
    ('scores = { unit = 0 }', "must be positive"),
    ('scores = { unit = "big" }', "units per pawn"),
    ('scores = { unit = { xboard = 10 } }', "unknown dialect 'xboard'"),
    ('scores = { mate = [10000] }', "scores.mate must be [low, high]"),
    ('scores = { ruling = [9900, 9800] }', "ruling range"),
    ('draw_claim = { plies_without_capture = 0 }', "plies_without_capture"),
])
def test_bad_score_data_skips_the_family_with_a_message_naming_it(tmp_path: Path, entry: str, problem: str) -> None:
    (tmp_path / "families.toml").write_text(f'[[family]]\nid = "odd"\n{entry}\n', encoding="utf-8")
    errors: list[str] = []
    assert load_families(tmp_path, errors) == []
    assert len(errors) == 1 and "'odd'" in errors[0] and problem in errors[0], errors


def test_a_scale_rejects_overlapping_nonsense() -> None:
    with pytest.raises(ValueError, match="positive"):
        ScoreScale(units_per_pawn=-3)
