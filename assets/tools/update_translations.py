"""Refresh the translations after the visible strings of the program changed.

    .venv/bin/python assets/tools/update_translations.py          # lupdate, fill, lrelease
    .venv/bin/python assets/tools/update_translations.py --check  # also fail if a string is untranslated

1. ``pyside6-lupdate`` over ``SOURCE_DIRS`` (``xiangqi/ui/**/*.py``, ``xiangqi/play/*.py``) collects every
   ``tr()``/``translate()`` string into
   ``assets/i18n/xiangqi_zh_CN.ts`` and ``xiangqi_zh_TW.ts`` (Qt's XML format; Qt Linguist edits them).
2. Strings still unfinished there are filled from ``assets/i18n/phrases.toml``, the project's phrase
   table: ``"English source" = ["简体", "繁體"]`` (optionally ``"Context|English source"`` for a
   translation that only fits one context). Translations made in Linguist are kept.
   Strings that lupdate cannot see (passed to ``translate()`` through a variable, e.g. a helper
   ``_t(text)``) are listed under ``[extra.<Context>]`` in the same file and added to the ``.ts`` files.
3. ``pyside6-lrelease`` compiles the ``.qm`` files the program loads.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
I18N = REPO / "assets" / "i18n"
LANGUAGES = {"zh_CN": 0, "zh_TW": 1}
BIN = Path(sys.executable).parent
SOURCE_DIRS = ("xiangqi/ui", "xiangqi/play", "xiangqi/tactics")   # every module with tr()/translate()/QT_TRANSLATE_NOOP strings


def translation_sources() -> list[Path]:
    return sorted(p for folder in SOURCE_DIRS for p in (REPO / folder).rglob("*.py"))


def run_lupdate() -> None:
    sources = [str(p.relative_to(REPO)) for p in translation_sources()]
    targets = [str((I18N / f"xiangqi_{lang}.ts").relative_to(REPO)) for lang in LANGUAGES]
    subprocess.run([str(BIN / "pyside6-lupdate"), *sources, "-no-obsolete", "-locations", "none",
                    "-ts", *targets], cwd=REPO, check=True)


def add_extra(root: ET.Element, extra: dict[str, dict[str, list[str]]]) -> None:
    """Add the messages lupdate could not find (context -> source -> translations) if still absent."""
    for name, sources in extra.items():
        context = next((c for c in root.iter("context") if c.findtext("name") == name), None)
        if context is None:
            context = ET.SubElement(root, "context")
            ET.SubElement(context, "name").text = name
        present = {m.findtext("source") for m in context.iter("message")}
        for source in sources:
            if source not in present:
                message = ET.SubElement(context, "message")
                ET.SubElement(message, "source").text = source
                ET.SubElement(message, "translation", type="unfinished")


def fill(ts_file: Path, language: str, phrases: dict[str, list[str]],
         extra: dict[str, dict[str, list[str]]]) -> list[str]:
    """Fill unfinished messages from the phrase table; returns the sources still untranslated."""
    tree = ET.parse(ts_file)
    tree.getroot().set("language", language)
    add_extra(tree.getroot(), extra)
    phrases = {**phrases, **{f"{c}|{s}": t for c, table in extra.items() for s, t in table.items()}}
    missing = []
    for context in tree.getroot().iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            source = message.findtext("source", "")
            translation = message.find("translation")
            if translation is not None and translation.get("type") not in ("unfinished", "vanished"):
                continue
            text = (phrases.get(f"{name}|{source}") or phrases.get(source) or [None, None])[LANGUAGES[language]]
            if text is None:
                missing.append(f"{name}: {source!r}")
                continue
            set_translation(message, text)
    ET.indent(tree, space="    ")
    body = ET.tostring(tree.getroot(), encoding="unicode")
    ts_file.write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n", encoding="utf-8")
    return missing


def set_translation(message: ET.Element, text: str) -> None:
    old = message.find("translation")
    if old is not None:
        message.remove(old)
    translation = ET.SubElement(message, "translation")
    if message.get("numerus") == "yes":
        ET.SubElement(translation, "numerusform").text = text   # Chinese has a single plural form
    else:
        translation.text = text


def run_lrelease() -> None:
    for lang in LANGUAGES:
        ts = I18N / f"xiangqi_{lang}.ts"
        subprocess.run([str(BIN / "pyside6-lrelease"), str(ts), "-qm", str(ts.with_suffix(".qm"))],
                       cwd=REPO, check=True, stdout=subprocess.DEVNULL)


def main() -> int:
    parser = argparse.ArgumentParser(description="lupdate + fill from phrases.toml + lrelease")
    parser.add_argument("--check", action="store_true", help="exit 1 if any string is untranslated")
    args = parser.parse_args()
    I18N.mkdir(parents=True, exist_ok=True)
    run_lupdate()
    with (I18N / "phrases.toml").open("rb") as stream:
        phrases = tomllib.load(stream)
    extra = phrases.pop("extra", {})
    bad = [k for k, v in phrases.items() if not (isinstance(v, list) and len(v) == 2)]
    if bad:
        print(f"phrases.toml: entries need [\"简体\", \"繁體\"]: {bad[:5]}", file=sys.stderr)
        return 1
    missing_any = False
    for lang in LANGUAGES:
        missing = fill(I18N / f"xiangqi_{lang}.ts", lang, phrases, extra)
        missing_any |= bool(missing)
        for item in missing:
            print(f"{lang}: untranslated {item}", file=sys.stderr)
    run_lrelease()
    return 1 if args.check and missing_any else 0


if __name__ == "__main__":
    sys.exit(main())
