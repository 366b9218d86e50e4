"""The PyInstaller bundle's program: the same command line as ``python -m xiangqi`` (packaging/build_bundle.py)."""

import multiprocessing
import sys

from xiangqi.__main__ import main

if __name__ == "__main__":
    # `book build --jobs N` spawns worker processes; frozen, each worker is this program started again,
    # and freeze_support() makes it run the worker instead of the app.
    multiprocessing.freeze_support()
    sys.exit(main())
