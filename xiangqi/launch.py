"""Checks made before the app starts Qt, so a mistyped command or a missing display gets one plain line
instead of a window opening on nothing or Qt's abort ("could not connect to display", core dump). No Qt here.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

# Qt's own command-line options that take a value (QGuiApplication/QApplication docs).
QT_VALUE_OPTIONS = frozenset({"-platform", "-platformpluginpath", "-platformtheme", "-plugin", "-qmljsdebugger",
                              "-qwindowgeometry", "-geometry", "-qwindowtitle", "-title", "-qwindowicon",
                              "-display", "-style", "-stylesheet", "-session", "-name"})
# Platforms that draw without a window system.
HEADLESS_PLATFORMS = ("offscreen", "minimal", "vnc", "eglfs", "linuxfb", "vkkhrdisplay")


def unknown_arguments(args: list[str]) -> list[str]:
    """Plain words given to the app that are neither a Qt option (or its value) nor an existing file."""
    unknown: list[str] = []
    after_option = False
    for arg in args:
        if after_option:
            after_option = False
        elif arg.startswith("-"):   # Qt accepts both -style X and --style X
            after_option = "-" + arg.lstrip("-") in QT_VALUE_OPTIONS
        elif not Path(arg).exists():
            unknown.append(arg)
    return unknown


def platform_requested(args: list[str]) -> str:
    """The Qt platform plugin asked for by ``-platform NAME`` or $QT_QPA_PLATFORM ('' when neither)."""
    for index, arg in enumerate(args):
        if arg in ("-platform", "--platform") and index + 1 < len(args):
            return args[index + 1]
        if arg.startswith(("-platform=", "--platform=")):
            return arg.split("=", 1)[1]
    return os.environ.get("QT_QPA_PLATFORM", "")


def missing_display(args: list[str]) -> str | None:
    """The line to print when this Linux/BSD session has no display to open a window on, else None."""
    if sys.platform in ("win32", "darwin"):
        return None
    platform = platform_requested(args).split(":", 1)[0]
    if platform.startswith(HEADLESS_PLATFORMS):
        return None
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return None
    return ("xiangqi: no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set); "
            "start it from a desktop session, or use QT_QPA_PLATFORM=offscreen for a window nobody sees")
