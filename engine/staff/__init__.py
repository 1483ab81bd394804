"""Staff: read-only access for admissions staff to every application, through a staff token
(`formengine staff-token`): the /staff list, and from it each application's print view and PDF."""
