"""The engine manager: the configured and found engines; add one by choosing its program (the engine
layer starts it and detects UCCI or UCI), remove one, and edit its options in a form built from the
engine's own ``option`` lines (check → checkbox, spin → spin box with its min/max, combo → list,
string → text, button → button). Saved to the user's settings file through ``SettingsStore``.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from collections.abc import Callable, Iterable, Mapping

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFileDialog, QFormLayout, QHBoxLayout, QLabel,
                               QLineEdit, QListWidget, QListWidgetItem, QPushButton, QScrollArea, QSpinBox,
                               QVBoxLayout, QWidget)

from xiangqi.config import BUILTIN_ENGINE, EngineEntry, Keys, SettingsError, SettingsStore
from xiangqi.engine.messages import EngineOption, OptionKind, OptionValue
from xiangqi.engine.process import EngineClient
from xiangqi.engine.registry import (BUILTIN_FAMILY, EngineSpec, Protocol, discover_engines, entry_of_spec,
                                     family_of_entry, load_families, recognise, same_program, spec_of_entry)
from xiangqi.engine.retire import retire
from xiangqi.engine.session import EngineFailure, EngineInfo
from xiangqi.play.problem_text import failure_detail, failure_text
from xiangqi.ui.common.file_dialogs import FileKind, dialog_folders
from xiangqi.ui.engines.engine_roles_dialog import EngineRolesDialog, roles_after_adding

ROLE_KEYS = {"play": Keys.ENGINE_ROLES_PLAY, "analysis": Keys.ENGINE_ROLES_ANALYSIS,
             "review": Keys.ENGINE_ROLES_REVIEW, "endgame": Keys.ENGINE_ROLES_ENDGAME}
# Options the program sets itself for every game; shown, but not editable here.
MANAGED_OPTIONS = {"uci_variant", "protocol", "uci_chess960", "ponder", "multipv"}
PROBE_TIMEOUT_MS = 30_000
SPIN_LIMIT = 2**31 - 1


# ------------------------------------------------------------------------------------- option form
class OptionForm(QWidget):
    """One editor per engine option; ``values()`` gives what differs from the engine's defaults."""

    button_pressed = Signal(str)

    def __init__(self, options: tuple[EngineOption, ...], values: Mapping[str, OptionValue],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.options = options
        self.editors: dict[str, QWidget] = {}
        layout = QFormLayout(self)
        layout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        current = {k.lower(): v for k, v in values.items()}
        for option in options:
            editor = self._editor(option, current.get(option.name.lower(), option.default))
            if option.name.lower() in MANAGED_OPTIONS:
                editor.setEnabled(False)
                editor.setToolTip(self.tr("Set by the program for every game"))
            self.editors[option.name] = editor
            if option.kind is OptionKind.BUTTON:
                layout.addRow("", editor)
            else:
                layout.addRow(option.name, editor)

    def _editor(self, option: EngineOption, value: OptionValue | None) -> QWidget:
        value = _coerced(option, value)
        if option.kind is OptionKind.CHECK:
            box = QCheckBox(self)
            box.setChecked(bool(value))
            return box
        if option.kind is OptionKind.SPIN:
            spin = QSpinBox(self)
            spin.setRange(max(-SPIN_LIMIT, option.min if option.min is not None else -SPIN_LIMIT),
                          min(SPIN_LIMIT, option.max if option.max is not None else SPIN_LIMIT))
            spin.setValue(int(value or 0))
            return spin
        if option.kind is OptionKind.COMBO:
            combo = QComboBox(self)
            combo.addItems(list(option.vars))
            combo.setCurrentText(str(value or ""))
            return combo
        if option.kind is OptionKind.BUTTON:
            button = QPushButton(option.name, self)
            button.clicked.connect(lambda: self.button_pressed.emit(option.name))
            return button
        if option.kind is OptionKind.LABEL:
            return QLabel(str(option.default or ""), self)
        return QLineEdit("" if value in (None, "<empty>") else str(value), self)

    def value_of(self, option: EngineOption) -> OptionValue | None:
        editor = self.editors[option.name]
        if isinstance(editor, QCheckBox):
            return editor.isChecked()
        if isinstance(editor, QSpinBox):
            return editor.value()
        if isinstance(editor, QComboBox):
            return editor.currentText()
        if isinstance(editor, QLineEdit):
            return editor.text()
        return None

    def values(self) -> dict[str, OptionValue]:
        """Every editable option whose value differs from the engine's default."""
        changed = {}
        for option in self.options:
            if option.kind in (OptionKind.BUTTON, OptionKind.LABEL) or option.name.lower() in MANAGED_OPTIONS:
                continue
            value = self.value_of(option)
            if value is not None and value != _coerced(option, option.default):
                changed[option.name] = value
        return changed


def _coerced(option: EngineOption, value: OptionValue | None) -> OptionValue | None:
    try:
        return option.coerce(value)
    except ValueError:
        return option.coerce(option.default) if value != option.default else None


# ------------------------------------------------------------------------------------- probing
class EngineProbe(QObject):
    """Starts an engine once to learn its name, dialect and options; keeps it running (so option buttons
    act on it) until ``close()``. Emits ``probed(EngineInfo)`` or ``failed(str)``."""

    probed = Signal(object)
    failed = Signal(str)

    def __init__(self, spec: EngineSpec, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.spec = spec
        self.closed = False
        self.client = EngineClient(spec, self)
        self.client.ready.connect(self._ready)
        self.client.failed.connect(self._on_client_failed)
        self.detail = ""   # the engine layer's English words for the last failure (a tool tip)
        self._timer = QTimer(self, singleShot=True, interval=PROBE_TIMEOUT_MS)
        self._timer.timeout.connect(lambda: self._fail(self.tr("The engine did not answer in time.")))

    def start(self) -> None:
        self._timer.start()
        self.client.start()

    def press(self, name: str) -> None:
        if not self.closed:
            self.client.set_option(name, None)

    def close(self) -> None:
        """Stop the engine (quit → terminate → kill on the engine layer's timers, outliving this probe
        and its dialog: see ``retire``); no signal after this."""
        if self.closed:
            return
        self.closed = True
        self._timer.stop()
        self.client.ready.disconnect()
        self.client.failed.disconnect()
        retire(self.client)

    def _ready(self, info: EngineInfo) -> None:
        self._timer.stop()
        if not self.closed:
            self.probed.emit(info)

    def _on_client_failed(self, failure: EngineFailure) -> None:
        if failure.fatal:
            self.detail = failure_detail(failure)
            self._fail(failure_text(failure, self.spec.name))

    def _fail(self, message: str) -> None:
        self._timer.stop()
        if not self.closed:
            self.close()
            self.failed.emit(message)


# ------------------------------------------------------------------------------------- the manager
class EngineManager(QWidget):
    """The engines tab of the settings dialog (also usable on its own)."""

    changed = Signal()   # the engine list or an engine's options were saved

    def __init__(self, store: SettingsStore, parent: QWidget | None = None, *,
                 found: list[EngineSpec] | None = None,
                 choose_file: Callable[[], str] | None = None) -> None:
        super().__init__(parent)
        self.store = store
        self._found = found
        self._choose_file = choose_file or self._ask_for_file
        self.probe: EngineProbe | None = None
        self.form: OptionForm | None = None
        self.roles_dialog: EngineRolesDialog | None = None   # asked after an engine is added
        self._families = load_families()
        self._entries: list[tuple[EngineEntry, bool]] = []   # (entry, configured by the user)
        self._build()
        self.refresh()

    # --------------------------------------------------------------- layout
    def _build(self) -> None:
        self.list = QListWidget(self)
        self.list.currentRowChanged.connect(self._show_entry)
        self.add_button = QPushButton(self.tr("&Add engine…"), self)
        self.remove_button = QPushButton(self.tr("&Remove"), self)
        self.save_button = QPushButton(self.tr("&Save options"), self)
        self.add_button.clicked.connect(self.add_from_dialog)
        self.remove_button.clicked.connect(self.remove_current)
        self.save_button.clicked.connect(self.save_options)
        self.details = QLabel(self)
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        self.protocol = QComboBox(self)
        for protocol, text in ((Protocol.AUTO, self.tr("Automatic (the engine's own)")),
                               (Protocol.UCCI, "UCCI"), (Protocol.UCI, "UCI")):
            self.protocol.addItem(text, protocol)
        self.protocol.setToolTip(self.tr("The language the program speaks with this engine"))
        self.protocol.activated.connect(self._protocol_chosen)
        self.protocol_warning = QLabel(self)   # why a protocol is not advised for this engine
        self.protocol_warning.setWordWrap(True)
        self.protocol_warning.setObjectName("protocol_warning")
        self.protocol_warning.setStyleSheet("QLabel#protocol_warning { color: #b00020; }")
        self.protocol_warning.hide()
        self.option_scroll = QScrollArea(self)   # not ``scroll``: that is QWidget.scroll()
        self.option_scroll.setWidgetResizable(True)
        left = QVBoxLayout()
        left.addWidget(self.list)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        left.addLayout(buttons)
        right = QVBoxLayout()
        right.addWidget(self.details)
        protocol_row = QHBoxLayout()
        protocol_row.addWidget(QLabel(self.tr("Protocol:"), self))
        protocol_row.addWidget(self.protocol, 1)
        right.addLayout(protocol_row)
        right.addWidget(self.protocol_warning)
        right.addWidget(self.option_scroll, 1)
        right.addWidget(self.save_button)
        right.addWidget(self.status)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 2)
        layout.addLayout(right, 3)

    # --------------------------------------------------------------- the list
    def refresh(self, select: int | None = None, info: EngineInfo | None = None) -> None:
        """Rebuild the list; ``info`` (EngineInfo of the selected engine, from the running probe) shows
        its options without starting it again."""
        configured = self.store.settings.engines
        found = self._found if self._found is not None else discover_engines([], errors=[])
        extra = [entry_of_spec(s) for s in found if s.family != BUILTIN_FAMILY]
        extra = [e for e in extra if not any(same_program(e, c) for c in configured)]
        self._entries = [(e, True) for e in configured] + [(e, False) for e in extra]
        self.list.blockSignals(True)
        self.list.clear()
        for entry, own in self._entries:
            label = entry.name if own else self.tr("%1 (found automatically)").replace("%1", entry.name)
            item = QListWidgetItem(label, self.list)
            item.setToolTip(entry.command)
        if self._entries:
            self.list.setCurrentRow(min(select or 0, len(self._entries) - 1))
        self.list.blockSignals(False)
        row = self.list.currentRow()
        if info is None or row < 0:
            self._show_entry(row)
        else:
            self._show_details(row)
            self._on_options(self._entries[row][0], info)

    def current_entry(self) -> tuple[EngineEntry, bool] | None:
        row = self.list.currentRow()
        return self._entries[row] if 0 <= row < len(self._entries) else None

    def _show_entry(self, row: int) -> None:
        self._close_probe()
        current = self._show_details(row)
        if current is not None and self.isVisible():   # an engine starts only when its options can be seen
            self.status.setText(self.tr("Starting the engine to read its options…"))
            entry = current[0]
            self._start_probe(spec_of_entry(entry, self._families), lambda info: self._on_options(entry, info))

    def _show_details(self, row: int) -> tuple[EngineEntry, bool] | None:
        self._set_form(None)
        current = self._entries[row] if 0 <= row < len(self._entries) else None
        self.remove_button.setEnabled(bool(current and current[1]))
        self.save_button.setEnabled(False)
        self.protocol.setEnabled(current is not None)
        if current is None:
            self.details.setText(self.tr("No engine configured."))
            self._show_protocol(None)
        else:
            self.details.setText(f"{current[0].name}\n{current[0].command}")
            self._show_protocol(current[0])
        return current

    # --------------------------------------------------------------- the protocol
    def _show_protocol(self, entry: EngineEntry | None) -> None:
        protocol = entry.protocol if entry is not None else Protocol.AUTO
        self.protocol.setCurrentIndex(max(0, self.protocol.findData(protocol)))
        family = family_of_entry(entry, self._families) if entry is not None else None
        if family is None or not family.advises_against(protocol):
            self.protocol_warning.hide()
            self.protocol_warning.clear()
            return
        self.protocol_warning.setText(self.tr(
            "Not advised: in %2, %1 scores the same position differently for Red and for Black (measured on "
            "positions with the colours swapped), so its analysis, reviews and matches would lean to one side, "
            "and it does not clear its memory between games. Choose %3 or Automatic.")
            .replace("%1", family.name).replace("%2", protocol.value.upper())
            .replace("%3", family.protocol.value.upper()))
        self.protocol_warning.show()

    def _protocol_chosen(self, index: int) -> None:
        """Save the protocol chosen by hand (Automatic: the family's own) and start the engine in it."""
        current = self.current_entry()
        protocol = self.protocol.itemData(index)
        if current is None or not isinstance(protocol, Protocol):
            return
        # A protocol chosen by hand is kept as chosen (advised_entries leaves it alone); Automatic is no choice.
        entry = replace(current[0], protocol=protocol, protocol_by_hand=protocol is not Protocol.AUTO)
        engines = self._with_entry(entry)
        if self._save(engines):   # a found engine becomes a configured one: its row may move up
            self.refresh(select=next(i for i, e in enumerate(engines) if same_program(e, entry)))
            self.status.setText(self.tr("Protocol saved."))

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        super().showEvent(event)
        if self.probe is None and self.form is None:
            self._show_entry(self.list.currentRow())

    def _set_form(self, form: OptionForm | None) -> None:
        self.form = form
        self.option_scroll.setWidget(form if form is not None else QWidget())

    # --------------------------------------------------------------- probing
    def _start_probe(self, spec: EngineSpec, on_ready: Callable[[EngineInfo], None],
                     on_failed: Callable[[str], None] | None = None) -> None:
        self._close_probe()
        self.probe = EngineProbe(spec, self)
        self.probe.probed.connect(on_ready)
        self.probe.failed.connect(on_failed or self._on_probe_failed)
        self.probe.start()

    def _close_probe(self) -> None:
        if self.probe is not None:
            self.probe.close()
            self.probe = None

    def _on_probe_failed(self, message: str) -> None:
        self.status.setText(self.tr("The engine could not be started: %1").replace("%1", message))
        self.status.setToolTip(self.probe.detail if self.probe is not None else "")

    def _on_options(self, entry: EngineEntry, info: EngineInfo) -> None:
        dialect = info.dialect.value.key.upper()
        self.details.setText(f"{info.name or entry.name}\n{entry.command}\n"
                             + self.tr("Protocol: %1").replace("%1", dialect))
        form = OptionForm(info.options, entry.options, self)
        if self.probe is not None:
            form.button_pressed.connect(self.probe.press)
        self._set_form(form)
        self.save_button.setEnabled(True)
        self.status.setText(self.tr("%n option(s)", "", len(info.options)))

    # --------------------------------------------------------------- actions
    def _ask_for_file(self) -> str:
        folders = dialog_folders()
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Choose an engine program"),
                                              folders.folder(FileKind.ENGINES))
        folders.remember(FileKind.ENGINES, path)
        return path

    def add_from_dialog(self) -> None:
        path = self._choose_file()
        if path:
            self.add_engine_file(path)

    def add_engine_file(self, path: str) -> None:
        """Start the program; once it answers (UCCI or UCI detected) it is added to the user's engines."""
        command = str(Path(path).resolve())
        family = recognise(command, self._families)
        spec = EngineSpec(name=Path(path).name, command=command, family=family.id if family else "unknown")
        self.status.setText(self.tr("Starting %1 to detect its protocol…").replace("%1", spec.name))
        self._start_probe(spec, lambda info: self._on_added(spec, info))

    def _on_added(self, spec: EngineSpec, info: EngineInfo) -> None:
        # A known family speaks its own dialect (families.toml, "auto"); another engine keeps the one it answered.
        name = info.name or spec.name
        entry = EngineEntry(name=name, command=spec.command)
        if family_of_entry(entry, self._families) is None:
            entry = replace(entry, protocol=Protocol(info.dialect.value.key))
        engines = [e for e in self.store.settings.engines if not same_program(e, entry)] + [entry]
        # The engine analysis, review and 残局挑战 started with until now (the first listed but the built-in).
        automatic_before = self._entries[0][0].name if self._entries else BUILTIN_ENGINE
        if self._save(engines):
            self.refresh(select=len(engines) - 1, info=info)
            self.status.setText(self.tr("Added %1 (%2).").replace("%1", entry.name)
                                .replace("%2", info.dialect.value.key.upper()))
            self._ask_roles(entry.name, automatic_before)

    def _ask_roles(self, name: str, automatic_before: str) -> None:
        """Which features start with the new engine (window-modal, no nested event loop)."""
        dialog = self.roles_dialog = EngineRolesDialog(name, self)
        dialog.finished.connect(lambda _result: self._roles_chosen(dialog, name, automatic_before))
        dialog.open()

    def _roles_chosen(self, dialog: EngineRolesDialog, name: str, automatic_before: str) -> None:
        changed = roles_after_adding(self.store.settings.engine_roles, name, dialog.ticked(), automatic_before)
        try:
            for role, value in changed.items():
                self.store.set_key(ROLE_KEYS[role], value)
        except (SettingsError, OSError) as error:
            self.status.setText(str(error))
        dialog.deleteLater()
        if self.roles_dialog is dialog:
            self.roles_dialog = None

    def remove_current(self) -> None:
        current = self.current_entry()
        if current is None or not current[1]:
            return
        engines = [e for e in self.store.settings.engines if not same_program(e, current[0])]
        if self._save(engines):
            self.refresh()

    def save_options(self) -> None:
        """Save the form's changed values as this engine's options (a found engine becomes configured)."""
        current = self.current_entry()
        if current is None or self.form is None:
            return
        entry = replace(current[0], options=self.form.values())
        if self._save(self._with_entry(entry)):
            self.status.setText(self.tr("Options saved."))
            self._entries[self.list.currentRow()] = (entry, True)

    def _with_entry(self, entry: EngineEntry) -> list[EngineEntry]:
        """The configured engines with ``entry`` replacing the one of its program (or added)."""
        engines = list(self.store.settings.engines)
        index = next((i for i, e in enumerate(engines) if same_program(e, entry)), None)
        if index is None:
            engines.append(entry)
        else:
            engines[index] = entry
        return engines

    def _save(self, engines: Iterable[EngineEntry]) -> bool:
        try:
            self.store.set_engines(engines)
        except (SettingsError, OSError) as error:
            self.status.setText(str(error))
            return False
        self.changed.emit()
        return True

    def shutdown(self) -> None:
        """Stop a running probe engine (call when the dialog closes)."""
        self._close_probe()
