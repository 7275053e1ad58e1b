"""The site's models, one module per area."""

from drills.models.ops import WorkerHeartbeat
from drills.models.people import Property, Role, Team, User
from drills.models.practice import Attempt, AttemptStatus, DrillMode, DrillScenario
from drills.models.rules import RuleSet

__all__ = [
    "Attempt",
    "AttemptStatus",
    "DrillMode",
    "DrillScenario",
    "Property",
    "Role",
    "RuleSet",
    "Team",
    "User",
    "WorkerHeartbeat",
]
