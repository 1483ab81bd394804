"""Every text the staff API answers with, in one place."""

TOKEN_MISSING = "A staff token is required. Ask your administrator for a staff token."
TOKEN_INVALID = "This staff token is not valid. Check that the whole token was copied, or ask for a new one."
TOKEN_EXPIRED = "This staff token expired on {when}. Ask your administrator for a new staff token."
TOKEN_REVOKED = "This staff token has been revoked. Ask your administrator for a new staff token."
TOKEN_IS_SERVICE = (
    "This is a print-view link for one application, not a staff token. Ask your administrator for a staff token."
)
TOKEN_SCOPE = "This token does not allow reading applications."
SIGN_IN_NEEDED = "Sign in as staff to continue."
SESSION_IDLE = "Your staff session ended after a time without activity. Sign in again."
SESSION_EXPIRED = "Your staff session has ended. Sign in again."
MEMBER_DISABLED = "This staff account is disabled. Ask an administrator."
SIGN_IN_FAILED = "The e-mail address, password or code is not right, or the code was used already."
SIGN_IN_WAIT = "Too many failed sign-ins. Wait {seconds} seconds, then try again."
SIGNED_IN = "Signed in as {email} until {when}."
SIGNED_OUT = "Signed out."
NO_ROLE = "This staff account has no role. Ask an administrator."
ROLE_NEEDED = "This needs the {role} role. Ask an administrator."
APPLICATION_NOT_FOUND = "There is no application {id}."
MEMBER_NOT_FOUND = "There is no staff member {id}."
EXPORT_TAKEN = (
    "This token has downloaded this export already: a machine's export is downloaded once. Ask with a later"
    " `since` for what is new, or ask your administrator for a new token for another full copy."
)
