"""Certification exams: blueprints, timed sittings, grading, results, certificates."""
