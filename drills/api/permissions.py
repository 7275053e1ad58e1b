"""Who may use which part of the API."""

from __future__ import annotations

from typing import Any

from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from drills import access
from drills.models import User


class IsSupervisorOrStaff(BasePermission):
    """Supervisors and staff of a property (and superusers); trainees are refused, since
    the rulings door would answer their drills for them (RULINGS.md)."""

    message = "Only supervisors and staff may ask for rulings."

    def has_permission(self, request: Request, view: Any) -> bool:
        return isinstance(request.user, User) and access.is_team_viewer(request.user)
