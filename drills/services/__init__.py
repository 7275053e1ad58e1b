"""Writes: every change to the database goes through a service function here."""
