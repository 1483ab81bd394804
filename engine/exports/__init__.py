"""Exports of applications for staff: `formengine export --format csv|json|zip` (see `service`)."""
