"""Application data: profile, answers, last page, web status, validations, submit, tabs,
add-another, anonymous saved drafts and staff service tokens."""
