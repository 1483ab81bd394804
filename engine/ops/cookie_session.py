"""Flask's own cookie session, kept off the /api paths. The engine keeps its sessions in the
database (engine/accounts/sessions.py); Flask's signed-cookie session is opened and saved on every
request all the same, which on the answer saves is work for nothing: there the null session stands
in (reading it gives nothing, writing to it is an error, so a use that creeps in shows at once)."""

from flask.sessions import SecureCookieSessionInterface

API_PREFIX = "/api/"


class CookieSessionOffApi(SecureCookieSessionInterface):
    def open_session(self, app, request):
        if request.path.startswith(API_PREFIX):
            return None  # Flask puts its null session there and saves nothing
        return super().open_session(app, request)


def init_app(app) -> None:
    app.session_interface = CookieSessionOffApi()
