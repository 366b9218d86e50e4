"""Issue 22 (speed of DhtmlXQ pages): the reader takes a well-formed field (``[DhtmlXQ_x]value[/DhtmlXQ_x]``)
in one step and a page a block at a time; on any text it must find exactly the blocks, fields, values and
line numbers of the plain tag-by-tag reading written out below (quadratic, for small texts only)."""

from __future__ import annotations

import re

from hypothesis import given, settings, strategies as st

from xiangqi.record.dhtmlxq import find_blocks, iter_block_spans, iter_blocks, read_dhtmlxq

TAG = re.compile(r"\[(/?)DhtmlXQ(?:_(\w+))?\]", re.IGNORECASE)
PIECES = ["[DhtmlXQ]", "[/DhtmlXQ]", "[dhtmlxq]", "[DhtmlXQ_movelist]", "[/DHTMLXQ_MOVELIST]", "[/DhtmlXQ_movelist]",
          "[DhtmlXQ_comment1]", "[/DhtmlXQ_comment1]", "[DhtmlXQ_title]", "[/DhtmlXQ_title]", "[DhtmlXQ_İ]",
          "[/DhtmlXQ_i̇]", "7747", "\n", "\r\n", "[", "]", "x", "||", "第一局", "<p>[b]</p>", "[DhtmlXQ_",
          "[DhtmlXQ_title]a\nb[/DhtmlXQ_title]", "[DhtmlXQ_red]许[/DhtmlXQ_red]"]
Reading = list[tuple[dict[str, str], dict[str, int], int]]


def line_at(text: str, offset: int) -> int:
    return 1 + text.count("\n", 0, offset)


def fields_of(text: str, tags: list[re.Match[str]], block_start: int) -> tuple[dict[str, str], dict[str, int], int]:
    fields: dict[str, str] = {}
    lines: dict[str, int] = {}
    index = 0
    while index < len(tags):
        tag = tags[index]
        index += 1
        name = (tag.group(2) or "").lower()
        if tag.group(1) or not name:
            continue
        close = next((j for j in range(index, len(tags))
                      if tags[j].group(1) and (tags[j].group(2) or "").lower() == name), None)
        if close is None:
            continue
        fields[name], lines[name] = text[tag.end() : tags[close].start()], line_at(text, tag.start())
        index = close + 1
    return fields, lines, line_at(text, block_start)


def plain_reading(text: str) -> Reading:
    tags = list(TAG.finditer(text))
    blocks: Reading = []
    index = 0
    while index < len(tags):
        tag = tags[index]
        index += 1
        if tag.group(1) or tag.group(2):
            continue
        last = index
        while last < len(tags) and tags[last].group(2):
            last += 1
        block = fields_of(text, tags[index:last], tag.end())
        if block[0]:
            blocks.append(block)
        index = last + 1 if last < len(tags) and tags[last].group(1) else last
    if not blocks:
        bare = fields_of(text, tags, 0)
        blocks = [bare] if bare[0] else []
    return blocks


@settings(max_examples=200, deadline=None)
@given(parts=st.lists(st.sampled_from(PIECES), max_size=40))
def test_blocks_are_those_of_the_plain_tag_by_tag_reading(parts: list[str]) -> None:
    text = "".join(parts)
    assert [(block.fields, block.lines, block.line) for block in find_blocks(text)] == plain_reading(text)
    for block, start, end in iter_block_spans(text):     # a game list reads a game from its slice alone
        assert list(iter_blocks(text[start:end], block.line)) == [block]


def test_a_page_of_whole_fields_and_one_broken_block() -> None:
    good = ("[DhtmlXQ]\n[DhtmlXQ_title]第{0}局[/DhtmlXQ_title]\n"
            "[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n")
    broken = "[DhtmlXQ][DhtmlXQ_title]a [DhtmlXQ_red] b[/DhtmlXQ_title][DhtmlXQ_movelist]7747[/dhtmlxq_MOVELIST]\n"
    text = good.format(1) + broken + good.format(3)
    blocks = list(iter_blocks(text))
    assert [(block.fields, block.lines, block.line) for block in blocks] == plain_reading(text)
    assert blocks[1].fields == {"title": "a [DhtmlXQ_red] b", "movelist": "7747"} and blocks[2].line == 6
    assert [game.ply_count() for game in read_dhtmlxq(text)] == [2, 1, 2]


def test_moves_in_digits_of_other_scripts_are_read_as_before() -> None:
    (game,) = read_dhtmlxq("[DhtmlXQ][DhtmlXQ_movelist]７７４７7062[/DhtmlXQ_movelist][/DhtmlXQ]")
    assert [move.iccs() for move in game.mainline_moves()] == ["h2e2", "h9g7"] and not game.errors
    (bad,) = read_dhtmlxq("[DhtmlXQ][DhtmlXQ_movelist]77479962[/DhtmlXQ_movelist][/DhtmlXQ]", "p.html")
    assert bad.ply_count() == 1 and "'9962'" in str(bad.errors[0])


def test_every_block_read_from_its_slice_alone_is_the_block_read_in_the_page() -> None:
    """The index of a page keeps each block's slice and line; the game list reads a game from its slice."""
    page = ("<p>[DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]</p>\n"
            "[DhtmlXQ]\n[DhtmlXQ_title]a\nb[/DhtmlXQ_title][/DhtmlXQ]\n[DhtmlXQ][DhtmlXQ_title]unclosed\n[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n"
            "[DhtmlXQ]\n[DhtmlXQ_comment1]a [DhtmlXQ_x]y[/DhtmlXQ_x] b[/DhtmlXQ_comment1]\n"
            "[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist][/DhtmlXQ]value[/DhtmlXQ_title]\ntail")
    spans = list(iter_block_spans(page))
    assert [block for block, _start, _end in spans] == find_blocks(page) and len(spans) == 4
    for block, start, end in spans:
        assert page[start:].startswith("[DhtmlXQ]")
        assert list(iter_blocks(page[start:end], block.line)) == [block]
    bare = "[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]"
    assert [(start, end) for _block, start, end in iter_block_spans(bare)] == [(0, len(bare))]
