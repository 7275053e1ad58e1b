"""/rules/: a page per rule ID (the house text, the casino's decision, the property's value)."""
