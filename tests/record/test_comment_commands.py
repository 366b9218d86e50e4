from xiangqi.record.comment_commands import join_commands, split_commands


def test_commands_are_split_from_the_words_and_joined_back() -> None:
    assert split_commands("[%eval 1.23] 好棋 [%clk 0:05:00]") == ("[%eval 1.23] [%clk 0:05:00]", "好棋")
    assert split_commands("no commands [here]") == ("", "no commands [here]")
    assert split_commands("[%eval #-5]") == ("[%eval #-5]", "")
    assert join_commands("[%eval 1.23]", " 好棋 ") == "[%eval 1.23] 好棋"
    assert join_commands("[%eval 1.23]", "") == "[%eval 1.23]"
    assert join_commands("", "words") == "words"
