"""The tenant's retention (tenant.yaml `retention:`) applied: drafts, old submissions and unconfirmed
accounts deleted through the erasure, and drafts' applicants reminded before."""
