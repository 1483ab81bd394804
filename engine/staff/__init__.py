"""Staff: people with roles (reader, exporter, administrator) who sign in at /staff, machines with
scoped tokens, and what they may reach: the list, print views, PDFs, exports, deliveries, the audit."""
