"""formengine: a schema-driven engine for online application forms."""
