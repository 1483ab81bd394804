"""The audit trail: who (a staff member or a token) did what to which application, when and from where."""
