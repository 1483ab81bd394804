"""Every text the staff API answers with, in one place."""

TOKEN_MISSING = "A staff token is required. Ask your administrator for a staff link (formengine staff-token)."
TOKEN_INVALID = "This staff token is not valid. Check that the whole link was copied, or ask for a new one."
TOKEN_EXPIRED = "This staff token expired on {when}. Ask your administrator for a new staff link."
TOKEN_REVOKED = "This staff token has been revoked. Ask your administrator for a new staff link."
TOKEN_IS_SERVICE = (
    "This is a print-view link for one application, not a staff token. Ask your administrator for a staff link."
)
TOKEN_SCOPE = "This token does not allow reading applications."
SIGNED_IN = "Signed in as staff until {when}."
SIGNED_OUT = "Signed out."
APPLICATION_NOT_FOUND = "There is no application {id}."
