"""Progress: mastery per skill, trainee progress, supervisor dashboards, item statistics."""
