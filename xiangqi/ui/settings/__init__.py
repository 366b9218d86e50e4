"""The settings dialog (appearance, sound, language, engines, game defaults) and applying the settings."""
