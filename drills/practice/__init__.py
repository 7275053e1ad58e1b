"""Drilling: trainees answer generated scenarios (pages, API, services, selectors)."""
