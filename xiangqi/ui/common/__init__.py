"""What every feature shares: the UI language (``i18n``: translators, ``QT_TRANSLATE_NOOP``) and plain-text labels."""
