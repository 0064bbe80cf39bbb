"""The version of tactics, in one place (read by the package, replays and pyproject)."""

__version__ = "0.1.0"
