"""Run by the system's python3 (pyatspi, Debian's python3-pyatspi): listen on the AT-SPI bus as Orca does,
print each announcement the xiangqi window makes, and after ``COUNT`` of them its accessibility tree
(role: name — description), then exit. Used by tests/ui/test_accessibility_atspi.py."""

import sys

import pyatspi

COUNT = int(sys.argv[1])
heard: list[str] = []


def dump(node, depth: int = 0) -> None:
    if node is None or depth > 14:
        return
    name, role, description = node.name, node.getRoleName(), node.description
    if name:
        print(f"TREE {role}: {name}" + (f" — {description}" if description else ""), flush=True)
    for index in range(node.childCount):
        dump(node.getChildAtIndex(index), depth + 1)


def dump_app() -> None:
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        app = desktop.getChildAtIndex(index)
        if app is not None and app.name == "xiangqi":
            for child in range(app.childCount):
                dump(app.getChildAtIndex(child))


def on_event(event) -> None:
    heard.append(str(event.any_data))
    print(f"ANNOUNCEMENT {event.any_data}", flush=True)
    if len(heard) == COUNT:
        dump_app()
        pyatspi.Registry.stop()


pyatspi.Registry.registerEventListener(on_event, "object:announcement")
print("listening", flush=True)
pyatspi.Registry.start()
