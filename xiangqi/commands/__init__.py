"""Command-line tools behind ``python -m xiangqi <command>``; each module has ``main(argv) -> int``."""
