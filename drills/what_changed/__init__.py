"""What changed (issue 16, item 5): rule changes assigned to the trainees they affect."""
