"""Delivery: each submitted application sent on to where staff work (tenant.yaml `delivery:`), by
e-mail with the PDF attached and by signed webhook, with retries; every attempt recorded."""
