"""The PyInstaller bundle's program: the same command line as ``python -m xiangqi`` (packaging/build_bundle.py)."""

import sys

from xiangqi.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
