"""The exam tests' personas (a casino with two teams, their supervisors, staff, an outsider)."""

from tests.exams.conftest import (  # noqa: F401  (fixtures)
    candidate,
    casino,
    client_for,
    other_candidate,
    other_casino,
    other_supervisor,
    outsider,
    personas,
    staff,
    supervisor,
    teams,
)
