"""The house-rules editor (issue 16): staff edit their property's rule sets on a form, with
the math of the entered values beside it. A plain package, not an app: no models."""
