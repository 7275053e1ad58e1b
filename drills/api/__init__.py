"""The REST API under ``/api/v1/`` (DRF): one error shape, ``{"errors": {"<field>": ["..."]}}``."""
