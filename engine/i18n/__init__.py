"""The translators' side of a form in several languages: gettext catalogues written from the
definition (`formengine translations extract`) and merged into each language's (`update`)."""
