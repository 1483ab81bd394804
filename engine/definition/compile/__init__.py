"""Compiling a checked definition into the compiled form: per-page JSON Schema, uiSchema and the
tenant's messages (compiler), conditions as JSON Schema (conditions), the rules for hidden answers
(hiding), each language's words (words), and the page schemas as Python source for the server's
validation (codegen)."""
