"""AI tests: register the ``slow`` marker (slow but still run by default)."""

from __future__ import annotations


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: seconds rather than milliseconds, still run by default")
