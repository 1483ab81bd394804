"""Accounts: sign-up, confirmation codes, login, server-side sessions, password reset.

Other domains use `engine.accounts.auth` (login_required, current_user, csrf_protect)
and `engine.accounts.service` (successful_logins, pop_pending_answers).
"""
