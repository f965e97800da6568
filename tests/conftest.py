"""Shared pytest configuration for the boardwright test suite (no fixtures yet)."""
