"""Test doubles that speak real protocols (no mocks of our own code)."""
